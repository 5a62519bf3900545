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
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stagingLeftovers, tempDir } from '../test/helpers.js';
import { CliError } from './errors.js';
import {
  inspectTarget,
  mayStageInside,
  STAGING_PREFIX,
  signalExitCode,
  writeAtomically,
} from './staging.js';

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
    await expect(inspectTarget(join(tmp, 'file'))).rejects.toThrow(
      new CliError(`${join(tmp, 'file')} exists and is not a directory`),
    );
  });

  it('takes only a path that does not exist as missing: a path below a file fails', async () => {
    writeFileSync(join(tmp, 'file'), '');
    await expect(inspectTarget(join(tmp, 'file', 'game'))).rejects.toMatchObject({
      code: 'ENOTDIR',
    });
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

/** The listeners of `signal` added since `before` was read: writeAtomically's own. */
const added = (signal: NodeJS.Signals, before: readonly unknown[]) =>
  process.listeners(signal).filter((listener) => !before.includes(listener));

describe('writeAtomically, interrupted', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('listens for Ctrl-C, kill and a closed terminal while filling, and for nothing after', async () => {
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
    const before = signals.map((signal) => process.listeners(signal));
    let during: number[] = [];
    await writeAtomically(join(tmp, 'game'), { overwrite: false }, async (dir) => {
      during = signals.map((signal, i) => added(signal, before[i]!).length);
      await fillWith({ 'x.txt': 'x' })(dir);
    });
    expect(during).toEqual([1, 1, 1]);
    expect(signals.map((signal, i) => added(signal, before[i]!).length)).toEqual([0, 0, 0]);
  });

  it('by default exits with 128 + the signal’s number once the staging directory is gone', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const before = process.listeners('SIGTERM');
    const target = join(tmp, 'new-parent/game');
    await expect(
      writeAtomically(target, { overwrite: false }, async (dir) => {
        await writeFile(join(dir, 'half.txt'), 'half');
        for (const listener of added('SIGTERM', before)) listener('SIGTERM');
        expect(exit).toHaveBeenCalledWith(143);
        expect(readdirSync(tmp)).toEqual([]);
        throw new Error('the copy failed after the signal');
      }),
    ).rejects.toThrow('the copy failed after the signal');
    expect(exit).toHaveBeenCalledTimes(1);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('once the project moves into place, lets the move finish', async () => {
    const target = join(tmp, 'game');
    const onInterrupt = vi.fn();
    const before = process.listeners('SIGUSR2');
    await writeAtomically(
      target,
      { overwrite: false, signals: ['SIGUSR2'], onInterrupt },
      async (dir) => {
        await fillWith({ 'x.txt': 'x' })(dir);
        const listeners = added('SIGUSR2', before);
        // Runs after fill returns, while the staged files are being moved.
        setImmediate(() => {
          for (const listener of listeners) listener('SIGUSR2');
        });
      },
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(onInterrupt).not.toHaveBeenCalled();
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

describe('mayStageInside', () => {
  it('stages inside only an existing target, and only when the parent takes no new folder', () => {
    for (const code of ['EACCES', 'EPERM', 'EROFS']) {
      expect(mayStageInside('empty', code), code).toBe(true);
      expect(mayStageInside('non-empty', code), code).toBe(true);
      expect(mayStageInside('missing', code), code).toBe(false);
    }
    for (const code of ['ENOSPC', 'EEXIST', 'ENOENT', undefined]) {
      expect(mayStageInside('empty', code), code).toBe(false);
    }
  });
});

describe('signalExitCode', () => {
  it('is 128 + the signal number, as shells report', () => {
    expect(signalExitCode('SIGINT')).toBe(130);
    expect(signalExitCode('SIGTERM')).toBe(143);
    expect(signalExitCode('SIGHUP')).toBe(129);
  });
});
