import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { constants } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { CliError } from './errors.js';
import { KEPT } from './target.js';

/** What is at the target path before we write anything. */
export type TargetState = 'missing' | 'empty' | 'non-empty';

/**
 * Looks at the target path: missing, an empty directory (or one holding only `.git`), or a
 * directory with files in it; a symbolic link is followed. A file at that path is a
 * `CliError`. `ignore` names one entry to leave out of the count (our own staging directory,
 * when it had to go inside the target).
 *
 * Why `.git` counts as empty: `git init my-game && npm create loop my-game` is a common start,
 * and `--overwrite` keeps `.git` too, as create-vite does.
 */
export async function inspectTarget(target: string, ignore?: string): Promise<TargetState> {
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(target)).isDirectory();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  if (!isDirectory) throw new CliError(`${target} exists and is not a directory`);
  const entries = await readdir(target);
  return entries.every((name) => KEPT.has(name) || name === ignore) ? 'empty' : 'non-empty';
}

/** Options for `writeAtomically`. */
export interface AtomicWriteOptions {
  /** Replace the contents of a non-empty target (everything but `.git`). */
  overwrite: boolean;
  /**
   * The entries of the target the user was told `overwrite` removes. When the target holds any
   * other by the time the project moves in, nothing is removed and a `CliError` says why.
   * Undefined: whatever is there.
   */
  removing?: readonly string[];
  /**
   * Called after the staging directory was removed because one of `signals` arrived while
   * `fill` ran. Defaults to exiting with 128 + signal number.
   */
  onInterrupt?: (signal: NodeJS.Signals) => void;
  /** Signals that abort the write; default SIGINT, SIGTERM, SIGHUP. */
  signals?: readonly NodeJS.Signals[];
}

/** Name prefix of staging directories; exported so tests can prove none is left behind. */
export const STAGING_PREFIX = '.create-loop-';

/**
 * Writes a directory tree at `target` all or nothing: `fill` writes into a hidden staging
 * directory beside the target (`.create-loop-<random hex>` in the same parent, so the final move is a
 * rename on one file system), which is then moved into place.
 *
 * Why: Ctrl-C, a full disk or a bad template file halfway through a copy must not leave a
 * half-written project that the next run then refuses as "not empty". If `fill` throws, or
 * SIGINT/SIGTERM/SIGHUP arrives before the move, the staging directory and any parent
 * directories we created are removed (synchronously, inside the signal handler) and the
 * target is untouched. A missing target is created by a single rename; an existing (empty, or
 * `overwrite`) one, which may be the user's current directory and so cannot be replaced,
 * gets the staged entries renamed into it, after its old entries (except `.git`) are removed.
 * When the parent is not writable but the target exists (e.g. `.` in a home directory), the
 * staging directory goes inside the target instead.
 */
export async function writeAtomically(
  target: string,
  options: AtomicWriteOptions,
  fill: (stagingDir: string) => Promise<void>,
): Promise<void> {
  const before = await inspectTarget(target);
  if (before === 'non-empty' && !options.overwrite) throw notEmpty(target);
  const parent = dirname(target);
  const createdParent = await mkdir(parent, { recursive: true });
  // mkdir, not mkdtemp: the project directory must get the user's umask, not mode 0700.
  const stagingName = `${STAGING_PREFIX}${randomBytes(6).toString('hex')}`;
  let staging = join(parent, stagingName);
  try {
    await mkdir(staging);
  } catch (error) {
    if (!mayStageInside(before, (error as NodeJS.ErrnoException).code)) throw error;
    staging = join(target, stagingName);
    await mkdir(staging);
  }

  let committing = false;
  const cleanUpSync = () => {
    rmSync(staging, { recursive: true, force: true, maxRetries: 3 });
    if (createdParent !== undefined) rmSync(createdParent, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    // The final moves take milliseconds and are safer finished than half undone.
    if (committing) return;
    cleanUpSync();
    (options.onInterrupt ?? defaultInterrupt)(signal);
  };
  const signals = options.signals ?? ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.on(signal, onSignal);
  try {
    await fill(staging);
    committing = true;
    await moveIntoPlace(staging, target, options);
  } catch (error) {
    cleanUpSync();
    throw error;
  } finally {
    for (const signal of signals) process.off(signal, onSignal);
  }
}

/**
 * Whether the staging directory may go inside the target when making it beside the target
 * failed with `code`: only for a parent that takes no new folder (no permission, a read-only
 * file system) around a target that exists.
 */
export function mayStageInside(before: TargetState, code: string | undefined): boolean {
  return before !== 'missing' && (code === 'EACCES' || code === 'EPERM' || code === 'EROFS');
}

/** Moves the staged tree to `target`; re-checks the target, which may have changed meanwhile. */
async function moveIntoPlace(
  staging: string,
  target: string,
  options: AtomicWriteOptions,
): Promise<void> {
  const stagingName = basename(staging);
  const now = await inspectTarget(target, stagingName);
  if (now === 'missing') {
    await rename(staging, target);
    return;
  }
  if (now === 'non-empty') {
    if (!options.overwrite) throw notEmpty(target);
    const names = (await readdir(target)).filter((n) => !KEPT.has(n) && n !== stagingName);
    const unlisted = names.filter((n) => options.removing && !options.removing.includes(n));
    if (unlisted.length > 0) {
      throw new CliError(
        `${target} changed while create-loop ran (${unlisted.join(', ')} appeared); nothing was removed or written`,
      );
    }
    for (const name of names) await rm(join(target, name), { recursive: true, force: true });
  }
  for (const name of await readdir(staging)) {
    await rename(join(staging, name), join(target, name));
  }
  await rmdir(staging);
}

function notEmpty(target: string): CliError {
  return new CliError(
    `${target} is not empty; pass --overwrite to replace its contents, or choose another directory`,
  );
}

function defaultInterrupt(signal: NodeJS.Signals): never {
  process.exit(signalExitCode(signal));
}

/** 128 + the signal's number (130 for SIGINT, 143 for SIGTERM): what shells report. */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + (constants.signals[signal] ?? 0);
}
