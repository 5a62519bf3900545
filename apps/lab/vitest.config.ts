import { defineConfig } from 'vitest/config';

/**
 * Unit tests of the pure modules (src/**\/*.test.ts, in Node) and the browser tests
 * (test/*.test.ts: the built dist/ served locally and driven in headless Chromium; `pnpm build`
 * first, which turbo does). One file at a time: the machine has two cores.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
