#!/usr/bin/env node
/**
 * The gate after `stryker run` (`pnpm mutate`), shared by every package that runs Stryker
 * (@loop/core, the templates): reads Stryker's JSON report in the current package, prints the
 * mutation score of each area and exits 1 when one is under its threshold. Areas are arguments,
 * `<path prefix>=<threshold>`, the first matching one wins; @loop/core passes
 * `src/dom/=80 src/=90` (dom/ is driven by the real-browser tests), a template `src/=85`.
 * `--checked=<date>` names the day the marked lines' siblings were last checked killed.
 *
 *   node ../../scripts/mutation-score.mjs src/dom/=80 src/=90 --checked=2026-11-22
 *
 * Score = detected / valid, as Stryker counts it: killed and timed-out mutants are detected;
 * survived and uncovered ones are not; compile errors and mutants marked equivalent (a
 * `// Stryker disable` comment with its reason, so the mark moves with the code) do not count.
 * It also rewrites MUTANTS.md, the list of those equivalent mutants and why, from the report.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = process.cwd();
const { name: packageName } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const report = JSON.parse(readFileSync(join(root, 'reports/mutation/mutation.json'), 'utf8'));

const args = process.argv.slice(2);
const checked = args.find((a) => a.startsWith('--checked='))?.slice('--checked='.length);
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
  console.error('usage: node mutation-score.mjs <path prefix>=<threshold>... [--checked=<date>]');
  process.exit(2);
}
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const tally = AREAS.map((area) => ({ ...area, detected: 0, undetected: 0, survivors: [] }));
const equivalent = [];
/**
 * Mutants of a mutator the package's Stryker config leaves out (`mutator.excludedMutations`, with
 * its reason in that config): counted apart, not listed as equivalent mutants.
 */
const EXCLUDED = /^Ignored because of excluded mutation/;
const excluded = new Map();
for (const [path, file] of Object.entries(report.files)) {
  const name = relative(root, join(report.projectRoot ?? root, path)).replaceAll('\\', '/');
  const area = tally.find((a) => a.test(name));
  if (!area) {
    console.error(`mutation-score: ${name} is in no area (${args.join(' ')})`);
    process.exit(2);
  }
  for (const m of file.mutants) {
    const where = `${name}:${m.location.start.line}`;
    if (DETECTED.has(m.status)) area.detected++;
    else if (UNDETECTED.has(m.status)) {
      area.undetected++;
      area.survivors.push(`${where} ${m.mutatorName} ${m.status}: ${m.replacement ?? ''}`);
    } else if (m.status === 'Ignored' && EXCLUDED.test(m.statusReason ?? '')) {
      excluded.set(m.mutatorName, (excluded.get(m.mutatorName) ?? 0) + 1);
    } else if (m.status === 'Ignored') {
      equivalent.push({
        where,
        mutator: m.mutatorName,
        replacement: m.replacement ?? '',
        reason: m.statusReason ?? '',
      });
    }
  }
}

let failed = false;
for (const a of tally) {
  const valid = a.detected + a.undetected;
  const score = valid === 0 ? 100 : (100 * a.detected) / valid;
  const ok = score >= a.threshold;
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${a.name}: ${score.toFixed(2)} % (${a.detected} of ${valid} detected; threshold ${a.threshold} %)`,
  );
  for (const s of a.survivors) console.log(`       ${s}`);
}

for (const [mutator, count] of excluded) {
  console.log(`     ${count} ${mutator} mutants not run: excluded by stryker.config.mjs`);
}

/** Rows of silenced mutants, one per place, mutator and replacement. */
const rows = new Map();
for (const e of equivalent.sort((x, y) =>
  x.where.localeCompare(y.where, 'en', { numeric: true }),
)) {
  const replacement = `\`${e.replacement.replaceAll('|', '\\|').replace(/\s+/g, ' ')}\``;
  rows.set(`${e.where}|${e.mutator}|${replacement}`, [
    `\`${e.where}\``,
    e.mutator,
    replacement,
    e.reason.replace(/^.*?: /, ''),
  ]);
}
writeFileSync(join(root, 'MUTANTS.md'), markdown([...rows.values()]));
process.exit(failed ? 1 : 0);

/** The file as the repository's formatter (biome) writes it: table columns padded to width. */
function markdown(rows) {
  const table = [['where', 'mutator', 'mutant', 'why the line is marked'], ...rows];
  const widths = table[0].map((_, i) => Math.max(3, ...table.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  const siblings = checked
    ? `Those were checked killed by a run with\nevery comment removed (${checked})`
    : 'Whether those are killed shows only in a run\nwith every comment removed';
  const rule = `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`;
  return `# Equivalent mutants

Mutants of \`${packageName}\` that no test can kill because they do not change what the code
does, each marked in the source with a \`// Stryker disable next-line <mutator>: <reason>\`
comment. A comment silences every mutant of its mutator on that line, so the table lists them
all: beside each equivalent one (\`<\` made \`<=\` where both agree at the boundary) may stand
a sibling that does change behaviour (\`<\` made \`>=\`). ${siblings}. This file is written by \`pnpm mutate\` from Stryker's
report; every other mutant must be killed.

${[line(table[0]), rule, ...table.slice(1).map(line)].join('\n')}
`;
}
