/**
 * The mutation gate (mutation-score.mjs) and what it reads and writes: the named exclusion
 * rules, the tally per status, the marked lines' other mutants and MUTANTS.md one row per mutant
 * (the committed incremental file's form: mutation-incremental.test.mjs). Run by @loop/release's vitest:
 *
 *   pnpm --filter @loop/release exec vitest run ../../scripts/mutation-gate.test.mjs
 */
import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mutantsMarkdown } from './mutants-md.mjs';
import { mutant } from './mutation-fixtures.mjs';
import { REPO_ROOT } from './mutation-incremental.mjs';
import { ruleMessage, ruleNamed, ruleOf, strykerPlugins } from './mutation-rules.mjs';
import { readSiblings, recordText, siblingKey } from './mutation-siblings-record.mjs';
import { tally } from './mutation-tally.mjs';

const look = ruleMessage(ruleNamed('look'));
const AREAS = [{ name: 'src/', test: (f) => f.startsWith('src/'), threshold: 85 }];

/** One file: a marked line 10 (two EqualityOperator mutants), its other mutators, a rule's. */
function sample(besideMark = 'Killed') {
  return [
    {
      name: 'src/a.ts',
      mutants: [
        mutant(1, 10, 21, 'EqualityOperator', 'i <= n', 'Ignored', 'past the end'),
        mutant(2, 10, 21, 'EqualityOperator', 'i >= n', 'Ignored', 'past the end'),
        mutant(3, 10, 21, 'ConditionalExpression', 'false', besideMark),
        mutant(4, 12, 9, 'ConditionalExpression', 'false', 'Ignored', 'zero moves nothing'),
        mutant(5, 12, 20, 'ConditionalExpression', 'false', 'Ignored', 'zero moves nothing'),
        mutant(6, 14, 3, 'StringLiteral', '""', 'Ignored', look),
        mutant(
          7,
          15,
          3,
          'StringLiteral',
          '""',
          'Ignored',
          'Ignored because of excluded mutation "StringLiteral"',
        ),
        mutant(8, 16, 3, 'BlockStatement', '{}', 'Survived'),
        mutant(9, 17, 3, 'BlockStatement', '{}', 'Timeout'),
      ],
    },
  ];
}

/** The source of sample()'s file: its marked lines 10 and 12 as they read. */
const SOURCE = [
  ...Array(9).fill(''),
  '  for (let i = 0; i < n; i++) {',
  '',
  '  if (a && b) move();',
].join('\n');

/** sample() with its file's source, as Stryker's report holds it. */
const withSource = (files) => files.map((f) => ({ ...f, source: SOURCE }));

/**
 * A siblings record (mutation-siblings-record.mjs) of sample()'s four marked mutants: what a run
 * without their marks made of each (ids 1, 2, 4, 5), survived unless `statuses` says otherwise.
 */
function record(statuses = {}, text = (line) => SOURCE.split('\n')[line - 1]) {
  const marked = sample()[0].mutants.filter(
    (m) => m.statusReason && !m.statusReason.includes('excluded'),
  );
  return recordText(
    marked
      .filter((m) => !m.statusReason.startsWith('Ignored because'))
      .map((m) => ({
        file: 'src/a.ts',
        text: text(m.location.start.line),
        mutant: m,
        status: statuses[m.id] ?? 'survived',
      })),
  );
}

