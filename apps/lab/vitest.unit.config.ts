import { defineConfig } from 'vitest/config';

/**
 * The Node unit tests alone (src/**\/*.test.ts): what Stryker runs per mutant (`pnpm mutate`).
 * The browser tests (test/) drive the built dist/, not the sandbox's mutated src/, so they could
 * not notice a mutant and would only make each run slower.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
  },
});
