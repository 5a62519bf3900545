import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

/**
 * The tests Stryker runs against each mutant (stryker.config.mjs names this file): every test
 * of the package, as `vitest run` runs them, in an order that makes a mutant's run cheap.
 * Stryker stops a mutant's run at its first failing test, and Vitest's own order puts the
 * longest files first; here the files that start real processes, Redis or Vite, or play
 * thousands of steps over real sockets, go last, so most mutants die in the unit tests and only
 * a survivor pays for these.
 */
const SLOW = [
  'src/colyseus/room/room-edges.test.ts',
  'src/colyseus/host/matchmake-limits.test.ts',
  'src/bench/load.test.ts',
  'src/bench/sweep.test.ts',
  'src/colyseus/host/processes.test.ts',
  'src/colyseus/host/cluster.test.ts',
  'src/vite/game-scripts.test.ts',
];

/** Runs the other test files first (by name) and {@link SLOW}'s last, in its order. */
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
  // The package, not this folder: the paths below are the package's.
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    // Instrumented code (every mutant behind a switch, coverage counted per test) runs several
    // times slower than the package's own run.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    sequence: { sequencer: CheapFirst },
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
