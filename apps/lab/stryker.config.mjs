// @ts-check
/**
 * Mutation testing of the lab (`pnpm mutate`), set up as the templates' is
 * (../../scripts/stryker-template.mjs), with three differences:
 *
 * - Only the Node unit tests run per mutant (vitest.unit.config.ts): the browser tests (test/)
 *   drive the built dist/, which a mutant of src/ never reaches, so they could kill nothing.
 * - src/view/ is left out with main.ts (and src/test-support/, the tests' helpers): it builds
 *   the page's elements (controls, plots, tables, the guide's panel, the canvas and its size)
 *   and only those browser tests reach it. What the view draws is not: the lanes' painting is
 *   src/lane-paint.ts, mutated and tested in Node against a recording 2D context.
 * - No StringLiteral mutants (rule 'prose' of ../../scripts/mutation-rules.mjs): the lab's strings are almost all prose for the reader (each
 *   lane's label, note and pick, the guide's claims, the experiments' titles and captions:
 *   206 of the 318 mutants the first run left alive). The strings that steer behaviour are held
 *   by tests against tables of their own: lane ids and modes (lanes.test.ts), URL keys and
 *   values (url-state.test.ts), experiment ids and parameters (experiments.test.ts).
 *   What is lost: the few strings of logic (bounds.ts's blank check, code-spans.ts's backticks)
 *   are held by their unit tests but not mutated; moving the prose out would bring them back.
 *
 * ../../scripts/mutation-score.mjs then gates the score at 85 % and lists the equivalent mutants.
 */
import { templateStrykerConfig } from '../../scripts/stryker-template.mjs';

const shared = templateStrykerConfig(import.meta.resolve('@stryker-mutator/vitest-runner'), {
  rules: ['prose'],
});

export default {
  ...shared,
  vitest: { configFile: 'vitest.unit.config.ts' },
  mutate: [...(shared.mutate ?? []), '!src/view/**', '!src/test-support/**'],
};
