#!/usr/bin/env node
/**
 * Runs the mutants that `// Stryker disable` comments silence and records what the tests make of
 * each in mutation/siblings.json (mutation-siblings-record.mjs), which the gate
 * (mutation-score.mjs) reads on every run: commit it with the package's results. A comment
 * silences every mutant of its mutator on its line: where `<` made `<=` is equivalent, `<` made
 * `>=` on the same line may not be. This copies the package to <repo>/.stryker-tmp/siblings-<name>
 * (two levels below the root, as the configs expect; its node_modules' links copied), blanks
 * every Stryker comment of the marked files there (line numbers kept), and runs Stryker on the
 * marked lines alone, with no incremental results. It prints each marked mutant as killed or
 * surviving: a killed one is a sibling the mark need not cover (remove the mark if every mutant
 * of its mutator there is killed; the gate counts it killed meanwhile); a surviving one is what
 * the mark claims equivalent, so read its reason against it. Run it in a package after
 * `pnpm mutate` (it reads reports/mutation/mutation.json for the marks):
 *
 *   node ../../scripts/mutation-siblings.mjs
 *
 * Only mutation/siblings.json is written in the package; the copy is removed unless `--keep` is
 * given. Its cost is one run of the package's whole test suite plus the marked mutants' covering
 * tests: about a minute for templates/mobile or three here; a package whose tests play long
 * sessions (templates/rapier) takes many minutes.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, join, relative } from 'node:path';
import { REPO_ROOT } from './mutation-incremental.mjs';
import { lineText, recordText, SIBLINGS_FILE } from './mutation-siblings-record.mjs';
import { classify } from './mutation-tally.mjs';

const root = process.cwd();
const keep = process.argv.includes('--keep');
const reportPath = join(root, 'reports/mutation/mutation.json');
if (!existsSync(reportPath)) {
  console.error('mutation-siblings: no reports/mutation/mutation.json here: run pnpm mutate first');
  process.exit(2);
}

/** The marked mutants of a report, by `file:line`: the mutators and how many were silenced. */
function marks(report, base) {
  const byLine = new Map();
  for (const [path, file] of Object.entries(report.files)) {
    const name = relative(base, join(report.projectRoot ?? base, path)).replaceAll('\\', '/');
    for (const m of file.mutants) {
      if (classify(m).status !== 'equivalent') continue;
      const key = `${name}:${m.location.start.line}`;
      const mark = byLine.get(key) ?? { name, line: m.location.start.line, silenced: [] };
      mark.silenced.push(m);
      byLine.set(key, mark);
    }
  }
  return [...byLine.values()];
}

/** The links of a node_modules folder: its entries and those of its @scopes. */
function topLinks(dir) {
  const links = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name.startsWith('@') && !lstatSync(path).isSymbolicLink()) {
      for (const inner of readdirSync(path)) links.push(join(path, inner));
    } else links.push(path);
  }
  return links.filter((path) => lstatSync(path).isSymbolicLink());
}

const marked = marks(JSON.parse(readFileSync(reportPath, 'utf8')), root);
if (marked.length === 0) {
  console.log('mutation-siblings: no marked mutants here');
  process.exit(0);
}

const copy = join(REPO_ROOT, '.stryker-tmp', `siblings-${basename(root)}`);
rmSync(copy, { recursive: true, force: true });
mkdirSync(copy, { recursive: true });
// dist/ is kept, as Stryker's own sandbox keeps it: a test may run the built package (net's sync
// test imports its development build in a node process of its own).
const skipped = new Set(['node_modules', 'reports', '.turbo', 'MUTANTS.md']);
cpSync(root, copy, {
  recursive: true,
  filter: (src) => {
    const path = relative(root, src).replaceAll('\\', '/');
    return !skipped.has(path.split('/')[0]) && path !== 'mutation/stryker-incremental.json';
  },
});
// node_modules as pnpm made it, links kept as they are (relative, and the copy sits as deep as
// the package): Stryker links the sandbox to a real node_modules folder, not to a link.
cpSync(join(root, 'node_modules'), join(copy, 'node_modules'), {
  recursive: true,
  verbatimSymlinks: true,
  filter: (src) => !/[\\/]node_modules[\\/]\.(vite|cache)\b/.test(src),
});
// A workspace package's link that leads out of the package's own folder (packages/net's
// @loop/core is ../../../core) lands elsewhere from the copy: point it at what it names here.
for (const link of topLinks(join(copy, 'node_modules'))) {
  if (existsSync(link)) continue;
  const original = join(root, relative(copy, link));
  rmSync(link);
  symlinkSync(realpathSync(original), link);
}
for (const file of new Set(marked.map((m) => m.name))) {
  const path = join(copy, file);
  const text = readFileSync(path, 'utf8');
  // The comment becomes an empty one: every line keeps its number.
  writeFileSync(path, text.replace(/\/\/\s*Stryker (disable|restore)\b.*$/gm, '//'));
}

