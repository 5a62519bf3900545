import { createRequire } from 'node:module';
import type { Room } from 'colyseus.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLOSE_JOIN_TIMEOUT, MAX_REASON_BYTES } from '../../server/close-reason.js';
import { DEFAULT_LIMITS } from '../../server/limits.js';
import { SEED } from '../../test-support.js';
import {
  CLOSE_FLOOD,
  CLOSE_MALFORMED,
  CLOSE_OVERSIZE,
  MSG_INPUT,
  MSG_PING,
  MSG_SNAPSHOT,
} from '../../wire/messages.js';
import { Harness, type TestRoom, until } from './test-harness.js';
import { closed, drained, rawJoin } from './test-sockets.js';

const require = createRequire(import.meta.url);
const { pack } = createRequire(require.resolve('@colyseus/core'))('@colyseus/msgpackr') as {
  pack(value: unknown): Uint8Array;
};

/** msgpack's encoding of a string (fixstr or str8): how Colyseus writes a message type by name. */
function named(name: string): number[] {
  const bytes = [...new TextEncoder().encode(name)];
  return bytes.length < 32 ? [0xa0 | bytes.length, ...bytes] : [0xd9, bytes.length, ...bytes];
}

/** Every code of Colyseus's protocol a client could send, and the bytes around them. */
const code = fc.oneof(
  fc.constantFrom(10, 11, 12, 13, 14, 15, 16, 17),
  fc.integer({ min: 0, max: 255 }),
);
/** A message type: the room's, others by number, by name (Colyseus's own too), and broken ones. */
const type = fc.oneof(
  fc.constantFrom(MSG_INPUT, MSG_PING, MSG_SNAPSHOT, 99, 0x7f).map((n) => [n]),
  fc
    .constantFrom('__no_message_handler', '*', '__proto__', 'constructor', 'toString', 'teleport')
    .map(named),
  fc.string({ maxLength: 60 }).map(named),
  fc.constantFrom(
    [0xd9, 200], // str8 longer than the frame
    [0xda, 0xff, 0xff], // str16, 65 535 bytes announced
    [0xdb, 0xff, 0xff, 0xff, 0xff], // str32, 4 GiB announced
    [0xcb, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0], // NaN as a float64 type
    [0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], // 2^64 − 1
    [0xcc], // uint8 with no byte
    [],
  ),
);
/** A payload: raw bytes, msgpack values (long strings, NaN, huge numbers, objects), oversized. */
const payload = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc
    .oneof(
      fc.integer({ min: 90, max: 300 }).map((n) => 'x'.repeat(n)),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 1e308, -(2 ** 63), 2 ** 64),
      fc.object({ maxDepth: 3 }),
      fc.array(fc.double(), { maxLength: 8 }),
    )
    .map((value) => [...pack(value)]),
  fc.constant(new Uint8Array(5000)), // past the transport's 4 KiB frame limit
);
const frame = fc.oneof(
  {
    weight: 9,
    arbitrary: fc.tuple(code, type, payload).map(([c, t, p]) => new Uint8Array([c, ...t, ...p])),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 100 }) }, // a text frame where bytes belong
);

/**
 * How the room, or `ws` under it, may close a hostile client: never anything else. 4000 is
 * Colyseus's answer to a client's own LEAVE_ROOM.
 */
const CLOSES = [CLOSE_MALFORMED, CLOSE_OVERSIZE, CLOSE_FLOOD, CLOSE_JOIN_TIMEOUT, 4000, 1007, 1009];

describe('every message type and shape a client can send (fast-check, real server and sockets)', () => {
  let harness: Harness;
  let arena: TestRoom;
  const honest: Room[] = [];
  const snapshots = [0, 0];
  const lines: string[] = [];

  beforeAll(async () => {
    harness = await Harness.start({ reconnectSeconds: 0, log: (line) => lines.push(line) });
    for (let i = 0; i < 2; i++) {
      const joined = await harness.join();
      arena = joined.arena;
      joined.room.onMessage(MSG_SNAPSHOT, () => snapshots[i]!++);
      honest.push(joined.room);
    }
  });
  afterAll(() => harness.stop());

  it('costs at most its sender a kick with a reason, while the honest clients get every snapshot', async () => {
    const errors = vi.spyOn(console, 'error');
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(frame, { minLength: 1, maxLength: 30 }),
        fc.boolean(),
        async (frames, ack) => {
          runs++;
          const join = await rawJoin(harness, ack);
          const cut = closed(join.socket);
          let code = 0;
          let reason = '';
          void cut.then(([c, r]) => {
            code = c;
            reason = r;
          });
          for (const f of frames) join.socket.send(f);
          await drained(join);
          const tick = arena.driver.tick;
          const expected = snapshots.map((n) => n + 10);
          harness.step(arena, 30); // 10 snapshots at 20 Hz
          await until(() => snapshots.every((n, i) => n >= expected[i]!), 'the snapshots');
          expect([arena.driver.tick - tick, ...snapshots]).toEqual([30, ...expected]);
          expect(honest.map((room) => room.connection.isOpen)).toEqual([true, true]);
          join.socket.terminate();
          await cut;
          if (code !== 1006) {
            expect(CLOSES).toContain(code);
            expect(Buffer.byteLength(reason)).toBeLessThanOrEqual(MAX_REASON_BYTES);
          }
          await until(() => arena.clients.length === 2, 'the hostile client to leave');
        },
      ),
      { seed: SEED, numRuns: 40 },
    );
    // No stack traces: each kick is a line, and the rest is rate-limited.
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(lines.length).toBeLessThanOrEqual(DEFAULT_LIMITS.logBurst + runs);
  });
});