/** A record's text as the lookup the gate reads. */
function lookup(text) {
  const dir = mkdtempSync(join(tmpdir(), 'siblings-'));
  try {
    mkdirSync(join(dir, 'mutation'));
    writeFileSync(join(dir, 'mutation/siblings.json'), text);
    return readSiblings(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the exclusion rules', () => {
  it('are named, with a reason, and an unknown name is refused naming it', () => {
    expect(ruleNamed('look').reason).toMatch(/judged by eye/);
    expect(() => ruleNamed('looks')).toThrow(RangeError);
    expect(() => ruleNamed('looks')).toThrow(/"looks".*look, hues, banner, prose/);
  });

  it("are told from a comment's mark by Stryker's reason", () => {
    expect(ruleOf(look, 'StringLiteral')?.name).toBe('look');
    expect(
      ruleOf('Ignored because of excluded mutation "StringLiteral"', 'StringLiteral')?.name,
    ).toBe('prose');
    expect(ruleOf('Ignored because of excluded mutation "Regex"', 'Regex')?.name).toBe(
      'excludedMutations Regex',
    );
    expect(ruleOf('colours are the look', 'StringLiteral')).toBeUndefined();
    expect(ruleOf(undefined, 'StringLiteral')).toBeUndefined();
  });

  it("leave out hex colours and materials ('look') and colour setters ('hues'), nothing else", () => {
    const plugin = (name) => strykerPlugins.find((p) => p.name === name);
    expect(plugin('look')?.kind).toBe('Ignore');
    const ignore = (name, node) => plugin(name)?.value.shouldIgnore({ node });
    const str = (value) => ({ type: 'StringLiteral', value });
    expect(ignore('look', str('#05070d'))).toBe(look);
    expect(ignore('look', str('#fff'))).toBe(look);
    for (const value of ['#ggg', 'red', '#05070', 'a #fff', '']) {
      expect(ignore('look', str(value)), value).toBeUndefined();
    }
    const newOf = (name) => ({ type: 'NewExpression', callee: { type: 'Identifier', name } });
    expect(ignore('look', newOf('MeshStandardMaterial'))).toBe(look);
    expect(ignore('look', newOf('Mesh'))).toBeUndefined();
    const call = (name) => ({
      type: 'CallExpression',
      callee: { type: 'MemberExpression', property: { type: 'Identifier', name } },
    });
    expect(ignore('hues', call('setHSL'))).toMatch(/^excluded by rule "hues": /);
    expect(ignore('hues', call('setColorAt'))).toBeUndefined();
    expect(ignore('look', call('setHSL'))).toBeUndefined();
    expect(plugin('prose')).toBeUndefined();
    const property = (name, value) => ({
      type: 'ObjectProperty',
      key: { type: 'Identifier', name },
      value: { type: 'BooleanLiteral', value },
    });
    expect(ignore('banner', property('greet', false))).toMatch(/^excluded by rule "banner": /);
    expect(ignore('banner', property('gracefullyShutdown', false))).toBeUndefined();
    expect(
      ignore('banner', { ...property('greet', false), value: { type: 'Identifier' } }),
    ).toBeUndefined();
  });
});

describe('tally', () => {
  it('counts each status apart: a rule excludes, a comment marks equivalent', () => {
    const { areas, equivalent, excluded } = tally(sample(), AREAS);
    expect(areas[0].counts).toEqual({
      killed: 1,
      timeout: 1,
      survived: 1,
      noCoverage: 0,
      equivalent: 4,
      excluded: 2,
      errors: 0,
    });
    expect(equivalent.map((e) => e.where)).toEqual([
      'src/a.ts:10:21',
      'src/a.ts:10:21',
      'src/a.ts:12:9',
      'src/a.ts:12:20',
    ]);
    expect([...excluded].map(([name, { count }]) => [name, count])).toEqual([
      ['look', 1],
      ['prose', 1],
    ]);
  });

  it("names a marked line's mutant of another mutator that is not killed", () => {
    expect(tally(sample('Killed'), AREAS).unkilledBesideMarks).toEqual([]);
    expect(tally(sample('Timeout'), AREAS).unkilledBesideMarks).toEqual([]);
    for (const status of ['Survived', 'NoCoverage']) {
      const { unkilledBesideMarks } = tally(sample(status), AREAS);
      expect(unkilledBesideMarks.map((e) => `${e.where} ${e.mutator}`)).toEqual([
        'src/a.ts:10:21 ConditionalExpression',
      ]);
    }
  });

  it('lists the marks that silence more than one mutant of their mutator', () => {
    expect(tally(sample(), AREAS).sharedMarks).toEqual([
      { line: 'src/a.ts:10', mutator: 'EqualityOperator', count: 2 },
      { line: 'src/a.ts:12', mutator: 'ConditionalExpression', count: 2 },
    ]);
  });
});

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

describe('MUTANTS.md', () => {
  it('has one row per mutant, placed by column, in one order whatever the report', () => {
    const write = (files) => mutantsMarkdown({ packageName: 'p', ...tally(files, AREAS) });
    const text = write(sample());
    const rows = text.split('\n').filter((l) => l.startsWith('| `src/'));
    expect(rows).toHaveLength(4);
    expect(rows[2]).toMatch(
      /^\| `src\/a\.ts:12:9` +\| ConditionalExpression \| `false` +\| zero moves nothing/,
    );
    expect(rows[3]).toMatch(/^\| `src\/a\.ts:12:20` /);
    expect(text).toMatch(/\| `look` +\| 1 +\| colours/);
    const reversed = sample().map((f) => ({ ...f, mutants: [...f.mutants].reverse() }));
    expect(write(reversed)).toBe(text);
  });
});

describe('the gate, run on a report', () => {
  let dir;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  function gate(files, env = {}, siblings = record()) {
    mkdirSync(join(dir, 'reports/mutation'), { recursive: true });
    if (siblings !== null) {
      mkdirSync(join(dir, 'mutation'), { recursive: true });
      writeFileSync(join(dir, 'mutation/siblings.json'), siblings);
    } else rmSync(join(dir, 'mutation/siblings.json'), { force: true });
    const report = {
      projectRoot: dir,
      files: Object.fromEntries(files.map((f) => [f.name, { mutants: f.mutants, source: SOURCE }])),
    };
    writeFileSync(join(dir, 'reports/mutation/mutation.json'), JSON.stringify(report));
    const run = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'scripts/mutation-score.mjs'), 'src/=30'],
      {
        cwd: dir,
        env: { ...process.env, LOOP_MUTATION_CHECK: '', ...env },
        encoding: 'utf8',
      },
    );
    return { status: run.status, out: run.stdout + run.stderr };
  }

  it('prints every status apart and fails on a survivor beside a mark', () => {
    dir = mkdtempSync(join(tmpdir(), 'gate-'));
    writeFileSync(join(dir, 'package.json'), '{"name":"p"}');
    const ok = gate(sample('Killed'));
    expect(ok.status, ok.out).toBe(0);
    expect(ok.out).toContain(
      '1 killed, 1 timed out, 1 survived, 0 no coverage, 4 equivalent (marked), 2 excluded (by rule)',
    );
    expect(ok.out).toMatch(/excluded by rule "look": 1 mutants/);
    const bad = gate(sample('Survived'));
    expect(bad.status).toBe(1);
    expect(bad.out).toMatch(
      /FAIL marked lines .*\n +src\/a\.ts:10:21 ConditionalExpression survived: false/,
    );
  });

  it('fails while a shared mark has mutants the siblings record does not hold, and counts its kills', () => {
    dir = mkdtempSync(join(tmpdir(), 'gate-'));
    writeFileSync(join(dir, 'package.json'), '{"name":"p"}');
    const none = gate(sample('Killed'), {}, null);
    expect(none.status).toBe(1);
    expect(none.out).toMatch(
      /FAIL marked mutants that share their mark .*\n +src\/a\.ts:10:21 EqualityOperator: i <= n\n/,
    );
    const some = gate(sample('Killed'), {}, record({ 1: 'killed' }));
    expect(some.status, some.out).toBe(0);
    expect(some.out).toContain('2 killed, 1 timed out, 1 survived, 0 no coverage, 3 equivalent');
    expect(some.out).toContain('1 marked ones killed without their marks');
  });

  it('rewrites MUTANTS.md only when it changes, and in a check run writes no committed file', () => {
    dir = mkdtempSync(join(tmpdir(), 'gate-'));
    writeFileSync(join(dir, 'package.json'), '{"name":"p"}');
    expect(gate(sample()).out).toContain('MUTANTS.md rewritten');
    const written = statSync(join(dir, 'MUTANTS.md')).mtimeMs;
    const text = readFileSync(join(dir, 'MUTANTS.md'), 'utf8');
    expect(gate(sample()).out).not.toContain('MUTANTS.md rewritten');
    expect(statSync(join(dir, 'MUTANTS.md')).mtimeMs).toBe(written);
    const changed = sample();
    changed[0].mutants.pop();
    changed[0].mutants[0].statusReason = 'another reason';
    const check = gate(changed, { LOOP_MUTATION_CHECK: '1' });
    expect(check.out).toContain('WARN MUTANTS.md is out of date');
    expect(readFileSync(join(dir, 'MUTANTS.md'), 'utf8')).toBe(text);
    expect(readFileSync(join(dir, 'reports/mutation/MUTANTS.md'), 'utf8')).toContain(
      'another reason',
    );
    expect(readdirSync(join(dir, 'mutation'))).toEqual(['siblings.json']);
  });
});
