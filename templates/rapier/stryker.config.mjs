// @ts-check
/**
 * Mutation testing of this template (`pnpm mutate`), set up as every template's is: see
 * ../../scripts/stryker-template.mjs. Kept out of a scaffolded project by create-loop.
 *
 * Its own `mutate` list: besides main.ts, the files that only wire a mode to the page, which
 * need a browser (requestAnimationFrame, a Worker, the DOM) and which the gallery's real-browser
 * tests drive (apps/gallery/test/rapier-*.test.ts); what logic they had moved to modules the
 * unit tests reach (the overlay's text, the worker's figures and its replaying simulation to
 * @loop/rapier, tested there; the game's part of the worker to src/simulation.ts). Left out:
 * - src/main.ts: finds the page's elements, reads the mode from the URL, makes the WebGL
 *   renderer and the overlay, and hands them to a mode (as every template leaves it out);
 * - src/main-thread.ts: the main-thread mode's Game, View and loop on requestAnimationFrame,
 *   and the page's buttons and file picker wired to them;
 * - src/worker-page.ts: worker mode's page, the `new Worker` and its createWorkerLoop, and the
 *   same buttons wired to messages.
 * Tests and their helpers (*.test-support.ts, the setup *.test-setup.ts) are not mutated.
 *
 * Rules 'look' and 'hues' (scripts/mutation-rules.mjs): the scene's colours, materials and the
 * boxes' hues are judged by eye, not by a test.
 */
import { templateStrykerConfig } from '../../scripts/stryker-template.mjs';

export default {
  ...templateStrykerConfig(import.meta.resolve('@stryker-mutator/vitest-runner'), {
    rules: ['look', 'hues'],
  }),
  mutate: [
    'src/**/*.ts',
    '!src/**/*.test.ts',
    '!src/**/*.test-support.ts',
    '!src/**/*.test-setup.ts',
    '!src/**/*.d.ts',
    '!src/main.ts',
    '!src/main-thread.ts',
    '!src/worker-page.ts',
  ],
};
