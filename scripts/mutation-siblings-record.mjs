/**
 * What a run with every `// Stryker disable` comment removed (mutation-siblings.mjs) found for
 * each marked mutant, committed beside a package's results (`mutation/siblings.json`) so the
 * gate (mutation-score.mjs) can check a mark against it on every run.
 *
 * Why: a comment silences every mutant of its mutators on its line. Where `<` made `<=` is
 * equivalent, `<` made `>=` on the same line may not be, and without a run that removes the
 * comment nobody knows. The record says, for each silenced mutant, whether the tests kill it
 * without its mark: a killed one counts as killed (the mark need not cover it), a surviving one
 * is what the mark claims equivalent (its MUTANTS.md row says why). A mark that silences more
 * than one mutant of a mutator and has no record for each, or a record made before its line
 * changed, fails the gate until the siblings run is made again.
 *
 * A record is found by the file, the text of the mutated line (trimmed), the column, the mutator
 * and the replacement: code that moves keeps its records; a line that changes loses them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where a package commits its record. */
export const SIBLINGS_FILE = 'mutation/siblings.json';

/** The statuses a record may hold: what Stryker made of the mutant without its mark. */
export const SIBLING_STATUSES = ['killed', 'timeout', 'survived', 'noCoverage', 'notRun'];

/**
 * The key of a mutant in a record.
 *
 * @param {string} file the file's name, relative to the package
 * @param {string} text the mutated line's text
 * @param {{ mutatorName: string, replacement?: string, location: { start: { column: number } } }} m
 */
export function siblingKey(file, text, m) {
  return [file, text.trim(), m.location.start.column, m.mutatorName, m.replacement ?? ''].join('|');
}

/**
 * The line of `source` a mutant starts on (1-based, as Stryker counts).
 *
 * @param {string} source
 * @param {number} line
 */
export function lineText(source, line) {
  return source.split('\n')[line - 1] ?? '';
}

/**
 * The record of a siblings run: one entry per marked mutant, sorted so the same run writes the
 * same bytes.
 *
 * @param {{ file: string, text: string, mutant: any, status: string }[]} found
 * @returns {string} the JSON text to commit
 */
export function recordText(found) {
  const entries = found.map(({ file, text, mutant, status }) => {
    if (!SIBLING_STATUSES.includes(status)) {
      throw new RangeError(`sibling status must be one of ${SIBLING_STATUSES}, got ${status}`);
    }
    return {
      file,
      text: text.trim(),
      column: mutant.location.start.column,
      mutator: mutant.mutatorName,
      replacement: mutant.replacement ?? '',
      status,
    };
  });
  const key = (e) => [e.file, e.text, e.column, e.mutator, e.replacement].join('|');
  entries.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return `${JSON.stringify(entries, null, 2)}\n`;
}

/**
 * The committed record of the package at `root`, as a lookup from {@link siblingKey} to status;
 * an empty one where there is none.
 *
 * @param {string} root
 * @returns {Map<string, string>}
 */
export function readSiblings(root) {
  const path = join(root, SIBLINGS_FILE);
  if (!existsSync(path)) return new Map();
  const entries = JSON.parse(readFileSync(path, 'utf8'));
  return new Map(
    entries.map((e) => [
      siblingKey(e.file, e.text, {
        mutatorName: e.mutator,
        replacement: e.replacement,
        location: { start: { column: e.column } },
      }),
      e.status,
    ]),
  );
}
