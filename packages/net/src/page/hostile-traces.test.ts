import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED } from '../test-support.js';
import { InterpolationDelay, MAX_DELAY_MS } from './interpolation-delay.js';
import { CLOCK_SLEW_MS, ServerClock } from './server-clock.js';

/** Any number a stranger's pong or a broken clock may give: huge, negative, NaN, infinite. */
const absurd = fc.oneof(
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 2 ** 53),
  fc.integer({ min: -1e6, max: 1e6 }),
);

describe('the page side over hostile traces', () => {
  it('property: ServerClock takes absurd pongs and a local clock that steps back without throwing; only finite, causal samples count', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(absurd, absurd, absurd), { maxLength: 60 }), (pongs) => {
        const clock = new ServerClock();
        let taken = 0;
        for (const [sent, server, received] of pongs) {
          const rtt = received - sent;
          const ok =
            rtt >= 0 &&
            Number.isFinite(rtt) &&
            Number.isFinite(server) &&
            Number.isFinite(received);
          const before = clock.offset;
          expect(clock.sample(sent, server, received)).toBe(ok);
          if (!ok) {
            expect(Object.is(clock.offset, before)).toBe(true);
            continue;
          }
          taken++;
          expect(clock.synced).toBe(true);
          expect(Number.isFinite(clock.offset)).toBe(true);
          expect(clock.rtt).toBeGreaterThanOrEqual(clock.minRtt);
        }
        expect(clock.refused).toBe(pongs.length - taken);
        expect(clock.synced).toBe(taken > 0);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('property: once synced, a pong moves the offset in force by at most the slew, or jumps onto an estimate', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.integer({ min: -50, max: 400 }), fc.integer({ min: -5000, max: 5000 })),
          {
            minLength: 2,
            maxLength: 80,
          },
        ),
        (trace) => {
          const clock = new ServerClock();
          let local = 1000;
          for (const [rtt, skew] of trace) {
            local += 7; // the local clock may also step back: received before sent is refused
            const before = clock.offset;
            const took = clock.sample(local, local + skew, local + rtt);
            expect(took).toBe(rtt >= 0);
            if (!took || Number.isNaN(before)) continue;
            const moved = Math.abs(clock.offset - before);
            expect(moved <= CLOCK_SLEW_MS + 1e-9 || moved > 100).toBe(true);
          }
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('property: InterpolationDelay over reordered, duplicated and lost snapshots stays within its bounds and moves at most its rate', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: -20, max: 200 }),
            fc.integer({ min: 0, max: 2000 }),
            fc.nat(100),
          ),
          {
            maxLength: 120,
          },
        ),
        (trace) => {
          const delay = new InterpolationDelay(50);
          for (const [tick, arrival, elapsed] of trace) {
            delay.arrived(tick * 50, arrival);
            expect(delay.target).toBeGreaterThanOrEqual(100);
            expect(delay.target).toBeLessThanOrEqual(MAX_DELAY_MS);
            const before = delay.current;
            delay.advance(elapsed);
            expect(Math.abs(delay.current - before)).toBeLessThanOrEqual(elapsed * 0.1 + 1e-9);
            expect(Number.isFinite(delay.current)).toBe(true);
          }
          expect(delay.received).toBe(trace.length);
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });
});
