/**
 * Stryker's JSON report counted the way the gate (mutation-score.mjs) judges it: each mutant's
 * status per area, the mutants a named rule left out (scripts/mutation-rules.mjs) apart from
 * those a `// Stryker disable` comment marks equivalent, and the marked lines' other mutants.
 * Pure functions of the report, so the gate's tests can hand them one.
 */
import { ruleOf } from './mutation-rules.mjs';

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
 * mutants that are not detected, and the marks that silence more than one mutant of a mutator.
 *
 * @param {{ name: string, mutants: any[] }[]} files the report's files, names relative
 * @param {{ name: string, test: (file: string) => boolean, threshold: number }[]} areas
 */
export function tally(files, areas) {
  const tallies = areas.map((area) => ({ ...area, counts: counts(), survivors: [] }));
  const equivalent = [];
  /** @type {Map<string, { rule: { name: string, reason: string }, count: number }>} */
  const excluded = new Map();
  const unplaced = [];
  const lines = new Map();
  for (const { name, mutants } of [...files].sort((a, b) => compareNames(a.name, b.name))) {
    const area = tallies.find((a) => a.test(name));
    if (!area) {
      unplaced.push(name);
      continue;
    }
    for (const m of [...mutants].sort(byPlace)) {
      const { status, rule } = classify(m);
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
      lines.get(line).push(entry);
    }
  }
  return { areas: tallies, equivalent, excluded, unplaced, ...markedLines(lines) };
}

/**
 * On each line that holds a marked (equivalent) mutant: the other mutators' mutants that are
 * not detected (a mark silences only its own mutators, so these must be killed), and the
 * mutators whose mark silences more than one mutant there (siblings a reviewer checks: the
 * mark's reason may hold for one and not the other).
 */
function markedLines(lines) {
  const unkilledBesideMarks = [];
  const sharedMarks = [];
  for (const [line, entries] of lines) {
    const marked = entries.filter((e) => e.status === 'equivalent');
    if (marked.length === 0) continue;
    const mutators = new Set(marked.map((e) => e.mutator));
    for (const e of entries) {
      if (!mutators.has(e.mutator) && UNDETECTED.has(e.status)) unkilledBesideMarks.push(e);
    }
    for (const mutator of mutators) {
      const count = marked.filter((e) => e.mutator === mutator).length;
      if (count > 1) sharedMarks.push({ line, mutator, count });
    }
  }
  return { unkilledBesideMarks, sharedMarks };
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
