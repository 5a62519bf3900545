#!/usr/bin/env node
/**
 * Stryker's incremental file (`mutation/stryker-incremental.json`) in the form this repository
 * commits: the same bytes on every machine and every rerun, and no path of the machine that
 * wrote it. Stryker 9.6 writes the whole mutation report there (`JSON.stringify(report, null,
 * 2)`): files and mutants in the order its workers finished, test ids numbered in the order the
 * dry run met them, and `projectRoot` and `config` holding the clone's absolute folder. Its
 * reader (ProjectReader.readIncrementalReport and the IncrementalDiffer) uses only `files`
 * (source, mutants) and `testFiles` (source, tests), matching mutants by file, mutator,
 * replacement and place and tests by name and place; ids only tie coveredBy and killedBy to
 * tests. So `projectRoot`, `config` and `framework` are dropped, files, mutants and tests are
 * sorted, ids renumbered in that order, and the clone's path in a reason (a stack trace) is
 * written `<repo>`. Used by the gate (mutation-score.mjs) after a developer's `pnpm mutate`;
 * as a command it rewrites the files it is given (a one-off for a file written before this):
 *
 *   node scripts/mutation-incremental.mjs packages/core/mutation/stryker-incremental.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The repository's root: this file lives in <root>/scripts. */
export const REPO_ROOT = resolve(import.meta.dirname, '..');

/** Machine paths written as placeholders, the longest (most specific) first. */
function placeholders(root) {
  return [
    [root, '<repo>'],
    [tmpdir(), '<tmp>'],
    [homedir(), '<home>'],
  ]
    .filter(([path]) => path.length > 1)
    .sort((a, b) => b[0].length - a[0].length);
}

/**
 * A path a test's message cut short (Vitest's assertion messages end a long string with `…`:
 * `"/srv/ci/lo…"`), written as its placeholder: the whole path is replaced before this.
 */
function stripCutShort(text, path, name) {
  let out = text;
  // Down to the first folder's name and one letter beyond: '/s…' alone names no machine.
  for (let end = path.length - 1; end > 2; end--) {
    out = out.replaceAll(`${path.slice(0, end)}…`, `${name}…`);
  }
  return out;
}

/** Every key of every object sorted, so a rerun writes keys in one order whatever made them. */
function sortKeys(value, strip) {
  if (Array.isArray(value)) return value.map((v) => sortKeys(v, strip));
  if (typeof value === 'string') return strip(value);
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  for (const key of Object.keys(value).sort()) {
    // Sources are what the differ compares with the code: kept byte for byte.
    out[key] = key === 'source' ? value[key] : sortKeys(value[key], strip);
  }
  return out;
}

const byNumber = (a, b) => Number(a) - Number(b) || String(a).localeCompare(String(b));
const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** Place, then name: the order of tests in a file, whatever order the runner reported them. */
function testOrder(a, b) {
  const [la, lb] = [a.location?.start, b.location?.start];
  return (
    (la?.line ?? 0) - (lb?.line ?? 0) ||
    (la?.column ?? 0) - (lb?.column ?? 0) ||
    compare(a.name, b.name) ||
    compare(String(a.id), String(b.id))
  );
}

/** Place, then mutator and replacement: the order of mutants in a file. */
function mutantOrder(a, b) {
  const [sa, sb] = [a.location.start, b.location.start];
  const [ea, eb] = [a.location.end, b.location.end];
  return (
    sa.line - sb.line ||
    sa.column - sb.column ||
    ea.line - eb.line ||
    ea.column - eb.column ||
    compare(a.mutatorName, b.mutatorName) ||
    compare(a.replacement ?? '', b.replacement ?? '') ||
    compare(a.status ?? '', b.status ?? '')
  );
}

/**
 * The report as committed: what Stryker's incremental reader uses, in a fixed order, with
 * machine paths replaced. `root` is the clone's folder (placeholders for it, the system's
 * temporary folder and the home folder).
 *
 * @param {any} report Stryker's incremental report (mutation-testing-report-schema)
 * @param {string} [root]
 */
export function canonicalIncremental(report, root = REPO_ROOT) {
  const subs = placeholders(root);
  const strip = (s) => {
    let out = s;
    for (const [path, name] of subs) {
      out = out.replaceAll(pathToFileURL(path).href, `file://${name}`).replaceAll(path, name);
      if (out.includes('…')) out = stripCutShort(out, path, name);
    }
    return out;
  };
  const ids = new Map();
  const testFiles = {};
  for (const name of Object.keys(report.testFiles ?? {}).sort()) {
    const file = report.testFiles[name];
    const tests = [...file.tests].sort(testOrder).map((test) => {
      const id = String(ids.size);
      ids.set(String(test.id), id);
      return { ...test, id };
    });
    testFiles[name] = { ...file, tests };
  }
  const remap = (list) =>
    list && [...new Set(list.map((id) => ids.get(String(id)) ?? String(id)))].sort(byNumber);
  let mutantId = 0;
  const files = {};
  for (const name of Object.keys(report.files).sort()) {
    const file = report.files[name];
    const mutants = [...file.mutants].sort(mutantOrder).map((m) => ({
      ...m,
      id: String(mutantId++),
      ...(m.coveredBy && { coveredBy: remap(m.coveredBy) }),
      ...(m.killedBy && { killedBy: remap(m.killedBy) }),
    }));
    files[name] = { ...file, mutants };
  }
  return sortKeys(
    { schemaVersion: report.schemaVersion, thresholds: report.thresholds, files, testFiles },
    strip,
  );
}

/** The committed file's text: two-space JSON, as Stryker writes it, and a final newline. */
export function incrementalText(report, root = REPO_ROOT) {
  return `${JSON.stringify(canonicalIncremental(report, root), null, 2)}\n`;
}

/**
 * Rewrites a file only when its text changes, so an unchanged result leaves the file (and its
 * time stamp) alone. Returns whether it wrote.
 */
export function writeIfChanged(path, text) {
  let old;
  try {
    old = readFileSync(path, 'utf8');
  } catch {
    old = undefined;
  }
  if (old === text) return false;
  writeFileSync(path, text);
  return true;
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const paths = process.argv.slice(2);
  if (paths.length === 0) {
    console.error('usage: node scripts/mutation-incremental.mjs <stryker-incremental.json>...');
    process.exit(2);
  }
  for (const path of paths) {
    const text = incrementalText(JSON.parse(readFileSync(path, 'utf8')));
    console.log(`${writeIfChanged(path, text) ? 'rewrote' : 'unchanged'} ${path}`);
  }
}
