import { expect, it } from 'vitest';
import { formatFigures, runSide } from './side-by-side.js';

/**
 * The benchmark's smoke test (in `pnpm test`, seconds): 8 bodies a side. What it checks is what
 * each side does by design, not speed: a 500 ms stall costs ours maxSteps (5) and theirs 30;
 * a 30 Hz frame runs 2 steps on every side; ours draw bodies at their interpolated pose (to the
 * measure's floor) and theirs at the current one, far off.
 */
it('runs the three sides of the R3F benchmark on 8 bodies', async () => {
  const ours = await runSide('loop-rapier', 8);
  const bridge = await runSide('loop-bridge', 8);
  const theirs = await runSide('react-three-rapier', 8);
  for (const figures of [ours, bridge, theirs]) console.log(formatFigures(figures));
  expect(ours.stallSteps).toBe(5);
  expect(bridge.stallSteps).toBe(5);
  expect(theirs.stallSteps).toBe(30);
  for (const side of [ours, bridge, theirs]) {
    expect(side.steps30.slice(1)).toEqual([2, 2, 2, 2, 2, 2, 2]);
  }
  expect(ours.maxError).toBeLessThan(theirs.maxError / 4);
  expect(bridge.maxError).toBeLessThan(theirs.maxError / 4);
}, 60_000);
