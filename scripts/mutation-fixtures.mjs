import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ruleMessage, ruleNamed } from './mutation-rules.mjs';
import { readSiblings, recordText } from './mutation-siblings-record.mjs';

/**
 * Mutants as Stryker's reports hold them, for the tests of the mutation gate and of the
 * incremental file's committed form (scripts/*.test.mjs): one helper so both build the same
 * shape.
 */

/** A place five columns wide on one line. */
export const at = (line, column) => ({
  start: { line, column },
  end: { line, column: column + 5 },
});

/** One mutant of a report: its id, place, mutator, replacement, status and Stryker's reason. */
export const mutant = (id, line, column, mutatorName, replacement, status, statusReason) => ({
  id: String(id),
  mutatorName,
  replacement,
  status,
  ...(statusReason && { statusReason }),
  location: at(line, column),
});

/** The reason Stryker gives a mutant the 'look' rule left out. */
const LOOK = ruleMessage(ruleNamed('look'));

/** One file: a marked line 10 (two EqualityOperator mutants), its other mutators, a rule's. */
export function sample(besideMark = 'Killed') {
  return [
    {
      name: 'src/a.ts',
      mutants: [
        mutant(1, 10, 21, 'EqualityOperator', 'i <= n', 'Ignored', 'past the end'),
        mutant(2, 10, 21, 'EqualityOperator', 'i >= n', 'Ignored', 'past the end'),
        mutant(3, 10, 21, 'ConditionalExpression', 'false', besideMark),
        mutant(4, 12, 9, 'ConditionalExpression', 'false', 'Ignored', 'zero moves nothing'),
        mutant(5, 12, 20, 'ConditionalExpression', 'false', 'Ignored', 'zero moves nothing'),
        mutant(6, 14, 3, 'StringLiteral', '""', 'Ignored', LOOK),
        mutant(
          7,
          15,
          3,
          'StringLiteral',
          '""',
          'Ignored',
          'Ignored because of excluded mutation "StringLiteral"',
        ),
        mutant(8, 16, 3, 'BlockStatement', '{}', 'Survived'),
        mutant(9, 17, 3, 'BlockStatement', '{}', 'Timeout'),
      ],
    },
  ];
}

/** The source of sample()'s file: its marked lines 10 and 12 as they read. */
export const SOURCE = [
  ...Array(9).fill(''),
  '  for (let i = 0; i < n; i++) {',
  '',
  '  if (a && b) move();',
].join('\n');

/** sample() with its file's source, as Stryker's report holds it. */
export const withSource = (files) => files.map((f) => ({ ...f, source: SOURCE }));

/**
 * A siblings record (mutation-siblings-record.mjs) of sample()'s four marked mutants: what a run
 * without their marks made of each (ids 1, 2, 4, 5), survived unless `statuses` says otherwise.
 */
export function record(statuses = {}, text = (line) => SOURCE.split('\n')[line - 1]) {
  const marked = sample()[0].mutants.filter(
    (m) => m.statusReason && !m.statusReason.includes('excluded'),
  );
  return recordText(
    marked
      .filter((m) => !m.statusReason.startsWith('Ignored because'))
      .map((m) => ({
        file: 'src/a.ts',
        text: text(m.location.start.line),
        mutant: m,
        status: statuses[m.id] ?? 'survived',
      })),
  );
}

/** A record's text as the lookup the gate reads. */
export function lookup(text) {
  const dir = mkdtempSync(join(tmpdir(), 'siblings-'));
  try {
    mkdirSync(join(dir, 'mutation'));
    writeFileSync(join(dir, 'mutation/siblings.json'), text);
    return readSiblings(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
