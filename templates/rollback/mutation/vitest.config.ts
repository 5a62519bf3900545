import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against each mutant (stryker.config.mjs names this file, kept in
 * mutation/ with Stryker's results so create-loop leaves it out of a scaffold): vite.config.ts's
 * `unit` project on its own, without the config's signaling plugin (not mutated). Left out:
 * src/e2e/**, the built page in real browsers, whose code runs there rather than in the process
 * Stryker switches mutants in.
 */
export default defineConfig({
  // The template, not this folder: the paths below are the template's.
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'src/e2e/**'],
    // Seconds of simulated physics under instrumentation: a limit that only ends a hung test.
    testTimeout: 60_000,
  },
});
