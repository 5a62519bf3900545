/**
 * The siblings record (mutation-siblings-record.mjs) as the gate's tally reads it: a marked
 * mutant a run without its mark killed counts as killed, a shared mark's mutant the record lacks
 * (or holds for another text of its line, or could not run) is unchecked. Run by @loop/release's
 * vitest:
 *
 *   pnpm --filter @loop/release exec vitest run ../../scripts/mutation-siblings-record.test.mjs
 */
import { describe, expect, it } from 'vitest';
import { lookup, record, SOURCE, sample, withSource } from './mutation-fixtures.mjs';
import { recordText, siblingKey } from './mutation-siblings-record.mjs';
import { tally } from './mutation-tally.mjs';

const AREAS = [{ name: 'src/', test: (f) => f.startsWith('src/'), threshold: 85 }];

describe('the siblings record', () => {
  const unchecked = (result) => result.uncheckedSiblings.map((e) => `${e.where} ${e.replacement}`);

  it('is missing: every mutant of a shared mark is unchecked', () => {
    expect(unchecked(tally(withSource(sample()), AREAS))).toEqual([
      'src/a.ts:10:21 i <= n',
      'src/a.ts:10:21 i >= n',
      'src/a.ts:12:9 false',
      'src/a.ts:12:20 false',
    ]);
  });

  it('holds each: none unchecked, survivors stay equivalent, the killed ones count as killed', () => {
    const result = tally(
      withSource(sample()),
      AREAS,
      lookup(record({ 2: 'killed', 5: 'timeout' })),
    );
    expect(unchecked(result)).toEqual([]);
    expect(result.killedSiblings).toBe(2);
    expect(result.areas[0].counts).toMatchObject({ killed: 2, timeout: 2, equivalent: 2 });
    expect(result.equivalent.map((e) => e.replacement)).toEqual(['i <= n', 'false']);
  });

  it('made before a line changed, or with a mutant it could not run, leaves those unchecked', () => {
    const stale = record({}, (line) =>
      line === 12 ? '  if (a || b) move();' : SOURCE.split('\n')[line - 1],
    );
    expect(unchecked(tally(withSource(sample()), AREAS, lookup(stale)))).toEqual([
      'src/a.ts:12:9 false',
      'src/a.ts:12:20 false',
    ]);
    const notRun = record({ 1: 'notRun' });
    expect(unchecked(tally(withSource(sample()), AREAS, lookup(notRun)))).toEqual([
      'src/a.ts:10:21 i <= n',
    ]);
  });

  it('is written in one order whatever the run, and refuses a status it does not know', () => {
    const m = sample()[0].mutants[0];
    const a = { file: 'src/a.ts', text: ' x ', mutant: m, status: 'killed' };
    const b = { file: 'src/b.ts', text: 'y', mutant: m, status: 'survived' };
    expect(recordText([b, a])).toBe(recordText([a, b]));
    expect(JSON.parse(recordText([a]))[0]).toEqual({
      file: 'src/a.ts',
      text: 'x',
      column: 21,
      mutator: 'EqualityOperator',
      replacement: 'i <= n',
      status: 'killed',
    });
    expect(() => recordText([{ ...a, status: 'Killed' }])).toThrow(/got Killed/);
    expect(lookup(recordText([a])).get(siblingKey('src/a.ts', 'x', m))).toBe('killed');
  });
});
