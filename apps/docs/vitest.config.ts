import { defineConfig } from 'vitest/config';

/**
 * The docs' tests compile every code sample and open the built site in Chromium: seconds each
 * on a busy two-core machine, far past Vitest's 5 s default, so every test gets a minute.
 */
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 },
});
