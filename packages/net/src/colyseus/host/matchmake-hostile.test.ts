import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED } from '../../test-support.js';
import { post, start, stopServersAfterEach } from './test-matchmake.js';

stopServersAfterEach();

const MAX = 256;
const ALLOWED = 'https://game.example';

/** Whether a page at `origin` is the server's own: its host is the one the request asked. */
const ownOrigin = (origin: string, own: string) =>
  URL.canParse(origin) && new URL(origin).host === new URL(own).host;

/** What the route must answer a request from `origin` with `body`, on a server at `own`. */
function expected(own: string, origin: string | undefined, body: Uint8Array): number {
  if (origin !== undefined && origin !== ALLOWED && !ownOrigin(origin, own)) return 403;
  if (body.byteLength > MAX) return 413;
  if (body.byteLength === 0) return 200;
  try {
    JSON.parse(new TextDecoder('utf-8').decode(body));
    return 200; // a reservation, or Colyseus's own error in a 200, as colyseus.js reads it
  } catch {
    return 400;
  }
}

/** Bodies a hostile client sends: JSON of any shape, text, bytes, sizes around the limit. */
const bodies = fc.oneof(
  fc.json().map((text) => new TextEncoder().encode(text)),
  fc.string({ maxLength: MAX + 16 }).map((text) => new TextEncoder().encode(text)),
  fc.uint8Array({ maxLength: MAX * 2 }),
  fc.nat(MAX * 4).map((n) => new TextEncoder().encode(`"${'a'.repeat(n)}"`)),
);

describe('the matchmaking route under hostile requests (property, real server)', () => {
  it('answers every body and Origin with the status its checks give, never a 5xx, and goes on serving', async () => {
    const own = await start({
      maxBodyBytes: MAX,
      allowedOrigins: [ALLOWED],
      createsPerClient: 1e9,
    });
    const origins = fc.option(
      fc.oneof(
        fc.constant(ALLOWED),
        fc.constant(own),
        fc.webUrl().map((url) => new URL(url).origin),
        fc.constantFrom('null', 'not a url', `${ALLOWED}:8443`, `${own}/`),
      ),
      { nil: undefined },
    );
    const paths = fc.constantFrom('join/arena', 'joinOrCreate/arena', 'create/nowhere', 'x/arena');
    await fc.assert(
      fc.asyncProperty(origins, bodies, paths, async (origin, body, path) => {
        const response = await fetch(`${own}/matchmake/${path}`, {
          method: 'POST',
          headers: origin === undefined ? {} : { origin },
          body,
        });
        const status = expected(own, origin, body);
        expect(response.status).toBe(status);
        const answer = (await response.json()) as { code?: number; error?: string };
        if (status !== 200) expect(answer.code).toBe(status);
      }),
      { seed: SEED, numRuns: 60 },
    );
    expect((await post(own, 'joinOrCreate/arena')).status).toBe(200);
  });
});
