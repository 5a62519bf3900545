import { describe, expect, it } from 'vitest';
import { createLoop } from '../loop.js';
import { display } from '../test-support/traces.js';

/**
 * The cap's cadence: a cap of F on an H Hz display should space rendered frames floor(H/F) or
 * ceil(H/F) vsyncs apart, never one more and one less in turn (4, 6, 4 where 5, 5, 5 is
 * possible): the rate would still be exact, but the motion judders.
 */
function vsyncGaps(cap: number, hz: number, jitter: number, seed: number): number[] {
  const rendered: number[] = [];
  const stamps = display(hz, 60, { jitter, seed });
  const loop = createLoop({ scheduler: 'manual', maxFps: cap }).start();
  stamps.forEach((t, i) => {
    if (loop.frame(t)) rendered.push(i);
  });
  // the first second learns the vsync period
  const settled = rendered.filter((i) => i >= hz);
  return settled.slice(1).map((i, k) => i - settled[k]!);
}

describe('FPS cap cadence under vsync jitter', () => {
  for (const [cap, hz] of [
    [29, 144],
    [30, 144],
    [41, 165],
    [59, 120],
    [71, 144],
    [22, 240],
  ] as const) {
    it(`spaces a cap of ${cap} on ${hz} Hz ±0.3 ms only ${Math.floor(hz / cap)} or ${Math.ceil(hz / cap)} vsyncs apart`, () => {
      for (const seed of [1, 2, 3]) {
        const gaps = new Set(vsyncGaps(cap, hz, 0.3, seed));
        for (const gap of gaps) {
          expect(gap === Math.floor(hz / cap) || gap === Math.ceil(hz / cap), `gap ${gap}`).toBe(
            true,
          );
        }
      }
    });
  }
});
