import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';

/** The package: Stryker's sandbox copy of it when Stryker runs. */
const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Child processes, not threads, as in vitest.config.ts: a staging test sends its own process a
 * signal, which a worker thread cannot listen for (the signal would end Stryker's test runner),
 * and drops root's ids for a while (seteuid), and main()'s tests change the current folder,
 * none of which a worker thread can.
 * Stryker asks Vitest for threads over every config, so the pool is set again once the project
 * is made.
 */
const forks: Plugin = {
  name: 'create-loop:forks',
  configureVitest({ project }) {
    project.config.pool = 'forks';
  },
};

/**
 * The tests Stryker runs against each mutant of create-loop (stryker.config.mjs names this
 * file): the unit tests next to the code (src/*.test.ts), which import the source Stryker
 * switches mutants in. Left out: test/ (the built CLI, dist/index.js, spawned against fixture
 * templates) and e2e/ (packed tarballs installed, built and served), whose code runs outside
 * the process Stryker switches mutants in, and which take minutes.
 */
/**
 * The test files that need a process of their own: main()'s change the current folder (the
 * hostile-input property test's too: it runs main() in a sandbox), and staging's signal it or
 * drop root's ids.
 */
const OWN_PROCESS = [
  'src/cli-*.test.ts',
  'src/staging-*.test.ts',
  'src/hostile-input.property.test.ts',
];

/**
 * Instrumented code (every mutant behind a switch, coverage per test) runs several times slower
 * on a loaded two-core machine than vitest's 5 s default allows.
 */
const testTimeout = 30_000;

export default defineConfig({
  // The package, not this folder: the paths below are the package's.
  root,
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: OWN_PROCESS,
          environment: 'node',
          testTimeout,
          // One worker for every run: Stryker runs each mutant's tests again, and a worker
          // started for each file would cost more than the tests themselves.
          isolate: false,
        },
      },
      {
        plugins: [forks],
        test: {
          name: 'unit (own process)',
          include: OWN_PROCESS,
          environment: 'node',
          testTimeout,
          isolate: false,
        },
      },
    ],
  },
});
