import { defineConfig } from 'vitest/config';

/**
 * The slow end-to-end tests, `npm run test:e2e`: a real Chromium with two pages, a Redis and two
 * game processes, bots under load, and the check that the first two skip (or fail, in CI) where
 * their programs are missing. `npm test` runs every other test, in seconds.
 */
const E2E = [
  'src/**/*.browser.test.ts',
  'src/**/*.e2e.test.ts',
  'src/server/cluster.test.ts',
  'src/bench/load.test.ts',
];

/**
 * The tests' own config, so Vitest never loads vite.config.ts (whose dev plugin starts a game
 * server): each test starts and stops the servers it needs, on free loopback ports. Two
 * projects: `unit` (`npm test`) and `e2e` (`npm run test:e2e`), whose global setup finds the
 * browser and the redis-server (src/e2e/tools.global-setup.ts). `vitest run` alone runs both.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: E2E,
          // Real servers and long property runs: seconds each on a loaded machine (a limit that
          // only ends a hung test; nothing is timed).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: E2E,
          globalSetup: ['src/e2e/tools.global-setup.ts'],
          // One file at a time: a browser drawing at 60 fps, game processes and bots measuring
          // each other's CPU would make each other's timing-bound checks flake on a small machine.
          fileParallelism: false,
          // Starting Redis and game processes, Vite and Chromium takes seconds on a loaded machine.
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
