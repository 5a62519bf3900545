// @ts-check
/**
 * The Stryker configuration of a template (`pnpm mutate` in templates/<name>), shared so the
 * templates run mutation testing the same way as @loop/core (packages/core/stryker.config.mjs,
 * whose comments say why each setting is there): the vitest runner named by path, the sandbox
 * two levels below the repository root, no tsconfig rewrite (TypeScript 7 has no JS API), and
 * the committed incremental file that keeps CI's run short. `src/main.ts` is left out: it only
 * wires the page (DOM, WebGL, the loop) to the modules the unit tests drive.
 * scripts/mutation-score.mjs then gates the score at 85 % and lists the equivalent mutants.
 *
 * Monorepo only: create-loop's build leaves a template's Stryker files out of the scaffold.
 *
 * @param {string} runner the vitest runner's URL, resolved from the template
 *   (`import.meta.resolve('@stryker-mutator/vitest-runner')`): this folder cannot see it
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function templateStrykerConfig(runner) {
  return {
    plugins: [runner],
    testRunner: 'vitest',
    coverageAnalysis: 'perTest',
    tempDirName: '../../.stryker-tmp',
    tsconfigFile: 'no-tsconfig-rewrite.json',
    incremental: true,
    incrementalFile: 'mutation/stryker-incremental.json',
    mutate: ['src/**/*.ts', '!src/**/*.test.ts', '!src/main.ts'],
    // Low: the machines that run it have few cores, shared with the browser tests.
    concurrency: 2,
    timeoutMS: 20_000,
    reporters: ['clear-text', 'progress', 'json'],
    jsonReporter: { fileName: 'reports/mutation/mutation.json' },
    thresholds: { high: 95, low: 85, break: null },
  };
}
