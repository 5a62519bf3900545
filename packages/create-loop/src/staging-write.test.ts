import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillWith, useStagingDir } from '../test/staging-dir.js';
import { inspectTarget, STAGING_PREFIX, writeAtomically } from './staging.js';

/**
 * writeAtomically as it writes: a missing, empty or full target, overwrite, a symbolic link, a
 * fill that fails, and the staging folder beside the target while it fills.
 */

let tmp: string;
useStagingDir((dir) => (tmp = dir));

describe('writeAtomically', () => {
  it('creates a missing target, with missing parents, and leaves no staging directory', async () => {
    const target = join(tmp, 'a b/c/game');
    await writeAtomically(target, { overwrite: false }, fillWith({ 'x.txt': 'x' }));
    expect(readdirSync(target)).toEqual(['x.txt']);
    expect(readdirSync(join(tmp, 'a b/c'))).toEqual(['game']);
  });

  it('gives the new directory the umask’s mode, not mkdtemp’s 0700', async () => {
    const target = join(tmp, 'game');
    await writeAtomically(target, { overwrite: false }, fillWith({ 'x.txt': 'x' }));
    const umask = process.umask();
    expect(statSync(target).mode & 0o777).toBe(0o777 & ~umask);
  });

  it('fills an existing empty directory and keeps its .git', async () => {
    const target = join(tmp, 'game');
    mkdirSync(join(target, '.git'), { recursive: true });
    writeFileSync(join(target, '.git/HEAD'), 'ref');
    await writeAtomically(target, { overwrite: false }, fillWith({ 'x.txt': 'x' }));
    expect(readdirSync(target).sort()).toEqual(['.git', 'x.txt']);
    expect(readFileSync(join(target, '.git/HEAD'), 'utf8')).toBe('ref');
  });

  it('refuses a non-empty directory without overwrite and touches nothing', async () => {
    const target = join(tmp, 'game');
    mkdirSync(target);
    writeFileSync(join(target, 'mine.txt'), 'precious');
    let filled = false;
    await expect(
      writeAtomically(target, { overwrite: false }, async () => {
        filled = true;
      }),
    ).rejects.toThrow(/not empty; pass --overwrite/);
    expect(filled).toBe(false);
    expect(readdirSync(target)).toEqual(['mine.txt']);
    expect(readdirSync(tmp)).toEqual(['game']);
  });

  it('replaces the contents with overwrite, except .git', async () => {
    const target = join(tmp, 'game');
    mkdirSync(join(target, '.git'), { recursive: true });
    mkdirSync(join(target, 'old-dir'));
    writeFileSync(join(target, 'old.txt'), 'old');
    writeFileSync(join(target, 'x.txt'), 'old x');
    await writeAtomically(target, { overwrite: true }, fillWith({ 'x.txt': 'new x' }));
    expect(readdirSync(target).sort()).toEqual(['.git', 'x.txt']);
    expect(readFileSync(join(target, 'x.txt'), 'utf8')).toBe('new x');
  });

  it('writes through a symbolic link to a directory, into the directory, keeping the link', async () => {
    const real = join(tmp, 'real');
    mkdirSync(real);
    symlinkSync(real, join(tmp, 'link'), 'dir');
    expect(await inspectTarget(join(tmp, 'link'))).toBe('empty');
    await writeAtomically(join(tmp, 'link'), { overwrite: false }, fillWith({ 'x.txt': 'x' }));
    expect(readdirSync(real)).toEqual(['x.txt']);
    expect(lstatSync(join(tmp, 'link')).isSymbolicLink()).toBe(true);
  });

  it('leaves nothing at all when fill fails midway, not even created parents', async () => {
    const target = join(tmp, 'new-parent/game');
    await expect(
      writeAtomically(target, { overwrite: false }, async (dir) => {
        await writeFile(join(dir, 'half.txt'), 'half');
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('leaves an existing directory as it was when fill fails with overwrite', async () => {
    const target = join(tmp, 'game');
    mkdirSync(target);
    writeFileSync(join(target, 'mine.txt'), 'precious');
    await expect(
      writeAtomically(target, { overwrite: true }, async () => {
        throw new Error('bad template');
      }),
    ).rejects.toThrow('bad template');
    expect(readdirSync(target)).toEqual(['mine.txt']);
    expect(readdirSync(tmp)).toEqual(['game']);
  });

  it('stages in the target’s parent under a hidden prefix while filling', async () => {
    const target = join(tmp, 'game');
    let seen: string[] = [];
    await writeAtomically(target, { overwrite: false }, async (dir) => {
      seen = readdirSync(tmp);
      expect(dir.startsWith(join(tmp, STAGING_PREFIX))).toBe(true);
      expect(existsSync(target)).toBe(false);
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.startsWith(STAGING_PREFIX)).toBe(true);
    expect(readdirSync(tmp)).toEqual(['game']);
  });
});
