// @ts-check
import { incrementalFile } from '../../scripts/stryker-template.mjs';

/**
 * Mutation testing of @loop/core (`pnpm mutate`): Stryker breaks the source one small change at
 * a time and runs the tests that cover it, node and real-browser ones alike; a change no test
 * notices is a surviving mutant. ../../scripts/mutation-score.mjs then checks the score per area.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  // Named by path: under pnpm, Stryker's own "@stryker-mutator/*" lookup cannot see the runner.
  plugins: [import.meta.resolve('@stryker-mutator/vitest-runner')],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.config.ts' },
  coverageAnalysis: 'perTest',
  // The sandbox (a copy of this package, .stryker-tmp/sandbox-*) sits two levels below the repo
  // root, as this package does, so the configs' relative paths (../../tsconfig.base.json,
  // ../../scripts/chromium.mjs) resolve in the copy too.
  tempDirName: '../../.stryker-tmp',
  // So Stryker need not rewrite tsconfig paths in the copy, which it cannot do anyway: that
  // needs TypeScript's JS API, and TypeScript 7 has none. Stryker skips a file that is absent.
  tsconfigFile: 'no-tsconfig-rewrite.json',
  // Results of earlier runs are reused for mutants whose code and covering tests did not change:
  // CI re-tests only what a change touched. The file is committed (mutation/, in the form
  // ../../scripts/mutation-incremental.mjs writes); the test suite's run reads it and writes
  // its own under reports/ (../../scripts/stryker-template.mjs, incrementalFile).
  incremental: true,
  incrementalFile: incrementalFile(),
  mutate: [
    'src/**/*.ts',
    '!src/**/*.test.ts',
    '!src/test-support/**',
    '!src/index.ts',
    '!src/dom/index.ts',
    '!src/replay/index.ts',
    '!src/worker/index.ts',
    '!src/testing/index.ts',
    // The e2e entry finds programs on the machine for a game's end-to-end tests (its finders
    // and skip rule are tested by src/e2e/*.test.ts): test tooling, not the loop, and not yet
    // in the committed mutation run.
    '!src/e2e/**',
  ],
  concurrency: 2,
  timeoutMS: 20_000,
  // The initial run (every test, node and browser, instrumented, with per-test coverage) took
  // over Stryker's default of 5 minutes on a busy two-core machine, which ends the whole run.
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  thresholds: { high: 95, low: 90, break: null },
};
