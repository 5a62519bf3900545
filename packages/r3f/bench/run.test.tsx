import { expect, it } from 'vitest';
import { formatFigures, runBaseline, runSide } from './side-by-side.js';

/**
 * `pnpm bench` (BENCH_BODIES, default "1000,10000"; BENCH_FRAMES, frames timed per side,
 * default 60 under 5 000 bodies and 10 above): at each count the baseline (an empty
 * `<FixedLoop>`: what every side pays for R3F's frame) and the three sides, printed. Not in
 * `pnpm test` (vitest.bench.config.ts only); asserts only that each side ran, never speed.
 */
const counts = (process.env.BENCH_BODIES ?? '1000,10000').split(',').map(Number);
const frames = process.env.BENCH_FRAMES ? Number(process.env.BENCH_FRAMES) : undefined;

it.each(counts)(
  '@loop/r3f beside @react-three/rapier at %i bodies',
  async (count) => {
    console.log(formatFigures(await runBaseline(frames)));
    for (const side of ['loop-rapier', 'loop-bridge', 'react-three-rapier'] as const) {
      const figures = await runSide(side, count, frames);
      console.log(formatFigures(figures));
      expect(figures.steps30).toHaveLength(8);
    }
  },
  1_800_000,
);
