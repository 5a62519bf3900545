import { defineConfig } from 'vitest/config';

/**
 * The Firefox tests of @loop/rapier (src/**\/*.firefox.test.ts): Node tests that drive Debian's
 * Firefox ESR over WebDriver BiDi. A config of their own, run by `pnpm test` after the main one,
 * so the mutation run (which runs vitest.config.ts against every mutant) starts no Firefox.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.firefox.test.ts'],
    environment: 'node',
    // A browser started and a page of inlined WebAssembly loaded on a busy two-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
