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
import { record, SOURCE, sample } from './mutation-fixtures.mjs';
import { REPO_ROOT } from './mutation-incremental.mjs';
import { ruleMessage, ruleNamed, ruleOf, strykerPlugins } from './mutation-rules.mjs';
import { tally } from './mutation-tally.mjs';

const look = ruleMessage(ruleNamed('look'));
const AREAS = [{ name: 'src/', test: (f) => f.startsWith('src/'), threshold: 85 }];

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
