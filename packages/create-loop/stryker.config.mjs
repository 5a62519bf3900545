// @ts-check
import { incrementalFile } from '../../scripts/stryker-template.mjs';

/**
 * Mutation testing of create-loop (`pnpm mutate`), set up as @loop/core's is
 * (packages/core/stryker.config.mjs says why each shared setting is there): Stryker breaks the
 * source one small change at a time and runs the unit tests that cover it; a change no test
 * notices is a surviving mutant. ../../scripts/mutation-score.mjs then checks the score.
 * Not in the package's files: nothing here ships.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  // Named by path: under pnpm, Stryker's own "@stryker-mutator/*" lookup cannot see the runner.
  plugins: [import.meta.resolve('@stryker-mutator/vitest-runner')],
  testRunner: 'vitest',
  // The unit tests only (mutation/vitest.config.ts says which are left out and why).
  vitest: { configFile: 'mutation/vitest.config.ts' },
  coverageAnalysis: 'perTest',
  // The sandbox sits two levels below the repo root, as this package does.
  tempDirName: '../../.stryker-tmp',
  // TypeScript 7 has no JS API for Stryker to rewrite tsconfig paths with; it skips a file
  // that is absent.
  tsconfigFile: 'no-tsconfig-rewrite.json',
  // The committed results (mutation/), reused for mutants whose code and covering tests did
  // not change; the test suite's check run reads them and writes its own under reports/.
  incremental: true,
  incrementalFile: incrementalFile(),
  mutate: [
    'src/**/*.ts',
    '!src/**/*.test.ts',
    // The bin: it turns main()'s outcome into an exit status and a line on stderr, as a
    // template's main.ts wires its page; the spawned CLI's tests (test/cli.test.ts) check both.
    '!src/index.ts',
  ],
  concurrency: 2,
  timeoutMS: 20_000,
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 95, low: 85, break: null },
};
