// @ts-check
/**
 * Mutation testing of the lab (`pnpm mutate`), set up as the templates' is
 * (../../scripts/stryker-template.mjs), with three differences:
 *
 * - Only the tests of src/ run per mutant (vitest.unit.config.ts): the Node unit tests and the
 *   view's tests in Chromium (src/view/*.browser.test.ts, which build src/ in the sandbox). The
 *   tests of the built page (test/) drive dist/, which a mutant of src/ never reaches, so they
 *   could kill nothing.
 * - src/view/plots.ts (the uPlot charts: what each plots per lane, their scales, sizes and
 *   turns) and src/view/figures-table.ts (its rows, figures and rounding) are mutated, held by
 *   their browser tests. The rest of src/view/ is left out with main.ts (and src/test-support/,
 *   the tests' helpers) until it has tests of its own: it builds the page's other elements
 *   (controls, the guide's panel, the experiments' panel, the labels, the canvas and its size),
 *   which only test/'s tests of the built page reach. What the view draws is mutated: the lanes'
 *   painting is src/lane-paint.ts, tested in Node against a recording 2D context.
 * - No StringLiteral mutants (rule 'prose' of ../../scripts/mutation-rules.mjs): the lab's strings are almost all prose for the reader (each
 *   lane's label, note and pick, the guide's claims, the experiments' titles and captions:
 *   206 of the 318 mutants the first run left alive). The strings that steer behaviour are held
 *   by tests against tables of their own: lane ids and modes (lanes.test.ts), URL keys and
 *   values (url-state.test.ts), experiment ids and parameters (experiments.test.ts).
 *   What is lost: the few strings of logic (bounds.ts's blank check, code-spans.ts's backticks)
 *   are held by their unit tests but not mutated; moving the prose out would bring them back.
 *
 * ../../scripts/mutation-score.mjs then gates the score at 90 % and lists the equivalent mutants.
 */
import { templateStrykerConfig } from '../../scripts/stryker-template.mjs';

const shared = templateStrykerConfig(import.meta.resolve('@stryker-mutator/vitest-runner'), {
  rules: ['prose'],
});

export default {
  ...shared,
  vitest: { configFile: 'vitest.unit.config.ts' },
  mutate: [
    ...(shared.mutate ?? []),
    '!src/view/**',
    'src/view/plots.ts',
    'src/view/figures-table.ts',
    '!src/test-support/**',
  ],
};
