import { defineConfig } from 'vitest/config';

/**
 * The slow tests, `npm run test:e2e`: Chromium, Redis, game processes, the dev server, bots
 * under load.
 */
const E2E = ['src/**/*.e2e.test.ts', 'src/**/*.browser.test.ts'];

/**
 * The tests' own config, so Vitest never loads vite.config.ts (whose plugin starts a game
 * server). `npm test` runs project `unit`, the game's tests, in seconds; `npm run test:e2e`
 * runs `e2e` one file at a time (a browser at 60 fps and bots would skew each other on a small
 * machine), after src/e2e/tools.global-setup.ts finds Chromium and redis-server.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: E2E,
          // A limit that only ends a hung test (real servers, property runs); nothing is timed.
          testTimeout: 30_000,
          // One module graph per worker: Colyseus and Vite's transforms load once, not once a
          // file (two thirds of the run's CPU). Each test stops the servers it starts.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: E2E,
          globalSetup: ['src/e2e/tools.global-setup.ts'],
          fileParallelism: false,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
