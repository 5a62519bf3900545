import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Set in Stryker's test runners (`pnpm mutate`). The allocation test measures heap growth per
 * frame: under mutation instrumentation (which allocates itself) it measures Stryker, not the
 * hooks, so mutation runs leave it out. `pnpm test` always runs it.
 */
const mutating = process.env.STRYKER_MUTATOR_WORKER !== undefined;

/**
 * @loop/r3f's tests run in Node: React Three Fiber through @react-three/test-renderer, no DOM, no
 * WebGL. The benchmark beside @react-three/rapier runs here only as its smoke test (8 bodies);
 * `pnpm bench` runs it in full (vitest.bench.config.ts).
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/smoke.test.tsx'],
    exclude: [...configDefaults.exclude, ...(mutating ? ['src/alloc.test.tsx'] : [])],
    environment: 'node',
  },
});
