import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { isUncaughtOnPurpose } from './src/test-support/uncaught.js';

/**
 * Set in Stryker's test runners (`pnpm mutate`). The allocation guard measures heap growth over
 * 200 000 frames with forced collections: under mutation instrumentation it takes minutes and
 * tests memory, not behaviour, so mutation runs leave it out; so is the test of the built
 * package's export conditions, which reads dist/ (Stryker mutates the source), and so is the
 * worker transport's stress test (100 000 snapshots of 64 KB a transport: a minute of copying
 * that every worker mutant would repeat; the node tests of the transport cover its logic).
 * `pnpm test` always runs all three.
 */
const mutating = process.env.STRYKER_MUTATOR_WORKER !== undefined;

/**
 * Cross-origin isolation for the browser tests, as a game's host sends it: without these two
 * headers a page has no SharedArrayBuffer, and the worker transport's shared half cannot run.
 */
const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  test: {
    // The browser project's run/errors.browser.test.ts lets one hook error escape from
    // requestAnimationFrame on purpose, as the README says it does; that error only is not a
    // failure. Set here: Vitest 4.1 reads onUnhandledError from the root config, not a project's.
    onUnhandledError: (error) => !isUncaughtOnPurpose(error),
    projects: [
      {
        test: {
          name: 'node',
          // The property tests step hundreds of thousands of frames: a second or two alone, far
          // more under Stryker's instrumentation on a busy two-core machine, where Vitest's 5 s
          // default failed the initial run with nothing wrong.
          testTimeout: 30_000,
          include: ['src/**/*.test.ts'],
          exclude: [
            'src/**/*.browser.test.ts',
            ...(mutating ? ['src/alloc.test.ts', 'src/conditions.test.ts'] : []),
          ],
          environment: 'node',
        },
      },
      {
        server: { headers: ISOLATION },
        test: {
          name: 'browser',
          include: ['src/**/*.browser.test.ts'],
          exclude: mutating ? ['src/worker/stress.browser.test.ts'] : [],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
