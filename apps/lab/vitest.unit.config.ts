import { defineConfig } from 'vitest/config';
import { BROWSER_PROJECT } from './vitest.browser.js';

/**
 * The tests of src/, what Stryker runs per mutant (`pnpm mutate`): the Node unit tests
 * (src/**\/*.test.ts) and the view's tests in Chromium (src/**\/*.browser.test.ts, which build
 * src/ themselves). The tests of the built page (test/) drive dist/, not the sandbox's mutated
 * src/, so they could not notice a mutant and would only make each run slower.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.browser.test.ts'],
          environment: 'node',
          fileParallelism: false,
        },
      },
      BROWSER_PROJECT,
    ],
  },
});
