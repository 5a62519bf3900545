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

const root = resolve(import.meta.dirname, '..');
const PNPM = '10.34.9';
const task = process.argv[2];
if (task !== 'dev' && task !== 'test' && task !== 'create') {
  console.error('usage: node scripts/quickstart.mjs dev|test|create');
  process.exit(2);
}

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1' };

function run(cmd, args, options = {}) {
  console.log(`\n> ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit', ...options });
  if (r.status !== 0) {
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

// 1. pnpm at the pinned version: use the one on PATH if it matches, else install it under .tools/.
if (version('pnpm') !== PNPM) {
  const tools = join(root, '.tools');
  const bin = join(tools, 'node_modules', '.bin');
  if (!existsSync(join(bin, 'pnpm'))) {
    run('npm', ['install', '--prefix', tools, '--no-audit', '--no-fund', `pnpm@${PNPM}`]);
  }
  env.PATH = `${bin}${delimiter}${env.PATH}`;
}

// 2. The workspace, exactly as locked.
run('pnpm', ['install', '--frozen-lockfile']);

if (task === 'create') {
  run(process.execPath, [join(root, 'scripts', 'create-local.mjs'), ...process.argv.slice(3)]);
  process.exit(0);
}

if (task === 'dev') {
  run('pnpm', ['turbo', 'run', 'build', '--filter=@loop/core', '--filter=docs']);
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
run('pnpm', ['lint']);
// One task at a time: the machine has few cores, and Chromium and Stryker each want them all.
run('pnpm', [
  'turbo',
  'run',
  'typecheck',
  'build',
  'test',
  'mutate',
  '--continue',
  '--concurrency=1',
]);
console.log('\nAll checks passed.');
