/**
 * Stryker's JSON report counted the way the gate (mutation-score.mjs) judges it: each mutant's
 * status per area, the mutants a named rule left out (scripts/mutation-rules.mjs) apart from
 * those a `// Stryker disable` comment marks equivalent, and the marked lines' other mutants.
 * Pure functions of the report, so the gate's tests can hand them one.
 */
import { ruleOf } from './mutation-rules.mjs';
import { lineText, siblingKey } from './mutation-siblings-record.mjs';

/** The statuses the gate prints, in order, from Stryker's. */
export const STATUSES = [
  ['killed', 'killed'],
  ['timeout', 'timed out'],
  ['survived', 'survived'],
  ['noCoverage', 'no coverage'],
  ['equivalent', 'equivalent (marked)'],
  ['excluded', 'excluded (by rule)'],
  ['errors', 'compile or runtime errors'],
];

const DETECTED = new Set(['killed', 'timeout']);
const UNDETECTED = new Set(['survived', 'noCoverage']);

/** What the gate makes of one mutant: a key of {@link STATUSES}, and the rule if one left it out. */
export function classify(m) {
  switch (m.status) {
    case 'Killed':
      return { status: 'killed' };
    case 'Timeout':
      return { status: 'timeout' };
    case 'Survived':
      return { status: 'survived' };
    case 'NoCoverage':
      return { status: 'noCoverage' };
    case 'Ignored': {
      const rule = ruleOf(m.statusReason, m.mutatorName);
      return rule ? { status: 'excluded', rule } : { status: 'equivalent' };
    }
    default:
      return { status: 'errors' };
  }
}

/** Zeroed counts of every status. */
function counts() {
  return Object.fromEntries(STATUSES.map(([key]) => [key, 0]));
}

/**
 * Tallies the report: `areas` are `{ name, test(file), threshold }`, the first that matches a
 * file wins. Returns the counts per area (and its survivors), the equivalent mutants (one entry
 * per mutant, in file and place order), the excluded ones per rule, the marked lines' other
 * mutants that are not detected, the marks that silence more than one mutant of a mutator, and
 * of those the mutants that no siblings run has checked.
 *
 * `siblings` is the package's record of a run without the marks (mutation-siblings-record.mjs):
 * a marked mutant it found killed (or timed out) counts as such, not as equivalent.
 *
 * @param {{ name: string, mutants: any[], source?: string }[]} files the report's files, names
 *   relative, with their source (Stryker's report holds it) where records are to be read
 * @param {{ name: string, test: (file: string) => boolean, threshold: number }[]} areas
 * @param {ReadonlyMap<string, string>} [siblings]
 */
export function tally(files, areas, siblings = new Map()) {
  const tallies = areas.map((area) => ({ ...area, counts: counts(), survivors: [] }));
  const equivalent = [];
  /** @type {Map<string, { rule: { name: string, reason: string }, count: number }>} */
  const excluded = new Map();
  const unplaced = [];
  const lines = new Map();
  for (const { name, mutants, source } of [...files].sort((a, b) => compareNames(a.name, b.name))) {
    const area = tallies.find((a) => a.test(name));
    if (!area) {
      unplaced.push(name);
      continue;
    }
    for (const m of [...mutants].sort(byPlace)) {
      const classified = classify(m);
      const { rule } = classified;
      const marked = classified.status === 'equivalent';
      const text = source === undefined ? undefined : lineText(source, m.location.start.line);
      const sibling =
        marked && text !== undefined ? siblings.get(siblingKey(name, text, m)) : undefined;
      // A marked mutant the siblings run killed is counted as what it is.
      const status = sibling === 'killed' || sibling === 'timeout' ? sibling : classified.status;
      const where = `${name}:${m.location.start.line}:${m.location.start.column}`;
      const entry = { where, mutator: m.mutatorName, replacement: m.replacement ?? '', status };
      area.counts[status]++;
      if (UNDETECTED.has(status)) area.survivors.push(entry);
      if (rule) {
        const seen = excluded.get(rule.name) ?? { rule, count: 0 };
        seen.count++;
        excluded.set(rule.name, seen);
        continue;
      }
      if (status === 'equivalent') equivalent.push({ ...entry, reason: m.statusReason ?? '' });
      const line = `${name}:${m.location.start.line}`;
      if (!lines.has(line)) lines.set(line, []);
      lines.get(line).push({ ...entry, marked, sibling });
    }
  }
  return { areas: tallies, equivalent, excluded, unplaced, ...markedLines(lines) };
}

/**
 * On each line that holds a marked mutant: the other mutators' mutants that are not detected (a
 * mark silences only its own mutators, so these must be killed), the mutators whose mark
 * silences more than one mutant there (the mark's reason may hold for one and not the other),
 * and of those the mutants no siblings run has a record of (the gate fails on them), and how
 * many marked mutants the siblings run found killed.
 */
function markedLines(lines) {
  const unkilledBesideMarks = [];
  const sharedMarks = [];
  const uncheckedSiblings = [];
  let killedSiblings = 0;
  for (const [line, entries] of lines) {
    const marked = entries.filter((e) => e.marked);
    if (marked.length === 0) continue;
    const mutators = new Set(marked.map((e) => e.mutator));
    for (const e of entries) {
      if (!mutators.has(e.mutator) && UNDETECTED.has(e.status)) unkilledBesideMarks.push(e);
    }
    for (const e of marked) if (e.status !== 'equivalent') killedSiblings++;
    for (const mutator of mutators) {
      const silenced = marked.filter((e) => e.mutator === mutator);
      if (silenced.length < 2) continue;
      sharedMarks.push({ line, mutator, count: silenced.length });
      uncheckedSiblings.push(
        ...silenced.filter((e) => e.sibling === undefined || e.sibling === 'notRun'),
      );
    }
  }
  return { unkilledBesideMarks, sharedMarks, uncheckedSiblings, killedSiblings };
}

/** An area's score as Stryker counts it: detected over detected and undetected, in %. */
export function score(c) {
  const detected = [...DETECTED].reduce((n, k) => n + c[k], 0);
  const valid = detected + [...UNDETECTED].reduce((n, k) => n + c[k], 0);
  return { detected, valid, percent: valid === 0 ? 100 : (100 * detected) / valid };
}

/** File names in a fixed order whatever the locale: by code unit. */
function compareNames(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Mutants by place, then mutator and replacement: one order on every machine. */
function byPlace(a, b) {
  const [x, y] = [a.location.start, b.location.start];
  return (
    x.line - y.line ||
    x.column - y.column ||
    compareNames(a.mutatorName, b.mutatorName) ||
    compareNames(a.replacement ?? '', b.replacement ?? '')
  );
}
