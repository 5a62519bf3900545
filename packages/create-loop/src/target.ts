import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';

/** Entries that do not make a directory "non-empty", and that `--overwrite` keeps. */
export const KEPT: ReadonlySet<string> = new Set(['.git']);

/**
 * The path to write to: `target` with symbolic links resolved when it exists, so that a link to
 * a directory is followed (as create-vite does) and every later step, the staging directory
 * beside it included, works on the real directory.
 */
export function realTarget(target: string): string {
  try {
    return realpathSync(target);
  } catch {
    return target;
  }
}

/** The entries `--overwrite` would remove from `target`, sorted; none when it does not exist. */
export function entriesToRemove(target: string): string[] {
  try {
    return readdirSync(target)
      .filter((name) => !KEPT.has(name))
      .sort();
  } catch {
    return [];
  }
}

/** `a, b, c`, or the first ten and how many more, for a message. */
export function describeEntries(entries: readonly string[]): string {
  const shown = entries.slice(0, 10).join(', ');
  return entries.length > 10 ? `${shown} and ${entries.length - 10} more` : shown;
}

/**
 * Why `target` cannot receive the project, as one line, or undefined when it can: it is a file
 * (or a link to one, or a link to nothing), it is not empty and `overwrite` is off, or
 * `overwrite` would remove the current directory `cwd` with the rest of its contents.
 * Synchronous, so that the directory prompt can show it before the user moves on.
 *
 * Why refuse a target around `cwd`: `create-loop .. --overwrite` would delete the directory the
 * user stands in. The current directory itself (`.`) stays allowed: only its contents go.
 */
export function targetProblem(target: string, overwrite: boolean, cwd: string): string | undefined {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(target).isDirectory();
  } catch {
    if (isLink(target))
      return `${target} is a symbolic link to nothing; remove it or choose another directory`;
    return undefined; // missing: it will be created
  }
  if (!isDirectory) return `${target} exists and is not a directory`;
  if (entriesToRemove(target).length === 0) return undefined;
  if (!overwrite) {
    return `${target} is not empty; pass --overwrite to replace its contents, or choose another directory`;
  }
  const rel = relative(realTarget(target), realTarget(cwd));
  if (rel !== '' && rel.split(sep)[0] !== '..' && !isAbsolute(rel)) {
    return `refusing to overwrite ${target}: the current directory is inside it and would be removed; run create-loop from outside it`;
  }
  return undefined;
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
