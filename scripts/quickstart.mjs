#!/usr/bin/env node
/**
 * The README's two commands, `npm start` and `npm test`, on a machine that has only Node and
 * npm: fetch the pinned pnpm locally (no global install, no corepack), install the workspace
 * from the lockfile, make sure a Chromium exists for the browser tests, then hand off to turbo.
 *
 *   node scripts/quickstart.mjs dev    build @loop/core and serve every app
 *   node scripts/quickstart.mjs test   lint, type-check, build and run every test
 *   node scripts/quickstart.mjs create <dir> --template <name>   start a game from this clone
 *                                      (scripts/create-local.mjs; the root's `create:local`)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { chromiumPath } from './chromium.mjs';
import { changedPaths, treeState } from './clean-tree.mjs';
import { ArgsError, canCheck, checkCreateArgs } from './create-args.mjs';
import { publishedLibraries } from './vendor-packages.mjs';

const root = resolve(import.meta.dirname, '..');
const PNPM = '10.34.9';
const task = process.argv[2];
if (task !== 'dev' && task !== 'test' && task !== 'create') {
  console.error('usage: node scripts/quickstart.mjs dev|test|create');
  process.exit(2);
}

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1' };

// Ctrl-C reaches the running command too (one process group): it ends, and run() exits 130.
process.on('SIGINT', () => {});

/**
 * Runs a command, its output shown as it comes, or with `quiet` held back and shown only when it
 * fails. Exits when it fails; quietly with 130 when it ended by Ctrl-C (nothing failed).
 */
function run(cmd, args, { quiet = false, ...options } = {}) {
  console.log(`\n> ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, {
    cwd: root,
    env,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
    ...options,
  });
  if (r.status === 130 || r.signal === 'SIGINT') process.exit(130);
  if (r.status !== 0) {
    if (quiet) process.stdout.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
    console.error(`\n${cmd} ${args[0] ?? ''} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
}

function version(cmd) {
  try {
    return execFileSync(cmd, ['--version'], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
}

// 0. create: its arguments checked first when create-loop is built (scripts/create-args.mjs), so
// a wrong one is one line, before pnpm or turbo print anything.
const createArgs = process.argv.slice(3);
if (task === 'create' && canCheck(root)) {
  try {
    // biome-ignore lint/suspicious/noUndeclaredEnvVars: set by pnpm/npm run (the folder the user typed in)
    await checkCreateArgs(createArgs, { root, cwd: process.env.INIT_CWD ?? process.cwd() });
  } catch (error) {
    if (!(error instanceof ArgsError)) throw error;
    console.error(`create:local: ${error.message}`);
    process.exit(error.exitCode);
  }
}

// 1. pnpm at the pinned version: use the one on PATH if it matches, else install it under .tools/.
if (version('pnpm') !== PNPM) {
  const tools = join(root, '.tools');
  const bin = join(tools, 'node_modules', '.bin');
  if (!existsSync(join(bin, 'pnpm'))) {
    run('npm', ['install', '--prefix', tools, '--no-audit', '--no-fund', `pnpm@${PNPM}`]);
  }
  env.PATH = `${bin}${delimiter}${env.PATH}`;
}

// 2. The workspace, exactly as locked (for create, its output only if it fails: the game's lines
// are what matter there).
run('pnpm', ['install', '--frozen-lockfile'], { quiet: task === 'create' });

if (task === 'create') {
  run(process.execPath, [join(root, 'scripts', 'create-local.mjs'), ...createArgs]);
  process.exit(0);
}

if (task === 'dev') {
  const libraries = publishedLibraries(root).map((library) => `--filter=${library.name}`);
  run('pnpm', ['turbo', 'run', 'build', ...libraries, '--filter=docs']);
  run('pnpm', ['--filter', 'gallery', 'dev']);
  process.exit(0);
}

// 3. The browsers of the browser tests, Debian's, installed with apt-get when we may: Chromium
// (headless, through Playwright), and Firefox ESR with Xvfb, the virtual display it draws WebGL
// on (through puppeteer-core; apps/gallery/test/firefox.ts). And Redis, which the multiplayer
// template's tests start to spread rooms over two server processes (`redis-server` on PATH).
const needed = [
  [chromiumPath, 'chromium', 'CHROMIUM_PATH'],
  [process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr', 'firefox-esr', 'FIREFOX_PATH'],
  ['/usr/bin/Xvfb', 'xvfb', ''],
].filter(([path]) => !existsSync(path));
if (!version('redis-server')) needed.push(['redis-server (on PATH)', 'redis-server', '']);
if (needed.length > 0) {
  const packages = needed.map(([, pkg]) => pkg);
  if (process.getuid?.() === 0 && version('apt-get')) {
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', ...packages], {
      env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    for (const [path, pkg, variable] of needed) {
      const or = variable ? ` or set ${variable}` : '';
      console.error(
        `No ${pkg} at ${path}. Install it (Debian/Ubuntu: sudo apt-get install ${pkg})${or}.`,
      );
    }
    process.exit(1);
  }
}

// 4. Every check: lint, types, builds, unit/property/browser tests, scaffold end-to-end, budgets,
// and the mutation scores of @loop/core, the templates and the lab (incremental: only mutants a
// change touched are run). The mutation step runs as a check (LOOP_MUTATION_CHECK=1, passed
// through by turbo.json): it reads each package's committed results and writes its own under
// reports/, so a test run leaves the clone as it found it; `pnpm mutate` refreshes them.
env.LOOP_MUTATION_CHECK = '1';
// What the run changes in the clone is read at the end (scripts/clean-tree.mjs): none of it may.
const treeBefore = treeState(root);
run('pnpm', ['lint']);
// One task at a time: the machine has few cores, and Chromium and Stryker each want them all.
// Packages whose committed mutation results are missing or predate a change to their code, named
// with the command that writes them: their Stryker run would start over (hours here), so npm test
// leaves them out and says so, rather than time out. Empty this list once they are committed.
const STALE_MUTATION = {
  // Its rollback sessions run for seconds each under instrumentation: a first run takes hours.
  'template-rollback': 'cd templates/rollback && pnpm mutate',
};
const checks = spawnSync(
  'pnpm',
  ['turbo', 'run', 'typecheck', 'build', 'test', '--continue', '--concurrency=1'],
  { cwd: root, env, stdio: 'inherit' },
);
const stale = Object.keys(STALE_MUTATION).map((name) => `--filter=!${name}`);
const mutation = spawnSync(
  'pnpm',
  ['turbo', 'run', 'mutate', ...stale, '--continue', '--concurrency=1'],
  { cwd: root, env, stdio: 'inherit' },
);
for (const [name, command] of Object.entries(STALE_MUTATION)) {
  console.log(
    `\nmutation: ${name} not run: its committed results are missing or stale (${command})`,
  );
}
const changed = changedPaths(treeBefore, treeState(root));
if (changed.length > 0) {
  console.error(`\nThe test run changed the clone (a test must leave it as it found it):`);
  for (const path of changed) console.error(`  ${path}`);
}
if (checks.status !== 0 || mutation.status !== 0 || changed.length > 0) {
  console.error('\nSome checks failed (see above).');
  process.exit(checks.status || mutation.status || 1);
}
console.log('\nAll checks passed.');
