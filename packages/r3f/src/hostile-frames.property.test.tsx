import type { DropReason } from '@loop/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_FRAME_MS } from './frame-source.js';
import { frame, mount, SEED } from './test-support.js';
import { useFixedUpdate } from './use-fixed-update.js';

/** Counts every step into `log.steps`. */
function Counter({ log }: { log: { steps: number } }) {
  useFixedUpdate(() => {
    log.steps++;
  });
  return null;
}

/**
 * Frame deltas in seconds as `useFrame` may hand them from a hostile clock: ordinary frames,
 * zero-length ones, a clock that steps back, huge gaps (a sleeping laptop), and junk.
 */
const delta = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: 0, max: 0.05, noNaN: true }) },
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.double({ min: -10, max: 0, noNaN: true }) },
  { weight: 1, arbitrary: fc.double({ min: 0.2, max: 1e6, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e300, -0) },
);

const options = fc.record({
  timestep: fc.constantFrom(1000 / 60, 1000 / 30, 10, 1000 / 144, 1),
  maxDelta: fc.constantFrom(50, 250, 1000),
  maxSteps: fc.integer({ min: 1, max: 12 }),
});

/** What one frame of `seconds` owes the loop, in ms, by the package's rule for deltas. */
function owed(seconds: number): number {
  return seconds > 0 ? Math.min(seconds * 1000, MAX_FRAME_MS) : 0;
}

describe('<FixedLoop> over hostile frame-time traces (fast-check, recorded seed)', () => {
  it('never runs more than maxSteps a frame, and loses time only by the maxDelta and maxSteps rules', async () => {
    await fc.assert(
      fc.asyncProperty(
        options,
        fc.array(delta, { minLength: 1, maxLength: 120 }),
        async (opts, trace) => {
          const log = { steps: 0 };
          const dropped: Record<DropReason, number> = { maxDelta: 0, maxSteps: 0 };
          const { renderer, loop } = await mount(<Counter log={log} />, {
            ...opts,
            onDrop: (ms, reason) => {
              dropped[reason] += ms;
            },
          });
          try {
            frame(renderer, 1 / 60); // the baseline: owes nothing
            let real = 0;
            let clamped = 0;
            for (const seconds of trace) {
              const before = log.steps;
              frame(renderer, seconds);
              expect(log.steps - before).toBeLessThanOrEqual(opts.maxSteps);
              real += owed(seconds);
              clamped += Math.min(owed(seconds), opts.maxDelta);
            }
            const live = loop();
            expect(live.tick).toBe(log.steps);
            expect(live.alpha).toBeGreaterThanOrEqual(0);
            expect(live.alpha).toBeLessThan(1);
            const simulated = live.tick * opts.timestep;
            const tolerance = 1e-6 * (trace.length + 1) + 1e-12 * real;
            // Never gains time: no more steps than the clamped frames hold.
            expect(simulated).toBeLessThanOrEqual(clamped + tolerance);
            // Every millisecond is accounted for: stepped, left over, or dropped by a stated rule.
            expect(dropped.maxDelta).toBeCloseTo(real - clamped, 3);
            const accounted = simulated + live.lag * 1000 + dropped.maxDelta + dropped.maxSteps;
            expect(Math.abs(accounted - real)).toBeLessThanOrEqual(tolerance + 1e-3);
          } finally {
            await renderer.unmount();
          }
        },
      ),
      { seed: SEED, numRuns: 100 },
    );
  });
});
