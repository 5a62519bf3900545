/**
 * The check `npm test` ends with (scripts/quickstart.mjs): what a run changed in the clone, on a
 * real git repository made for the test. Run by @loop/release's vitest.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changedPaths, parseStatus, treeState } from './clean-tree.mjs';

let repo;
const git = (...args) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
const write = (path, text) => writeFileSync(join(repo, path), text);

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'clean-tree-'));
  git('init', '-q');
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'test');
  mkdirSync(join(repo, 'mutation'));
  write('.gitignore', 'reports/\n');
  write('a.txt', 'a\n');
  write('mutation/results.json', '{}\n');
  git('add', '.');
  git('commit', '-qm', 'start');
});

afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe('changedPaths over treeState', () => {
  it('is empty for a run that changes nothing, and ignores what git ignores', () => {
    const before = treeState(repo);
    mkdirSync(join(repo, 'reports'));
    write('reports/results.json', '{"run":1}\n');
    expect(changedPaths(before, treeState(repo))).toEqual([]);
  });

  it('names a tracked file the run rewrote and a file it left behind', () => {
    const before = treeState(repo);
    write('mutation/results.json', '{"projectRoot":"/somewhere"}\n');
    write('left.log', 'x\n');
    expect(changedPaths(before, treeState(repo))).toEqual(['left.log', 'mutation/results.json']);
  });

  it('names a tracked file the run removed', () => {
    const before = treeState(repo);
    rmSync(join(repo, 'a.txt'));
    expect(changedPaths(before, treeState(repo))).toEqual(['a.txt']);
  });

  it('leaves out the developer’s own edit when the run keeps its bytes, and names it when not', () => {
    write('a.txt', 'my edit\n');
    const before = treeState(repo);
    expect(changedPaths(before, treeState(repo))).toEqual([]);
    write('a.txt', 'the run wrote this\n');
    expect(changedPaths(before, treeState(repo))).toEqual(['a.txt']);
    write('a.txt', 'a\n'); // the run put back the committed text: the edit is lost
    expect(changedPaths(before, treeState(repo))).toEqual(['a.txt']);
  });

  it('follows a rename staged by the run to its new path', () => {
    const before = treeState(repo);
    renameSync(join(repo, 'a.txt'), join(repo, 'b.txt'));
    git('add', '-A');
    expect(changedPaths(before, treeState(repo))).toEqual(['b.txt']);
  });
});

describe('parseStatus', () => {
  it('reads paths with spaces, and skips the old path of a rename', () => {
    expect(parseStatus(' M a b.txt\0?? new file\0R  new.txt\0old.txt\0')).toEqual([
      'a b.txt',
      'new file',
      'new.txt',
    ]);
    expect(parseStatus('')).toEqual([]);
  });
});
