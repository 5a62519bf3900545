#!/usr/bin/env node
/**
 * The benchmarks of this tree beside those of another commit, in one run on one machine:
 *
 *   pnpm bench:compare <commit>                        e.g. main, v0.1.0
 *   node scripts/bench-compare.mjs --base <commit>     the same
 *
 * Figures from two runs on different days or machines cannot be compared; these can. The other
 * commit is checked out in a temporary git worktree (removed at the end, also on failure),
 * installed from the pnpm store, and built; then each benchmark runs there and here, one after
 * the other, and both outputs are printed under the same heading:
 * - `pnpm bench:worker`: the rapier game on the main thread and in a worker (frame time, ticks
 *   per real second idle and blocked, input to frame);
 * - `pnpm --filter multiplayer bench:load`: bots against a two-process cluster on Redis (ticks,
 *   snapshots and bytes per second, rooms and clients per process).
 * Environment: BENCH_SECONDS (worker bench, default 6 here 3), CLIENTS (load, default 60),
 * SECONDS (load, default 5). Prints; never fails on speed, only when a benchmark cannot run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const { values, positionals } = parseArgs({
  options: { base: { type: 'string' } },
  allowPositionals: true,
});
values.base ??= positionals[0];
if (!values.base) {
  console.error(
    'usage: pnpm bench:compare <commit> (or node scripts/bench-compare.mjs --base <commit>)',
  );
  process.exit(2);
}

/** The benchmarks, each a command run in both trees. */
const BENCHES = [
  { title: 'Worker mode (pnpm bench:worker)', args: ['bench:worker'] },
  { title: 'Load test (bench:load)', args: ['--filter', 'multiplayer', 'bench:load'] },
];
// Read here, never under turbo: this script runs benchmarks, not a cached task.
const { BENCH_SECONDS = '3', CLIENTS = '60', SECONDS = '5' } = process.env;
const env = { ...process.env, BENCH_SECONDS, CLIENTS, SECONDS };

/** Runs `pnpm args` in `cwd`; its output, or a thrown Error naming the command. */
function pnpm(args, cwd, quiet = false) {
  const ran = spawnSync('pnpm', args, { cwd, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (ran.status !== 0) {
    throw new Error(`pnpm ${args.join(' ')} in ${cwd} failed:\n${ran.stdout}${ran.stderr}`);
  }
  return quiet ? '' : ran.stdout;
}

const base = mkdtempSync(join(tmpdir(), 'loop-bench-base-'));
const git = (args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
const added = git(['worktree', 'add', '--detach', base, values.base]);
if (added.status !== 0) {
  console.error(added.stderr.trim());
  process.exit(1);
}
try {
  console.log(`Setting up ${values.base} in a temporary worktree...`);
  pnpm(['install', '--frozen-lockfile', '--prefer-offline'], base, true);
  for (const tree of [base, root]) pnpm(['run', 'build:packages'], tree, true);
  for (const bench of BENCHES) {
    for (const [name, tree] of [
      [values.base, base],
      ['this tree', root],
    ]) {
      console.log(`\n== ${bench.title}: ${name}\n`);
      console.log(pnpm(bench.args, tree).trim());
    }
  }
} finally {
  git(['worktree', 'remove', '--force', base]);
  rmSync(base, { recursive: true, force: true });
}
