/**
 * What a test run did to the clone: `npm test` (scripts/quickstart.mjs) reads the state of the
 * working tree before its checks and after them, and fails naming every file the run changed,
 * added or removed. A test that writes a tracked file (Stryker's committed results, a snapshot,
 * a generated page) or leaves a file git does not ignore is caught by the run that does it, in
 * every package, not only by the one package scripts/clean-clone.test.mjs mutates.
 *
 * Files the developer had already changed before the run are compared by their bytes, so an edit
 * in progress is neither reported nor hidden.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The working tree's state at `root`: each path that `git status` lists (changed, added, removed
 * or untracked and not ignored) with a hash of its bytes (or `-` where it is not a file).
 *
 * @param {string} root
 * @returns {Map<string, string>}
 */
export function treeState(root) {
  const out = execFileSync('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  return stateOf(root, parseStatus(out));
}

/**
 * The paths of `git status --porcelain=v1 -z` output (a rename names its new path; the old one,
 * which follows it, is skipped).
 *
 * @param {string} out
 * @returns {string[]}
 */
export function parseStatus(out) {
  const fields = out.split('\0');
  const paths = [];
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i];
    if (field.length < 4) continue;
    paths.push(field.slice(3));
    if (field[0] === 'R' || field[0] === 'C') i++;
  }
  return paths;
}

/**
 * @param {string} root
 * @param {readonly string[]} paths
 * @returns {Map<string, string>}
 */
function stateOf(root, paths) {
  const state = new Map();
  for (const path of paths) {
    const file = join(root, path);
    const isFile = existsSync(file) && statSync(file).isFile();
    state.set(path, isFile ? createHash('sha1').update(readFileSync(file)).digest('hex') : '-');
  }
  return state;
}

/**
 * The paths whose state differs between `before` and `after`, sorted: listed only after (the run
 * changed or added them), listed only before (the run restored or removed them), or listed in
 * both with other bytes.
 *
 * @param {ReadonlyMap<string, string>} before
 * @param {ReadonlyMap<string, string>} after
 * @returns {string[]}
 */
export function changedPaths(before, after) {
  const changed = new Set();
  for (const [path, hash] of after) if (before.get(path) !== hash) changed.add(path);
  for (const path of before.keys()) if (!after.has(path)) changed.add(path);
  return [...changed].sort();
}
