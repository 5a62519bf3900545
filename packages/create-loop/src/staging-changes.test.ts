import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stagingLeftovers } from '../test/helpers.js';
import { fillWith, useStagingDir } from '../test/staging-dir.js';
import { CliError } from './errors.js';
import { writeAtomically } from './staging.js';

/**
 * writeAtomically when the target changes while it writes: it removes only what the user was
 * shown, and refuses a target that filled up or gained entries, keeping what is there.
 */

let tmp: string;
useStagingDir((dir) => (tmp = dir));

describe('writeAtomically', () => {
  it('removes only what the user was shown: a new entry stops the move, nothing removed', async () => {
    const target = join(tmp, 'game');
    mkdirSync(target);
    writeFileSync(join(target, 'shown.txt'), 'old');
    const options = { overwrite: true, removing: ['shown.txt'] };
    await expect(
      writeAtomically(target, options, async (dir) => {
        writeFileSync(join(target, 'saved-meanwhile.txt'), 'new work');
        await fillWith({ 'x.txt': 'x' })(dir);
      }),
    ).rejects.toThrow(
      new CliError(
        `${target} changed while create-loop ran (saved-meanwhile.txt appeared); nothing was removed or written`,
      ),
    );
    expect(readdirSync(target).sort()).toEqual(['saved-meanwhile.txt', 'shown.txt']);
    expect(stagingLeftovers(tmp)).toEqual([]);
    rmSync(join(target, 'saved-meanwhile.txt'));
    await writeAtomically(target, options, fillWith({ 'x.txt': 'x' }));
    expect(readdirSync(target)).toEqual(['x.txt']);
  });
});

describe('writeAtomically, when the target changes meanwhile', () => {
  it('refuses a target that filled up while it wrote, without overwrite, and keeps what is there', async () => {
    const target = join(tmp, 'game');
    await expect(
      writeAtomically(target, { overwrite: false }, async (dir) => {
        mkdirSync(target);
        writeFileSync(join(target, 'mine.txt'), 'saved meanwhile');
        await fillWith({ 'x.txt': 'x' })(dir);
      }),
    ).rejects.toThrow(
      new CliError(
        `${target} is not empty; pass --overwrite to replace its contents, or choose another directory`,
      ),
    );
    expect(readdirSync(target)).toEqual(['mine.txt']);
    expect(stagingLeftovers(tmp)).toEqual([]);
  });

  it('names every entry that appeared', async () => {
    const target = join(tmp, 'game');
    mkdirSync(target);
    await expect(
      writeAtomically(target, { overwrite: true, removing: [] }, async () => {
        writeFileSync(join(target, 'a.txt'), 'a');
        writeFileSync(join(target, 'b.txt'), 'b');
      }),
    ).rejects.toThrow(/\(a\.txt, b\.txt appeared\)|\(b\.txt, a\.txt appeared\)/);
  });
});
