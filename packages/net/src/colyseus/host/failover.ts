/// <reference types="node" />
import { type IncomingMessage, request, type ServerResponse } from 'node:http';

/** Bytes of a request body {@link failover} holds to resend; past it: 413. */
export const FAILOVER_BODY_BYTES = 64 * 1024;

/** Reads `incoming`'s body whole, or undefined past `max` bytes. */
function bodyOf(incoming: IncomingMessage, max: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
    });
    incoming.once('end', () => resolve(size > max ? undefined : Buffer.concat(chunks)));
    incoming.once('error', reject);
  });
}

/**
 * Sends `incoming` (its method, url, headers and `body`) to `target` (`http://host:port`) and
 * pipes the answer to `outgoing`. Resolves true once answered, false when the target could
 * not be reached (nothing was written to `outgoing`, so another may answer).
 */
function forward(
  target: string,
  incoming: IncomingMessage,
  body: Buffer,
  outgoing: ServerResponse,
): Promise<boolean> {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(target);
    const out = request(
      { hostname, port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.once('aborted', () => outgoing.destroy()); // its server died: cut, never end
        answer.pipe(outgoing);
        resolve(true);
      },
    );
    // Only before an answer: once one came, its failures come on it ('aborted', above).
    out.once('error', () => resolve(false));
    out.end(body);
  });
}

/**
 * An HTTP handler that forwards each request to the first of `targets` that answers, starting
 * with the one that answered last: matchmaking for `npm run dev:cluster`, whose page asks
 * through Vite's server, so that any live game process does and one that died costs nothing
 * but the attempt (it matched through the first process only, and nobody could join once that
 * one was gone). Bodies are held to resend them, so they are bounded (413 past
 * {@link FAILOVER_BODY_BYTES}); 502 when no target answers.
 */
export function failover(
  targets: readonly string[],
): (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void> {
  if (targets.length === 0) throw new RangeError('failover needs at least one target, got none');
  let first = 0;
  return async (incoming, outgoing) => {
    const body = await bodyOf(incoming, FAILOVER_BODY_BYTES);
    if (body === undefined) {
      outgoing.writeHead(413).end(`a request body is at most ${FAILOVER_BODY_BYTES} bytes here`);
      return;
    }
    for (let tried = 0; tried < targets.length; tried++) {
      const at = (first + tried) % targets.length;
      if (await forward(targets[at]!, incoming, body, outgoing)) {
        first = at;
        return;
      }
    }
    outgoing.writeHead(502).end(`no game server answered (${targets.join(', ')})`);
  };
}
