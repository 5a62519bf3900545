/// <reference types="node" />
import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchMaker } from '@colyseus/core';
import { matchmakingClient } from './creation-gate.js';

/** Settings of {@link matchmakeRoute}; the defaults are {@link startServer}'s. */
export interface MatchmakeOptions {
  /**
   * Origins (`https://game.example`) besides the server's own whose pages may matchmake here.
   * Default none: a page matchmakes from the origin it was served from (`npm start`, or
   * through `npm run dev`'s proxy), and a page of any other site is refused with 403.
   */
  allowedOrigins?: readonly string[];
  /** The largest request body (join options, JSON) read, in bytes; default 4096. Past it: 413. */
  maxBodyBytes?: number;
  /**
   * The address a client is counted by (createsPerClient). Default the connection's peer
   * address: headers such as X-Forwarded-For are the client's to write, so only a server
   * behind a proxy it trusts should read them, here.
   */
  clientAddress?: (request: IncomingMessage) => string;
  /**
   * Checks a request's join options before any room is found or made: what is wrong with them
   * (the 400's reason), or undefined when they may join `roomName`. Default: any.
   */
  checkOptions?: (roomName: string, options: unknown) => string | undefined;
}

/**
 * A {@link MatchmakeOptions.clientAddress} for a server behind one proxy it trusts (Caddy,
 * nginx, a host's router): the last address in X-Forwarded-For, the one that proxy added for
 * the peer it saw (earlier ones are the client's to write), else the connection's peer.
 */
export function forwardedFor(request: IncomingMessage): string {
  const header = request.headers['x-forwarded-for'];
  const list = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  return list[list.length - 1]!.trim() || (request.socket.remoteAddress ?? '');
}

/** {@link MatchmakeOptions} with every default applied. */
export type ResolvedMatchmakeOptions = Required<MatchmakeOptions>;

/** Applies the defaults and checks every option (a RangeError names the option and its value). */
export function resolveMatchmakeOptions(options: MatchmakeOptions = {}): ResolvedMatchmakeOptions {
  const allowedOrigins = options.allowedOrigins ?? [];
  for (const origin of allowedOrigins) {
    if (typeof origin !== 'string' || !URL.canParse(origin) || new URL(origin).origin !== origin) {
      throw new RangeError(
        `allowedOrigins must hold origins such as https://game.example, got ${String(origin)}`,
      );
    }
  }
  const maxBodyBytes = options.maxBodyBytes ?? 4096;
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 2 || maxBodyBytes > 1 << 20) {
    throw new RangeError(
      `maxBodyBytes must be an integer from 2 to ${1 << 20}, got ${String(maxBodyBytes)}`,
    );
  }
  return {
    allowedOrigins,
    maxBodyBytes,
    clientAddress: options.clientAddress ?? ((request) => request.socket.remoteAddress ?? ''),
    checkOptions: options.checkOptions ?? (() => undefined),
  };
}

/** Answers `status` with `{ code, error }`, as Colyseus answers its errors (colyseus.js reads `error`). */
function refuse(
  response: ServerResponse,
  headers: Record<string, string>,
  status: number,
  error: string,
): void {
  response
    .writeHead(status, { ...headers, 'content-type': 'application/json', connection: 'close' })
    .end(JSON.stringify({ code: status, error }));
}

/**
 * Whether a request's Origin may matchmake: none (not a browser's request: a bot, a server),
 * the server's own (the Origin's host is the request's Host), or one allowed by name.
 */
function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  return URL.canParse(origin) && new URL(origin).host === host;
}

/** Reads a request's body up to `max` bytes; resolves undefined past it (reading stops). */
function body(request: IncomingMessage, max: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        request.off('data', onData).pause();
        resolve(undefined);
      } else chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
  });
}

