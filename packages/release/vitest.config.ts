import { defineConfig } from 'vitest/config';

/**
 * The release checks (test/*.test.ts), run by `pnpm test` after turbo has built @loop/core and
 * create-loop. The dry run builds and packs both in a copy of the repository, so its hooks get
 * minutes on a busy 2-core machine; nothing here measures time.
 */
export default defineConfig({
  test: {
    // And the repository's own checks beside the scripts they check (../../scripts/*.test.mjs:
    // the clean clone, the mutation gate), which need no package of their own.
    include: ['test/**/*.test.ts', '../../scripts/*.test.mjs'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
