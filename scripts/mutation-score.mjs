#!/usr/bin/env node
/**
 * The gate after `stryker run` (`pnpm mutate`), shared by every package that runs Stryker
 * (@loop/core, the templates, the lab): reads Stryker's JSON report in the current package,
 * prints each area's mutants by status and its mutation score, and exits 1 when one is under its
 * threshold or a marked line holds a mutant that is not killed. Areas are arguments,
 * `<path prefix>=<threshold>`, the first matching one wins; @loop/core passes
 * `src/dom/=90 src/=90` (dom/ apart: the real-browser tests drive it), a template `src/=90`.
 * A mark that silences more than one mutant of its mutator on its line must have each of them in
 * the package's committed siblings record (mutation/siblings.json, written by
 * scripts/mutation-siblings.mjs, which runs them without their marks): a mutant the record
 * found killed counts as killed; one it found surviving is what the mark claims equivalent; one
 * it has no record of (the line is new or changed since) fails the gate.
 *
 *   node ../../scripts/mutation-score.mjs src/dom/=90 src/=90
 *
 * Score = detected / valid, as Stryker counts it: killed and timed-out mutants are detected;
 * survived and uncovered ones are not; compile errors, mutants marked equivalent (a
 * `// Stryker disable` comment with its reason, so the mark moves with the code) and mutants a
 * named rule leaves out (scripts/mutation-rules.mjs) do not count, and are printed apart.
 *
 * It writes MUTANTS.md (mutants-md.mjs) and puts the committed incremental results in their
 * committed form (mutation-incremental.mjs), each only when its bytes change. In the test
 * suite's check run (LOOP_MUTATION_CHECK=1, scripts/stryker-template.mjs) it writes no
 * committed file: a MUTANTS.md that would change goes to reports/mutation/ with a warning.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { mutantsMarkdown } from './mutants-md.mjs';
import { incrementalText, writeIfChanged } from './mutation-incremental.mjs';
import { readSiblings, SIBLINGS_FILE } from './mutation-siblings-record.mjs';
import { STATUSES, score, tally } from './mutation-tally.mjs';
import { CHECK_ENV, COMMITTED_INCREMENTAL, isCheckRun } from './stryker-template.mjs';

const root = process.cwd();
const { name: packageName } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const report = JSON.parse(readFileSync(join(root, 'reports/mutation/mutation.json'), 'utf8'));

const args = process.argv.slice(2);
/** Areas and their thresholds, the first matching one wins; a file no area matches fails. */
const AREAS = args
  .filter((a) => !a.startsWith('--'))
  .map((a, i, all) => {
    const [prefix, threshold] = a.split('=');
    if (!prefix || !(Number(threshold) > 0)) {
      console.error(`mutation-score: "${a}" is not <path prefix>=<threshold>`);
      process.exit(2);
    }
    const name = i > 0 && i === all.length - 1 ? `${prefix} (the rest)` : prefix;
    return { name, test: (file) => file.startsWith(prefix), threshold: Number(threshold) };
  });
if (AREAS.length === 0) {
  console.error('usage: node mutation-score.mjs <path prefix>=<threshold>...');
  process.exit(2);
}

const files = Object.entries(report.files).map(([path, file]) => ({
  name: relative(root, join(report.projectRoot ?? root, path)).replaceAll('\\', '/'),
  mutants: file.mutants,
  source: file.source,
}));
const result = tally(files, AREAS, readSiblings(root));
if (result.unplaced.length > 0) {
  console.error(`mutation-score: ${result.unplaced.join(', ')} in no area (${args.join(' ')})`);
  process.exit(2);
}

let failed = false;
console.log(`${packageName}:`);
for (const a of result.areas) {
  const { detected, valid, percent } = score(a.counts);
  const ok = percent >= a.threshold;
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${a.name}: ${percent.toFixed(2)} % (${detected} of ${valid} detected; threshold ${a.threshold} %)`,
  );
  console.log(`       ${STATUSES.map(([key, label]) => `${a.counts[key]} ${label}`).join(', ')}`);
  for (const s of a.survivors) {
    console.log(`       ${s.where} ${s.mutator} ${s.status}: ${s.replacement}`);
  }
}

for (const { rule, count } of result.excluded.values()) {
  console.log(`     excluded by rule "${rule.name}": ${count} mutants (${rule.reason})`);
}
const leftOut = (report.config?.mutate ?? []).filter((p) => p.startsWith('!'));
if (leftOut.length > 0) {
  console.log(`     files not mutated (stryker.config.mjs): ${leftOut.join(' ')}`);
}

if (result.unkilledBesideMarks.length > 0) {
  failed = true;
  console.log('FAIL marked lines hold mutants of other mutators that are not killed:');
  for (const e of result.unkilledBesideMarks) {
    console.log(`       ${e.where} ${e.mutator} ${e.status}: ${e.replacement}`);
  }
}
const silenced = result.sharedMarks.reduce((n, s) => n + s.count, 0);
console.log(
  `     ${result.equivalent.length} mutants marked equivalent, ${result.killedSiblings} marked ones killed without their marks (${SIBLINGS_FILE}); ${result.sharedMarks.length} marks silence more than one mutant of their mutator (${silenced} in all)`,
);
for (const s of result.sharedMarks) console.log(`       ${s.line} ${s.mutator}: ${s.count}`);
if (result.uncheckedSiblings.length > 0) {
  failed = true;
  console.log(
    `FAIL marked mutants that share their mark with another and no siblings run has checked (node ../../scripts/mutation-siblings.mjs, then commit ${SIBLINGS_FILE}):`,
  );
  for (const e of result.uncheckedSiblings) {
    console.log(`       ${e.where} ${e.mutator}: ${e.replacement}`);
  }
}

const markdown = mutantsMarkdown({ packageName, ...result });
if (isCheckRun()) {
  // The test suite's run: committed files are read, never written.
  console.log(`     check run (${CHECK_ENV}=1): results in reports/, no committed file written`);
  const current = existsSync('MUTANTS.md') ? readFileSync('MUTANTS.md', 'utf8') : '';
  if (current !== markdown) {
    mkdirSync('reports/mutation', { recursive: true });
    writeIfChanged('reports/mutation/MUTANTS.md', markdown);
    console.log(
      'WARN MUTANTS.md is out of date (the fresh one is reports/mutation/MUTANTS.md): run pnpm mutate and commit it',
    );
  }
} else {
  if (writeIfChanged('MUTANTS.md', markdown)) console.log('     MUTANTS.md rewritten');
  if (existsSync(COMMITTED_INCREMENTAL)) {
    const text = incrementalText(JSON.parse(readFileSync(COMMITTED_INCREMENTAL, 'utf8')));
    if (writeIfChanged(COMMITTED_INCREMENTAL, text)) {
      console.log(`     ${COMMITTED_INCREMENTAL} put in its committed form`);
    }
  }
}
process.exit(failed ? 1 : 0);
