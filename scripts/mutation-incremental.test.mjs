/**
 * The committed form of Stryker's incremental file (mutation-incremental.mjs): no machine path,
 * and the same bytes whatever order Stryker wrote things in. Run by @loop/release's vitest:
 *
 *   pnpm --filter @loop/release exec vitest run ../../scripts/mutation-incremental.test.mjs
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mutant } from './mutation-fixtures.mjs';
import { canonicalIncremental, incrementalText } from './mutation-incremental.mjs';

/** Recorded seed of the property below (`fc.assert` prints the one that fails). */
const SEED = 20261127;

/** A small incremental report: two files, two test files, ids tied across them. */
function report(root) {
  const tests = (file, names) => ({
    tests: names.map((name, i) => ({
      id: `${file}#${name}`,
      name,
      location: { start: { line: i + 1, column: 1 } },
    })),
    source: `// ${file}`,
  });
  return {
    schemaVersion: '1.0',
    thresholds: { high: 95, low: 85, break: null },
    projectRoot: `${root}/templates/x`,
    config: { plugins: [`file://${root}/node_modules/runner/index.js`] },
    framework: { name: 'StrykerJS' },
    files: {
      'src/a.ts': {
        language: 'typescript',
        source: 'let a = 1;',
        mutants: [
          {
            ...mutant('x', 1, 5, 'A', 'a', 'Killed', `at ${root}/src/a.ts:1`),
            coveredBy: ['t.ts#one', 'u.ts#two'],
            killedBy: ['t.ts#one'],
          },
          {
            ...mutant(
              'y',
              1,
              2,
              'B',
              'b',
              'Killed',
              `expected 'import from ${root.slice(0, 9)}…' to match`,
            ),
            coveredBy: ['u.ts#two'],
          },
        ],
      },
      'src/b.ts': {
        language: 'typescript',
        source: 'b',
        mutants: [mutant('z', 3, 1, 'C', 'c', 'NoCoverage')],
      },
    },
    testFiles: { 't.ts': tests('t.ts', ['one']), 'u.ts': tests('u.ts', ['two', 'three']) },
  };
}

/** The report with its files, mutants and tests in another order and its test ids renamed. */
function shuffled(base, order) {
  const pick = (list) =>
    [...list].sort((a, b) => order(JSON.stringify(a)) - order(JSON.stringify(b)));
  const rename = (id) => `r${id.length}-${id}`;
  const files = Object.fromEntries(
    pick(Object.entries(base.files)).map(([name, f]) => [
      name,
      {
        ...f,
        mutants: pick(f.mutants).map((m) => ({
          ...m,
          id: rename(m.id),
          coveredBy: m.coveredBy && pick(m.coveredBy.map(rename)),
          killedBy: m.killedBy && pick(m.killedBy.map(rename)),
        })),
      },
    ]),
  );
  const testFiles = Object.fromEntries(
    pick(Object.entries(base.testFiles)).map(([name, f]) => [
      name,
      { ...f, tests: pick(f.tests).map((t) => ({ ...t, id: rename(t.id) })) },
    ]),
  );
  return { ...base, files, testFiles };
}

describe('the committed form of the incremental file', () => {
  it('drops the machine: no projectRoot, no config, the clone written <repo>', () => {
    const root = '/srv/ci/loop';
    const text = incrementalText(report(root), root);
    expect(text).not.toContain(root);
    expect(text).toContain('at <repo>/src/a.ts:1');
    // A path a test's message cut short, as Vitest ends a long string.
    expect(text).toContain("expected 'import from <repo>…' to match");
    expect(text).not.toContain('/srv/ci/');
    const out = JSON.parse(text);
    expect(Object.keys(out)).toEqual(['files', 'schemaVersion', 'testFiles', 'thresholds']);
    // Tests numbered by file and place; coverage follows the new ids.
    expect(out.testFiles['u.ts'].tests.map((t) => [t.id, t.name])).toEqual([
      ['1', 'two'],
      ['2', 'three'],
    ]);
    expect(out.files['src/a.ts'].mutants.map((m) => [m.id, m.mutatorName, m.coveredBy])).toEqual([
      ['0', 'B', ['1']],
      ['1', 'A', ['0', '1']],
    ]);
  });

  it('is the same bytes whatever order Stryker wrote things in', () => {
    const root = '/srv/ci/loop';
    const expected = incrementalText(report(root), root);
    fc.assert(
      fc.property(fc.func(fc.integer()), (order) => {
        expect(incrementalText(shuffled(report(root), order), root)).toBe(expected);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('is a fixed point: rewriting a committed file changes nothing', () => {
    const once = canonicalIncremental(report('/srv/ci/loop'), '/srv/ci/loop');
    expect(canonicalIncremental(once, '/srv/ci/loop')).toEqual(once);
  });
});
