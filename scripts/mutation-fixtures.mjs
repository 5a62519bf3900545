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