/**
 * Colyseus's matchmaking over HTTP (`POST …/matchmake/<method>/<room>`, what colyseus.js
 * sends), in place of its own handler, which echoes any Origin with credentials allowed and
 * reads a body of any size: here a page of another site is refused (403), a body past
 * `maxBodyBytes` is refused as soon as it is known to be (413, reading no further), and a
 * request that would make a room passes through the creation gate (429, 503: see
 * creation-gate.ts) with its client's address. Colyseus's own errors keep its answer (200 with
 * `{ code, error }`), so colyseus.js reads them as before.
 */
export function matchmakeRoute(
  options: ResolvedMatchmakeOptions,
): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  return async (request, response) => {
    const origin = request.headers.origin;
    const headers: Record<string, string> = { vary: 'Origin' };
    if (!originAllowed(origin, request.headers.host, options.allowedOrigins)) {
      refuse(response, headers, 403, `origin ${origin} may not matchmake here (allowedOrigins)`);
      return;
    }
    if (origin !== undefined) {
      headers['access-control-allow-origin'] = origin;
      headers['access-control-allow-credentials'] = 'true';
    }
    if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) {
      refuse(response, headers, 503, 'this process is shutting down');
      return;
    }
    if (request.method === 'OPTIONS') {
      headers['access-control-allow-methods'] = 'POST, OPTIONS';
      headers['access-control-allow-headers'] = 'Content-Type, Accept, Authorization';
      headers['access-control-max-age'] = '600';
      response.writeHead(204, headers).end();
      return;
    }
    if (request.method !== 'POST') {
      refuse(response, headers, 405, `${request.method} is not a matchmaking method; POST is`);
      return;
    }
    const tooLarge = `a matchmaking body is at most ${options.maxBodyBytes} bytes (maxBodyBytes)`;
    if (Number(request.headers['content-length'] ?? 0) > options.maxBodyBytes) {
      refuse(response, headers, 413, tooLarge);
      return;
    }
    const bytes = await body(request, options.maxBodyBytes);
    if (bytes === undefined) {
      refuse(response, headers, 413, tooLarge);
      return;
    }
    let clientOptions: unknown;
    try {
      clientOptions = bytes.length === 0 ? {} : JSON.parse(bytes.toString('utf8'));
    } catch {
      refuse(response, headers, 400, 'the matchmaking body is not JSON');
      return;
    }
    const parts = new URL(request.url ?? '/', 'http://matchmake').pathname.split('/');
    const at = parts.indexOf(matchMaker.controller.matchmakeRoute);
    const [method = '', roomName = ''] = parts.slice(at + 1);
    const problem = options.checkOptions(roomName, clientOptions);
    if (problem !== undefined) {
      refuse(response, headers, 400, problem);
      return;
    }
    const address = options.clientAddress(request);
    await invoke(request, response, headers, [method, roomName, clientOptions], address);
  };
}

/** Runs Colyseus's matchmaker's `method` for `roomName`, as the client `address`. */
async function invoke(
  request: IncomingMessage,
  response: ServerResponse,
  headers: Record<string, string>,
  [method, roomName, clientOptions]: [string, string, unknown],
  address: string,
): Promise<void> {
  const authorization = request.headers.authorization ?? '';
  const auth = {
    token: authorization.startsWith('Bearer ') ? authorization.slice(7) : undefined,
    headers: request.headers,
    ip: address,
    req: request,
  };
  try {
    const reservation = await matchmakingClient.run(address, () =>
      matchMaker.controller.invokeMethod(method, roomName, clientOptions as object, auth as never),
    );
    response
      .writeHead(200, { ...headers, 'content-type': 'application/json' })
      .end(JSON.stringify(reservation));
  } catch (error) {
    const { code, message } = error as { code?: number; message: string };
    if (code === 429 || code === 503) refuse(response, headers, code, message);
    else {
      response
        .writeHead(200, { ...headers, 'content-type': 'application/json' })
        .end(JSON.stringify({ code, error: message }));
    }
  }
}
