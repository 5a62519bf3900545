import { defineConfig } from 'vitest/config';
import { BROWSER_PROJECT } from './vitest.browser.js';

/**
 * Every test of the lab: the unit tests of the pure modules (src/**\/*.test.ts, in Node), the
 * view's tests (src/**\/*.browser.test.ts, src/view/ built and run in headless Chromium) and the
 * tests of the built page (test/*.test.ts: dist/ served locally and driven in headless Chromium;
 * `pnpm build` first, which turbo does). One file at a time: the machine has two cores.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['src/**/*.browser.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      BROWSER_PROJECT,
    ],
  },
});
