import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

/**
 * The tests Stryker runs against each mutant (stryker.config.mjs names this file, kept in
 * mutation/ with Stryker's results so create-loop leaves it out of a scaffold): the node
 * tests that assert behaviour, on loopback servers whose time the tests drive. Left out, so a
 * mutant is never counted killed by a timeout or a flake of a loaded machine:
 * - src/e2e/**: real Chromium through a Vite server on the real-time bad network, timing-bound;
 * - src/bench/load.e2e.test.ts and wire-size.test.ts: they measure (real-time bots, bytes printed);
 *   the report's arithmetic they rest on is @loop/net/bench's, tested in the package;
 * - src/server/cluster.e2e.test.ts: a redis-server and game processes of their own, whose code
 *   runs outside the process Stryker switches mutants in;
 * - src/dev-server.e2e.test.ts: it tests vite.config.ts (not mutated), whose game server stays
 *   on globalThis for Vite's restarts, so one run's would outlive into the next;
 * - src/server/game-process.e2e.test.ts: a game process of its own, like the cluster's.
 */
/**
 * The files whose tests take seconds (real servers driven for thousands of steps, long
 * property runs), cheapest first. Stryker stops a mutant's run at its first failing test, and
 * Vitest's own order puts the longest files first: here they go last, so most mutants die in
 * the unit tests and only a survivor pays for these.
 */
const SLOW = [
  'src/shared/snapshot.test.ts',
  'src/shared/world.property.test.ts',
  'src/server/arena-room.test.ts',
  'src/client/reconnect.test.ts',
  'src/client/convergence.test.ts',
];

/** Runs the unit test files first (by name) and {@link SLOW}'s last, in its order. */
class CheapFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => SLOW.findIndex((f) => spec.moduleId.endsWith(f));
    return [...files].sort(
      (a, b) =>
        rank(a) - rank(b) || (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0),
    );
  }
}

export default defineConfig({
  // The template, not this folder: the paths below are the template's.
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    // Instrumented code (every mutant behind a switch, coverage counted per test) runs several
    // times slower: the property tests' seconds would pass vitest's 5 s default.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    sequence: { sequencer: CheapFirst },
    include: ['src/**/*.test.ts'],
    exclude: ['src/e2e/**', 'src/**/*.e2e.test.ts', 'src/bench/wire-size.test.ts'],
  },
});
