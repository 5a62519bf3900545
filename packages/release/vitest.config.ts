import { defineConfig } from 'vitest/config';

/**
 * The release checks (test/*.test.ts), run by `pnpm test` after turbo has built @loop/core and
 * create-loop. The dry run builds and packs both in a copy of the repository, so its hooks get
 * minutes on a busy 2-core machine; nothing here measures time.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
