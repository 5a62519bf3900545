import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectOneLineError, run, useSandbox } from './helpers.js';

/** The folder name given on the command line: refused when it makes no folder, said when changed. */

const sandbox = useSandbox('create-loop-names-');

describe('folder names', () => {
  it.each([
    ['...', /"\.\.\." is only dots/],
    ['..', /"\.\." is the folder around this one/],
    ['!!!', /"!!!" has no letter or digit/],
    ['', /the directory name is empty/],
    ['nul', /"nul" is a name Windows reserves/],
    ['node_modules', /"node_modules" is where packages are installed/],
  ])('refuses %j with one line and exit 1, writing nothing', async (dir, pattern) => {
    const result = await run(sandbox.bin, [dir, '-t', 'beta'], { cwd: sandbox.work });
    expectOneLineError(result, pattern);
    expect(readdirSync(sandbox.work)).toEqual([]);
  });

  it('says which package name a folder called "My Game!" gets, and why', async () => {
    const result = await run(sandbox.bin, ['My Game!', '-t', 'beta'], { cwd: sandbox.work });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'note: package.json names the project "my-game": "My Game!" is not a valid npm package name (upper case letters; spaces; characters npm does not take: !)',
    );
    const manifest = readFileSync(join(sandbox.work, 'My Game!', 'package.json'), 'utf8');
    expect(JSON.parse(manifest).name).toBe('my-game');
  });

  it('says nothing of the name when the folder’s name is a valid package name', async () => {
    const result = await run(sandbox.bin, ['my-game', '-t', 'beta'], { cwd: sandbox.work });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('note: package.json');
  });
});
