// @ts-check
/**
 * Mutation testing of @loop/rapier (`pnpm mutate`), set up as every package's is (see
 * ../../scripts/stryker-template.mjs and ../core/stryker.config.mjs for why each setting is
 * there): its node tests on real Rapier worlds (both builds) run against each mutant, then
 * ../../scripts/mutation-score.mjs gates the score at 90 %.
 *
 * Not mutated: the tests and their helpers (src/test-support/), and the entries' index.ts
 * files (re-exports only). Rule 'look' (scripts/mutation-rules.mjs) leaves out only a string
 * literal that is a whole hex colour ('#b3261e') and a `new *Material(…)`; this package has
 * neither (the page's colours sit inside one CSS template literal, RAPIER_PAGE_CSS, which the
 * rule does not reach and the tests judge as one string), so it excludes no mutant here: it is
 * kept so that a colour literal added to the package's code is treated as the templates' are.
 */
import { templateStrykerConfig } from '../../scripts/stryker-template.mjs';

const shared = templateStrykerConfig(import.meta.resolve('@stryker-mutator/vitest-runner'), {
  rules: ['look'],
});

export default {
  ...shared,
  vitest: { configFile: 'vitest.config.ts' },
  mutate: [
    'src/**/*.ts',
    '!src/**/*.test.ts',
    '!src/**/*.d.ts',
    '!src/test-support/**',
    '!src/index.ts',
    '!src/*/index.ts',
  ],
  // Worlds stepped for thousands of ticks under instrumentation on a loaded two-core machine.
  timeoutMS: 60_000,
  // The first run (every test instrumented, with per-test coverage) passes Stryker's default
  // of 5 minutes on such a machine.
  dryRunTimeoutMinutes: 30,
  thresholds: { high: 95, low: 90, break: null },
};
