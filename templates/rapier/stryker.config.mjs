// @ts-check
/**
 * Mutation testing of this template (`pnpm mutate`), set up as every template's is: see
 * ../../scripts/stryker-template.mjs. Kept out of a scaffolded project by create-loop.
 *
 * Its own `mutate` list: everything in src/ but main.ts, which only hands this game's choices
 * (its settings, controls, drawing and Game) to `startRapierPage` of @loop/rapier/dom: the page
 * start-up, both modes and the worker's replaying simulation live in @loop/rapier, tested there,
 * and the gallery's real-browser tests drive the page (apps/gallery/test/rapier-*.test.ts).
 * Tests and their helpers (*.test-support.ts, src/test-support/) are not mutated.
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
    '!src/test-support/**',
    '!src/**/*.d.ts',
    '!src/main.ts',
  ],
};
