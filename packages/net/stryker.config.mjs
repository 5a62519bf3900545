// @ts-check
/**
 * Mutation testing of @loop/net (`pnpm mutate`), set up as every package's is (see
 * ../../scripts/stryker-template.mjs and ../core/stryker.config.mjs for why each setting is
 * there): the package's node tests (mutation/vitest.config.ts, which orders them cheap first)
 * run against each mutant, then ../../scripts/mutation-score.mjs gates the score at 90 %.
 *
 * Mutated so far: the room side with no transport (src/server/), the wire (src/wire/) and the
 * links with the conditioner (src/link/), by the whole suite, the Colyseus rooms' tests included
 * (they kill most of these mutants). The other entries (the Colyseus adapter, the page side,
 * rollback, p2p, the Vite plugin, the load test) are not mutated yet: about 4 500 more mutants,
 * several hours on a two-core machine, so they join `mutate` as their results are committed.
 * Not mutated: the tests and their helpers (test-*.ts beside the tests, the test fixture), and
 * the entries' index.ts files (re-exports only). Rule 'banner' (scripts/mutation-rules.mjs):
 * Colyseus's greeting on the console, which nothing reads.
 */
import { templateStrykerConfig } from '../../scripts/stryker-template.mjs';

const shared = templateStrykerConfig(import.meta.resolve('@stryker-mutator/vitest-runner'), {
  rules: ['banner'],
});

export default {
  ...shared,
  vitest: { configFile: 'mutation/vitest.config.ts' },
  mutate: [
    'src/server/**/*.ts',
    'src/wire/**/*.ts',
    'src/link/**/*.ts',
    '!src/**/*.test.ts',
    '!src/**/test-*.ts',
    '!src/**/test-fixture/**',
    '!src/index.ts',
    '!src/*/index.ts',
    '!src/*/*/index.ts',
  ],
  // A mutant that stalls a room's loop or a handshake waits out the tests' own timeouts; the
  // servers' tests take seconds each on a loaded two-core machine.
  timeoutMS: 60_000,
  dryRunTimeoutMinutes: 45,
  thresholds: { high: 95, low: 90, break: null },
};
