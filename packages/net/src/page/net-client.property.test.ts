import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED } from '../test-support.js';
import { MSG_PONG, MSG_SNAPSHOT } from '../wire/messages.js';
import { setup, toyWire } from './test-client.js';
import { encodeToy, ToyWorld } from './test-game.js';

/** One event of a hostile trace: a snapshot of some tick (any order, again, or never), a pong with any numbers, a frame at a local time that may step back. */
const event = fc.oneof(
  fc.record({
    kind: fc.constant('snapshot' as const),
    tick: fc.nat(300),
    ack: fc.integer({ min: -1, max: 400 }),
    missed: fc.nat(0xffff),
    slot: fc.constantFrom(0, 1, 255),
  }),
  fc.record({
    kind: fc.constant('pong' as const),
    sent: fc.oneof(fc.double(), fc.integer({ min: -1000, max: 10_000 })),
    server: fc.oneof(fc.double(), fc.integer({ min: -1000, max: 10_000 })),
  }),
  fc.record({ kind: fc.constant('frame' as const), dt: fc.integer({ min: -200, max: 200 }) }),
  fc.record({
    kind: fc.constant('junk' as const),
    length: fc.oneof(fc.nat(400), fc.constant(toyWire.snapshotBytes)),
  }),
);

describe('NetClient over hostile traces', () => {
  it('property: never throws, and never moves its render time, acknowledgement, reconciled tick or lead out of bounds', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 120 }), (trace) => {
        const { t, link, client, frame } = setup();
        const worlds = Array.from({ length: 301 }, () => new ToyWorld());
        let renderTime = client.renderTime;
        let ack = client.ack;
        let reconciled = client.predictor.reconciled;
        let newest = -1;
        let stale = 0;
        for (const e of trace) {
          if (e.kind === 'snapshot') {
            const world = worlds[e.tick]!;
            world.tick = e.tick;
            encodeToy(frame, world);
            if (e.tick < newest) stale++;
            else newest = e.tick;
            link.deliver(MSG_SNAPSHOT, frame.stamp(e.ack, e.missed, e.slot).slice());
          } else if (e.kind === 'pong') {
            link.deliver(MSG_PONG, new Uint8Array(new Float64Array([e.sent, e.server]).buffer));
          } else if (e.kind === 'junk') {
            // Junk of a snapshot's length reads as one of tick 2³² − 1, ack −1, slot 255.
            if (e.length === toyWire.snapshotBytes) newest = 2 ** 32 - 1;
            link.deliver(MSG_SNAPSHOT, new Uint8Array(e.length).fill(0xff));
            link.deliver(MSG_PONG, new Uint8Array(e.length % 20));
          } else {
            t.now += e.dt;
            client.update();
            client.draw();
          }
          expect(client.renderTime).toBeGreaterThanOrEqual(renderTime);
          expect(client.ack).toBeGreaterThanOrEqual(ack);
          expect(client.predictor.reconciled).toBeGreaterThanOrEqual(reconciled);
          expect(client.lead).toBeGreaterThanOrEqual(client.inputLead.min);
          expect(client.lead).toBeLessThanOrEqual(client.inputLead.max);
          expect(Number.isNaN(client.delay.current)).toBe(false);
          renderTime = client.renderTime;
          ack = client.ack;
          reconciled = client.predictor.reconciled;
        }
        expect(client.counts.stale).toBe(stale);
        expect(client.predictor.reconciled).toBe(newest);
      }),
      { seed: SEED, numRuns: 150 },
    );
  });
});
