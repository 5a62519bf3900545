import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers.js';
import { describeEntries, entriesToRemove, realTarget, targetProblem } from './target.js';

let tmp: string;
beforeEach(() => {
  tmp = realTarget(tempDir('create-loop-target-'));
});
afterEach(() => {
  rmSync(tmp, { recursive: true, force: true });
});

/** A directory holding `files` (empty files), created under tmp. */
function dirWith(name: string, ...files: string[]): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  for (const file of files) writeFileSync(join(dir, file), '');
  return dir;
}

describe('targetProblem', () => {
  it('takes a missing path, an empty directory, and one holding only .git', () => {
    expect(targetProblem(join(tmp, 'new/deeper'), false, tmp)).toBeUndefined();
    expect(targetProblem(dirWith('empty'), false, tmp)).toBeUndefined();
    mkdirSync(join(tmp, 'git/.git'), { recursive: true });
    expect(targetProblem(join(tmp, 'git'), false, tmp)).toBeUndefined();
  });

  it('refuses a file, and a non-empty directory unless overwrite', () => {
    writeFileSync(join(tmp, 'file'), '');
    expect(targetProblem(join(tmp, 'file'), true, tmp)).toBe(
      `${join(tmp, 'file')} exists and is not a directory`,
    );
    const full = dirWith('full', 'notes.txt');
    expect(targetProblem(full, false, tmp)).toBe(
      `${full} is not empty; pass --overwrite to replace its contents, or choose another directory`,
    );
    expect(targetProblem(full, true, tmp)).toBeUndefined();
  });

  it('follows a symbolic link to a directory, as create-vite does', () => {
    const real = dirWith('real');
    symlinkSync(real, join(tmp, 'link'), 'dir');
    expect(targetProblem(join(tmp, 'link'), false, tmp)).toBeUndefined();
    writeFileSync(join(real, 'notes.txt'), '');
    expect(targetProblem(join(tmp, 'link'), false, tmp)).toMatch(/link is not empty/);
    expect(realTarget(join(tmp, 'link'))).toBe(real);
  });

  it('refuses a link to a file and a link to nothing', () => {
    writeFileSync(join(tmp, 'file'), '');
    symlinkSync(join(tmp, 'file'), join(tmp, 'to-file'));
    expect(targetProblem(join(tmp, 'to-file'), true, tmp)).toMatch(/to-file exists and is not a/);
    symlinkSync(join(tmp, 'gone'), join(tmp, 'dangling'));
    expect(targetProblem(join(tmp, 'dangling'), true, tmp)).toBe(
      `${join(tmp, 'dangling')} is a symbolic link to nothing; remove it or choose another directory`,
    );
  });

  it('refuses to overwrite a directory the current directory is inside', () => {
    const parent = dirWith('parent', 'old.txt');
    const cwd = dirWith('parent/game/src');
    expect(targetProblem(parent, true, cwd)).toBe(
      `refusing to overwrite ${parent}: the current directory is inside it and would be removed; run create-loop from outside it`,
    );
    expect(targetProblem(join(parent, 'game'), true, cwd)).toMatch(/^refusing/);
    // The same directory reached through a link is still the same directory.
    symlinkSync(parent, join(tmp, 'alias'), 'dir');
    expect(targetProblem(parent, true, join(tmp, 'alias/game'))).toMatch(/^refusing/);
    // Without overwrite it is refused as not empty, as any other.
    expect(targetProblem(parent, false, cwd)).toMatch(/is not empty/);
  });

  it('lets overwrite empty the current directory itself, a sibling, or a directory named like ..', () => {
    const cwd = dirWith('here', 'old.txt');
    expect(targetProblem(cwd, true, cwd)).toBeUndefined();
    expect(targetProblem(dirWith('other', 'x'), true, cwd)).toBeUndefined();
    expect(targetProblem(dirWith('here/..old', 'x'), true, cwd)).toBeUndefined();
  });
});

describe('entriesToRemove and describeEntries', () => {
  it('lists what overwrite removes, sorted, .git kept; nothing for a missing directory', () => {
    const dir = dirWith('game', 'b.txt', 'a.txt');
    mkdirSync(join(dir, '.git'));
    mkdirSync(join(dir, 'src'));
    expect(entriesToRemove(dir)).toEqual(['a.txt', 'b.txt', 'src']);
    expect(entriesToRemove(join(tmp, 'missing'))).toEqual([]);
  });

  it('sorts whatever order the folder gives them in', () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'];
    const dir = dirWith('many', ...names);
    expect(entriesToRemove(dir)).toEqual(names);
    const reversed = dirWith('reversed', ...names.toReversed());
    expect(entriesToRemove(reversed)).toEqual(names);
  });

  it('names up to ten entries, then how many more', () => {
    expect(describeEntries(['a', 'b'])).toBe('a, b');
    const twelve = Array.from({ length: 12 }, (_, i) => `f${i}`);
    expect(describeEntries(twelve.slice(0, 10))).toBe(twelve.slice(0, 10).join(', '));
    expect(describeEntries(twelve)).toBe(`${twelve.slice(0, 10).join(', ')} and 2 more`);
  });
});
