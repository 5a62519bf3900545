import { chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillWith, useStagingDir } from '../test/staging-dir.js';
import { writeAtomically } from './staging.js';

/**
 * writeAtomically under a read-only parent: it stages inside an existing target, and a missing
 * one fails as the file system says. Run as root, the writes drop to the unprivileged user for
 * a while, who, unlike root, meets folder permissions.
 */

/** The unprivileged user and group of Debian and most Linux systems. */
const NOBODY = 65534;

/**
 * Makes `dir` read-only; `writable` (its own, for the unprivileged user `asUnprivileged`
 * becomes) stays writable.
 */
function readOnly(dir: string, writable?: string): void {
  if (writable !== undefined && process.getuid?.() === 0) chownSync(writable, NOBODY, NOBODY);
  chmodSync(dir, 0o555);
}

/**
 * Runs `action` in this process as the unprivileged user when run as root, who ignores folder
 * permissions (its effective ids only, given back after).
 */
async function asUnprivileged<T>(action: () => Promise<T>): Promise<T> {
  if (process.getuid?.() !== 0) return action();
  process.setegid!(NOBODY);
  process.seteuid!(NOBODY);
  try {
    return await action();
  } finally {
    process.seteuid!(0);
    process.setegid!(0);
  }
}

let tmp: string;
useStagingDir((dir) => (tmp = dir));

describe('writeAtomically', () => {
  it('stages inside an existing target when its parent is read-only', async () => {
    const target = join(tmp, 'game');
    mkdirSync(target);
    readOnly(tmp, target);
    await asUnprivileged(() =>
      writeAtomically(target, { overwrite: false }, fillWith({ 'x.txt': 'x' })),
    );
    expect(readdirSync(target)).toEqual(['x.txt']);
    expect(readFileSync(join(target, 'x.txt'), 'utf8')).toBe('x');
  });

  it('replaces the contents of a target under a read-only parent, staging inside it', async () => {
    const target = join(tmp, 'game');
    mkdirSync(target);
    writeFileSync(join(target, 'old.txt'), 'old');
    readOnly(tmp, target);
    await asUnprivileged(() =>
      writeAtomically(target, { overwrite: true }, fillWith({ 'x.txt': 'x' })),
    );
    expect(readdirSync(target)).toEqual(['x.txt']);
  });

  it('fails as the file system says when a missing target’s parent is read-only', async () => {
    readOnly(tmp);
    await expect(
      asUnprivileged(() =>
        writeAtomically(join(tmp, 'game'), { overwrite: false }, fillWith({ 'x.txt': 'x' })),
      ),
    ).rejects.toMatchObject({ code: 'EACCES' });
    expect(readdirSync(tmp)).toEqual([]);
  });
});
