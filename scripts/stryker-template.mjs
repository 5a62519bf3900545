// @ts-check
/**
 * The Stryker configuration of a template (`pnpm mutate` in templates/<name>), shared so the
 * templates run mutation testing the same way as @loop/core (packages/core/stryker.config.mjs,
 * whose comments say why each setting is there): the vitest runner named by path, the sandbox
 * two levels below the repository root, no tsconfig rewrite (TypeScript 7 has no JS API), and
 * the committed incremental file that keeps CI's run short. `src/main.ts` is left out: it only
 * wires the page (DOM, WebGL, the loop) to the modules the unit tests drive.
 * scripts/mutation-score.mjs then gates the score at 90 % and lists the equivalent mutants.
 *
 * What a package leaves out on purpose is named: `rules` picks rules of
 * scripts/mutation-rules.mjs (each with its reason), and the gate reports their mutants as
 * excluded, apart from killed, survived and equivalent ones.
 *
 * Monorepo only: create-loop's build leaves a template's Stryker files out of the scaffold.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { ruleNamed } from './mutation-rules.mjs';

/** The incremental results a package commits: `pnpm mutate` refreshes them. */
export const COMMITTED_INCREMENTAL = 'mutation/stryker-incremental.json';
/** Where a check run (the test suite's) writes its results instead: ignored by git. */
export const CHECK_INCREMENTAL = 'reports/mutation/stryker-incremental.json';
/**
 * Set to 1 by the test suite (`npm test`, scripts/quickstart.mjs): Stryker reads the committed
 * results but writes its own under reports/, and the gate rewrites no committed file, so a test
 * run leaves the clone as it found it. A developer's `pnpm mutate` leaves it unset.
 */
export const CHECK_ENV = 'LOOP_MUTATION_CHECK';

/** Whether this is the test suite's check run rather than a developer's refresh. */
export function isCheckRun(env = process.env) {
  return env[CHECK_ENV] === '1';
}

/**
 * Stryker's `incrementalFile` for the package in the current folder. Stryker reads and writes
 * one file; in a check run that is a copy of the committed one under reports/ (made here, as
 * the config loads, before Stryker reads it), so the committed file is read and never written.
 */
export function incrementalFile(env = process.env) {
  if (!isCheckRun(env)) return COMMITTED_INCREMENTAL;
  mkdirSync(dirname(CHECK_INCREMENTAL), { recursive: true });
  if (existsSync(COMMITTED_INCREMENTAL)) copyFileSync(COMMITTED_INCREMENTAL, CHECK_INCREMENTAL);
  else rmSync(CHECK_INCREMENTAL, { force: true });
  return CHECK_INCREMENTAL;
}

/**
 * Stryker options that apply the named rules of scripts/mutation-rules.mjs: its plugin module,
 * the ignorers of the rules that match syntax, and the mutators of the rules that name them.
 *
 * @param {readonly string[]} names
 */
export function ruleOptions(names) {
  const rules = names.map(ruleNamed);
  return {
    plugins: [import.meta.resolve('./mutation-rules.mjs')],
    ignorers: rules.filter((r) => r.ignore).map((r) => r.name),
    mutator: { excludedMutations: rules.flatMap((r) => r.mutators ?? []) },
  };
}

/**
 * @param {string} runner the vitest runner's URL, resolved from the template
 *   (`import.meta.resolve('@stryker-mutator/vitest-runner')`): this folder cannot see it
 * @param {{ rules?: readonly string[] }} [options] the rules of scripts/mutation-rules.mjs the
 *   package applies, by name
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function templateStrykerConfig(runner, { rules = [] } = {}) {
  const applied = ruleOptions(rules);
  return {
    ...applied,
    plugins: [runner, ...applied.plugins],
    testRunner: 'vitest',
    coverageAnalysis: 'perTest',
    tempDirName: '../../.stryker-tmp',
    tsconfigFile: 'no-tsconfig-rewrite.json',
    incremental: true,
    incrementalFile: incrementalFile(),
    mutate: ['src/**/*.ts', '!src/**/*.test.ts', '!src/main.ts'],
    // Low: the machines that run it have few cores, shared with the browser tests.
    concurrency: 2,
    timeoutMS: 20_000,
    reporters: ['clear-text', 'progress', 'json'],
    jsonReporter: { fileName: 'reports/mutation/mutation.json' },
    thresholds: { high: 95, low: 85, break: null },
  };
}
