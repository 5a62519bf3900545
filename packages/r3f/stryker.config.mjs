// @ts-check
/**
 * Mutation testing of @loop/r3f (`pnpm mutate`), set up as every package's is (see
 * ../../scripts/stryker-template.mjs and ../core/stryker.config.mjs for why each setting is
 * there): its Node tests through @react-three/test-renderer run against each mutant, then
 * ../../scripts/mutation-score.mjs gates the score at 90 %.
 *
 * Not mutated: the tests and their helpers (test-*.ts, test-*.tsx: the worker served over a
 * MessageChannel, the @react-three/rapier bridge's tested copy), and index.ts (re-exports only).
 */
import { templateStrykerConfig } from '../../scripts/stryker-template.mjs';

export default {
  ...templateStrykerConfig(import.meta.resolve('@stryker-mutator/vitest-runner')),
  vitest: { configFile: 'vitest.config.ts' },
  mutate: [
    'src/**/*.ts',
    'src/**/*.tsx',
    '!src/**/*.test.ts',
    '!src/**/*.test.tsx',
    '!src/**/test-*.ts',
    '!src/**/test-*.tsx',
    '!src/index.ts',
  ],
  // Rapier's WebAssembly loaded and React trees mounted per test, under instrumentation.
  timeoutMS: 60_000,
  dryRunTimeoutMinutes: 30,
  thresholds: { high: 95, low: 90, break: null },
};
