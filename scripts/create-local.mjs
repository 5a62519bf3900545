#!/usr/bin/env node
/**
 * Start a game from a clone of this repository, before `@loop/core` and `create-loop` are on
 * npm (`npm create loop` answers 404 until the first release):
 *
 *   pnpm create:local ../my-game --template rapier        a project outside the repository
 *   pnpm create:local games/my-game --template mobile     a package of this workspace
 *   (npm run create:local -- <dir> --template <name> does the same with only npm installed)
 *
 * 1. builds @loop/core and create-loop with turbo (cached: instant after the first time);
 * 2. runs that create-loop, with the arguments given, in the folder the command was run from;
 * 3. outside the repository, packs @loop/core into `<dir>/vendor/loop-core-<version>.tgz` and
 *    points the project's `@loop/core` at it (`file:vendor/...`), so npm, pnpm and yarn install
 *    it with no registry that holds our packages. Under `games/` nothing is needed: create-loop
 *    sees the workspace and keeps `workspace:^`. Anywhere else inside the repository is refused.
 *
 * Run by `node scripts/quickstart.mjs create` (the root's `create:local`), which first installs
 * pnpm and the workspace when they are missing. Exits non-zero with one line on failure.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const cli = join(root, 'packages', 'create-loop', 'dist');
const core = join(root, 'packages', 'core');
const USAGE = 'usage: pnpm create:local <dir> --template <name> [create-loop options]';

/** Prints `message` as one line on stderr and exits with `code`. */
function fail(message, code = 1) {
  console.error(`create:local: ${message}`);
  process.exit(code);
}

/** Runs a command with inherited output; exits with a message when it fails. */
function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    fail(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

const args = process.argv.slice(2);
// biome-ignore lint/suspicious/noUndeclaredEnvVars: set by pnpm/npm run (the folder the user typed in), never read under turbo
const cwd = process.env.INIT_CWD ?? process.cwd();
if (args.includes('--help') || args.includes('-h')) {
  console.log(
    `${USAGE}\n\nThe options are create-loop's (node packages/create-loop/dist/index.js --help).`,
  );
  process.exit(0);
}

// 1. The packages, built (turbo restores them from its cache when nothing changed).
run(
  'pnpm',
  [
    'turbo',
    'run',
    'build',
    '--filter=@loop/core',
    '--filter=create-loop',
    '--output-logs=errors-only',
  ],
  root,
);

// 2. Where the project goes, checked before anything is written.
const { parseCliArgs } = await import(pathToFileURL(join(cli, 'args.js')).href);
const { findPnpmWorkspace } = await import(pathToFileURL(join(cli, 'workspace.js')).href);
let dir;
try {
  dir = parseCliArgs(args).targetDir;
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (dir === undefined) fail(`name the folder of the new game. ${USAGE}`, 2);
const target = resolve(cwd, dir);
const inRepo = !relative(root, target).startsWith('..') && !isAbsolute(relative(root, target));
if (inRepo && !(await findPnpmWorkspace(target))?.covers) {
  fail(
    `${target} is inside this repository but not under games/: create the game outside it ` +
      `(e.g. ../${relative(root, target).split(/[\\/]/).pop()}) or as games/<name> to work on it beside the templates`,
  );
}

// 3. The project, by the create-loop just built (its errors are its own one line).
// Outside the repository @loop/core comes from vendor/ (step 4): create-loop need not ask the
// registry for a published version that does not exist yet.
const created = spawnSync(process.execPath, [join(cli, 'index.js'), ...args], {
  cwd,
  env: inRepo ? process.env : { ...process.env, CREATE_LOOP_VENDORED: '1' },
  stdio: 'inherit',
});
if (created.status !== 0) process.exit(created.status ?? 1);
if (inRepo) process.exit(0);

// 4. Outside the repository: @loop/core as a tarball inside the project.
const vendor = join(target, 'vendor');
mkdirSync(vendor, { recursive: true });
const packed = spawnSync('pnpm', ['pack', '--pack-destination', vendor], {
  cwd: core,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (packed.status !== 0) fail(`pnpm pack of @loop/core failed (exit ${packed.status})`);
const { version } = JSON.parse(readFileSync(join(core, 'package.json'), 'utf8'));
const tarball = readdirSync(vendor).find((file) => file === `loop-core-${version}.tgz`);
if (tarball === undefined) fail(`pnpm pack left no loop-core-${version}.tgz in ${vendor}`);
const manifestFile = join(target, 'package.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const field = ['dependencies', 'devDependencies'].find((f) => manifest[f]?.['@loop/core']);
if (field === undefined) fail(`${manifestFile} does not depend on @loop/core`);
const published = manifest[field]['@loop/core'];
const spec = `file:vendor/${tarball}`;
manifest[field]['@loop/core'] = spec;
writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(
  `@loop/core is not on npm yet: packed it into vendor/${tarball} and set "@loop/core": ` +
    `"${spec}" in package.json.\nAfter the first release, set it back to "${published}" ` +
    'and delete vendor/.',
);
