import { defineConfig } from 'vitest/config';

/**
 * `pnpm bench`: @loop/r3f beside @react-three/rapier at 1 000 and 10 000 bodies (BENCH_BODIES to
 * choose), printed to the console. Run with --expose-gc (the heap figure collects first). Not in
 * `pnpm test`; it never fails on speed.
 */
export default defineConfig({
  test: {
    include: ['bench/run.test.tsx'],
    environment: 'node',
    pool: 'forks',
    execArgv: ['--expose-gc', '--max-semi-space-size=256'],
    testTimeout: 1_800_000,
    silent: false,
  },
});
