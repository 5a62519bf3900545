import { defineConfig } from 'vitest/config';

/**
 * The site test (test/site.test.ts): the built dist/ served under a sub-path and crawled in
 * headless Chromium. `pnpm test` after `pnpm build` (turbo runs the build first). One page at
 * a time in one browser: the machine has two cores and the apps render WebGL on the CPU.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
