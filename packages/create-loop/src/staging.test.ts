import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stagingLeftovers, tempDir } from '../test/helpers.js';
import { CliError } from './errors.js';
import { inspectTarget, STAGING_PREFIX, signalExitCode, writeAtomically } from './staging.js';

/** The unprivileged user and group of Debian and most Linux systems. */
const NOBODY = 65534;

let tmp: string;
beforeEach(() => {
  tmp = tempDir('create-loop-staging-');
});
afterEach(() => {
  chmodSync(tmp, 0o755);
  rmSync(tmp, { recursive: true, force: true });
});

const fillWith = (files: Record<string, string>) => async (dir: string) => {
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
};

describe('inspectTarget', () => {
  it('tells missing, empty (or only .git) and non-empty apart', async () => {
    expect(await inspectTarget(join(tmp, 'nope'))).toBe('missing');
    mkdirSync(join(tmp, 'empty'));
    expect(await inspectTarget(join(tmp, 'empty'))).toBe('empty');
    mkdirSync(join(tmp, 'git/.git'), { recursive: true });
    expect(await inspectTarget(join(tmp, 'git'))).toBe('empty');
    writeFileSync(join(tmp, 'git/readme'), '');
    expect(await inspectTarget(join(tmp, 'git'))).toBe('non-empty');
    expect(await inspectTarget(join(tmp, 'git'), 'readme')).toBe('empty');
  });

  it('refuses a file in the way', async () => {
    writeFileSync(join(tmp, 'file'), '');
    await expect(inspectTarget(join(tmp, 'file'))).rejects.toThrow(CliError);
  });
});

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

  it('stages inside an existing target when its parent is read-only', async () => {
    const target = join(tmp, 'game');
    mkdirSync(target);
    chmodSync(tmp, 0o555);
    if (process.getuid?.() === 0) {
      // Root ignores directory permissions, so the same call runs as an unprivileged user in a
      // child process (the built module: dist/ exists, turbo builds before it tests).
      chownSync(target, NOBODY, NOBODY);
      const staging = pathToFileURL(join(import.meta.dirname, '../dist/staging.js')).href;
      const script = `const { writeAtomically } = await import(${JSON.stringify(staging)});
        await writeAtomically(${JSON.stringify(target)}, { overwrite: false }, async (dir) => {
          (await import('node:fs')).writeFileSync(dir + '/x.txt', 'x');
        });`;
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        uid: NOBODY,
        gid: NOBODY,
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    } else {
      await writeAtomically(target, { overwrite: false }, fillWith({ 'x.txt': 'x' }));
    }
    expect(readdirSync(target)).toEqual(['x.txt']);
    expect(readFileSync(join(target, 'x.txt'), 'utf8')).toBe('x');
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

  it('removes staging and calls onInterrupt on SIGINT while filling', async () => {
    const target = join(tmp, 'game');
    let interrupted: string | undefined;
    let release!: () => void;
    const done = writeAtomically(
      target,
      {
        overwrite: false,
        signals: ['SIGUSR2'],
        onInterrupt: (signal) => {
          interrupted = signal;
          release();
        },
      },
      async (dir) => {
        await writeFile(join(dir, 'half.txt'), 'half');
        await new Promise<void>((resolve) => {
          release = resolve;
          process.kill(process.pid, 'SIGUSR2');
        });
      },
    );
    await done.catch(() => undefined);
    expect(interrupted).toBe('SIGUSR2');
    expect(existsSync(target)).toBe(false);
    // The real CLI exits in onInterrupt; here fill goes on, and its staging is already gone.
    expect(stagingLeftovers(tmp)).toEqual([]);
    expect(process.listenerCount('SIGUSR2')).toBe(0);
  });
});

describe('signalExitCode', () => {
  it('is 128 + the signal number, as shells report', () => {
    expect(signalExitCode('SIGINT')).toBe(130);
    expect(signalExitCode('SIGTERM')).toBe(143);
    expect(signalExitCode('SIGHUP')).toBe(129);
  });
});
