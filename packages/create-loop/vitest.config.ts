import { defineConfig } from 'vitest/config';

/**
 * Three projects, all run by `pnpm test` (turbo builds first):
 *   unit  the pure helpers, next to the code (src/*.test.ts)
 *   cli   the built CLI (dist/index.js) spawned against fixture templates (test/*.test.ts)
 *   e2e   pack @loop/core and create-loop, scaffold every real template with `npm exec`,
 *         install, type-check, build, serve and check it in headless Chromium
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Child processes, not threads: a staging test sends itself a signal, and another
          // drops root's ids for a while (seteuid), which a worker thread cannot.
          pool: 'forks',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'cli',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // One template after another: the machine has two cores and one Chromium.
          fileParallelism: false,
          // After unit and cli, not beside them.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