// Each marked line to the last line any of its mutants reaches (a mutant that spans lines,
// a block or a call, is only run when its whole span is in range).
const ranges = marked.map((m) => {
  const end = Math.max(m.line, ...m.silenced.map((s) => s.location.end.line));
  return `${m.name}:${m.line}-${end}`;
});
// The package's config with the marked lines alone to mutate, an incremental file that does
// not exist (every mutant run afresh), vitest's related-file lookup off (in a copy of a copy,
// Stryker's sandbox of this one, it finds no test for a mutated file), and the sandbox removed
// even when the run fails.
writeFileSync(
  join(copy, 'stryker.siblings.config.mjs'),
  `import config from './stryker.config.mjs';
export default {
  ...config,
  mutate: ${JSON.stringify(ranges)},
  incrementalFile: 'reports/siblings-incremental.json',
  vitest: { ...config.vitest, related: false },
  cleanTempDir: 'always',
};
`,
);
console.log(`mutation-siblings: ${marked.length} marked lines, Stryker in ${copy}`);
const run = spawnSync('pnpm', ['exec', 'stryker', 'run', 'stryker.siblings.config.mjs'], {
  cwd: copy,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const fresh = join(copy, 'reports/mutation/mutation.json');
if (run.status !== 0 || !existsSync(fresh)) {
  console.error(
    `mutation-siblings: Stryker failed (exit ${run.status}); the copy is kept: ${copy}`,
  );
  process.exit(1);
}

const results = JSON.parse(readFileSync(fresh, 'utf8'));
const status = new Map();
for (const [path, file] of Object.entries(results.files)) {
  const name = relative(copy, join(results.projectRoot ?? copy, path)).replaceAll('\\', '/');
  for (const m of file.mutants) {
    const key = `${name}:${m.location.start.line}:${m.location.start.column}|${m.mutatorName}|${m.replacement}`;
    status.set(key, classify(m).status);
  }
}
let surviving = 0;
let unseen = 0;
const found = [];
for (const mark of marked) {
  const source = readFileSync(join(root, mark.name), 'utf8');
  console.log(`${mark.name}:${mark.line} (${mark.silenced[0].statusReason})`);
  for (const m of mark.silenced) {
    const key = `${mark.name}:${m.location.start.line}:${m.location.start.column}|${m.mutatorName}|${m.replacement}`;
    const s = status.get(key);
    const verdict =
      s === 'killed' || s === 'timeout'
        ? 'killed by the tests'
        : s === undefined
          ? 'not run (it spans more than its line)'
          : `${s}: the mark's reason must hold for it`;
    if (s === 'survived' || s === 'noCoverage') surviving++;
    if (s === undefined) unseen++;
    found.push({
      file: mark.name,
      text: lineText(source, m.location.start.line),
      mutant: m,
      status: s === undefined ? 'notRun' : s,
    });
    console.log(`   ${m.location.start.column} ${m.mutatorName} \`${m.replacement}\`: ${verdict}`);
  }
}
const total = marked.reduce((n, m) => n + m.silenced.length, 0);
console.log(
  `mutation-siblings: ${total} marked mutants, ${surviving} survive without their marks, ${total - surviving - unseen} killed, ${unseen} not run`,
);
writeFileSync(join(root, SIBLINGS_FILE), recordText(found));
console.log(`mutation-siblings: wrote ${SIBLINGS_FILE}: commit it with the results`);
if (!keep) rmSync(copy, { recursive: true, force: true });
