import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED } from '../test-support.js';
import {
  CLOSE_FLOOD,
  CLOSE_MALFORMED,
  CLOSE_OVERSIZE,
  MSG_INPUT,
  MSG_PING,
  MSG_SNAPSHOT,
} from '../wire/messages.js';
import { MAX_REASON_BYTES } from './close-reason.js';
import { FLOOD_LIMIT, MESSAGE_BURST } from './guards.js';
import { DriverHarness } from './test-driver.js';
import { TEST_TICK_RATE, testGame, testInput } from './test-game.js';

/** A payload: raw bytes of any size, well-formed inputs for any tick, nothing, not bytes at all. */
const payload = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc
    .tuple(
      fc.nat(2 ** 32 - 1),
      fc.array(fc.tuple(fc.integer(), fc.integer()), { minLength: 1, maxLength: 20 }),
    )
    .map(([tick, inputs]) => testInput(tick, ...inputs.map(([x, y]) => [x & 0xff, y & 0xff]))),
  fc.constantFrom<unknown>(undefined, null, 'text', 42, { x: 1 }, new ArrayBuffer(8), [1, 2]),
);
/** A message of any type: the room's, others, and out of any range. */
const message = fc.record({
  type: fc.oneof(
    fc.constantFrom(MSG_INPUT, MSG_PING, MSG_SNAPSHOT),
    fc.integer({ min: -1, max: 300 }),
  ),
  payload,
});
/** A trace: bursts of messages, floods of one, and steps between them. */
const trace = fc.array(
  fc.oneof(
    { weight: 6, arbitrary: message.map((m) => ({ ...m, times: 1 })) },
    { weight: 1, arbitrary: message.map((m) => ({ ...m, times: MESSAGE_BURST + FLOOD_LIMIT })) },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 20 }).map((steps) => ({ steps })) },
  ),
  { minLength: 1, maxLength: 40 },
);

describe('a room driven by hostile traces, with no transport (fast-check)', () => {
  it('costs at most the sender its seat, with a known code and a reason that fits, while an honest client gets every snapshot', () => {
    fc.assert(
      fc.property(trace, (events) => {
        const h = new DriverHarness({ reconnectSeconds: 0, snapshotRate: TEST_TICK_RATE });
        const honest = h.join('honest');
        const stranger = h.join('stranger');
        const seat = h.seat(stranger);
        let steps = 0;
        for (const event of events) {
          if ('steps' in event) {
            h.step(event.steps);
            steps += event.steps;
            continue;
          }
          for (let i = 0; i < event.times && !seat.kicked; i++) {
            h.room.message(seat, event.type, event.payload);
          }
        }
        expect(h.room.tick).toBe(steps);
        expect(honest.of(MSG_SNAPSHOT).length).toBe(steps);
        expect([honest.closed, honest.terminated, h.seat(honest).strikes]).toEqual([
          undefined,
          false,
          0,
        ]);
        if (stranger.closed) {
          expect([CLOSE_MALFORMED, CLOSE_OVERSIZE, CLOSE_FLOOD]).toContain(stranger.closed.code);
          expect(Buffer.byteLength(stranger.closed.reason)).toBeLessThanOrEqual(MAX_REASON_BYTES);
        }
        expect(seat.strikes).toBeLessThanOrEqual(10);
        // A stranger's inputs never leave the test game's range.
        expect(Math.max(...Array.from(h.room.inputs, Math.abs))).toBeLessThanOrEqual(100);
        expect(testGame.wire.snapshotBytes).toBe(
          honest.of(MSG_SNAPSHOT)[0]?.byteLength ?? testGame.wire.snapshotBytes,
        );
      }),
      { seed: SEED, numRuns: 100 },
    );
  });
});
