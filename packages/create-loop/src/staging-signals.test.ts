import { existsSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stagingLeftovers } from '../test/helpers.js';
import { added } from '../test/signals.js';
import { fillWith, useStagingDir } from '../test/staging-dir.js';
import { signalExitCode, writeAtomically } from './staging.js';

/**
 * writeAtomically on a signal: its staging removed and onInterrupt called while it fills, the
 * listeners it adds only while it writes, the exit status it gives by default, and a move into
 * place let finish.
 */

let tmp: string;
useStagingDir((dir) => (tmp = dir));

describe('writeAtomically', () => {
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

describe('signalExitCode', () => {
  it('is 128 + the signal number, as shells report', () => {
    expect(signalExitCode('SIGINT')).toBe(130);
    expect(signalExitCode('SIGTERM')).toBe(143);
    expect(signalExitCode('SIGHUP')).toBe(129);
  });
});
