import { expect, it } from 'vitest';
import { formatFigures, runSide } from './side-by-side.js';

/**
 * `pnpm bench` (BENCH_BODIES, default "1000,10000"): both sides at each count, printed. Not in
 * `pnpm test` (vitest.bench.config.ts only); asserts only that each side ran, never speed.
 */
const counts = (process.env.BENCH_BODIES ?? '1000,10000').split(',').map(Number);

it.each(counts)(
  '@loop/r3f beside @react-three/rapier at %i bodies',
  async (count) => {
    for (const side of ['loop', 'react-three-rapier'] as const) {
      const figures = await runSide(side, count);
      console.log(formatFigures(figures));
      expect(figures.steps30).toHaveLength(8);
    }
  },
  600_000,
);
