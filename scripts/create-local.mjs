#!/usr/bin/env node
/**
 * Start a game from a clone of this repository, before `@loop/core` and `create-loop` are on
 * npm (`npm create loop` answers 404 until the first release):
 *
 *   pnpm create:local ../my-game --template rapier        a project outside the repository
 *   pnpm create:local games/my-game --template mobile     a package of this workspace
 *   (npm run create:local -- <dir> --template <name> does the same with only npm installed)
 *
 * 1. builds the library packages (@loop/core, @loop/net, @loop/rapier: every public one in
 *    packages/) and create-loop with turbo (cached: instant after the first time);
 * 2. runs that create-loop, with the arguments given, in the folder the command was run from;
 * 3. outside the repository, packs each @loop/* package the project depends on into
 *    `<dir>/vendor/` (`loop-core-<version>.tgz`, ...) and points the project's dependencies at
 *    them (`file:vendor/...`, with overrides when there are several: vendor-packages.mjs), so
 *    npm, pnpm and yarn install them with no registry that holds our packages. Under `games/`
 *    nothing is needed: create-loop sees the workspace and keeps `workspace:^`. Anywhere else inside the repository is refused.
 *
 * Run by `node scripts/quickstart.mjs create` (the root's `create:local`), which first installs
 * pnpm and the workspace when they are missing. Exits non-zero with one line on failure.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ArgsError, builtCli, canCheck, checkCreateArgs, USAGE } from './create-args.mjs';
import { loopDependencies, publishedLibraries, withVendoredSpecs } from './vendor-packages.mjs';

const root = resolve(import.meta.dirname, '..');
const cli = builtCli(root);
const libraries = publishedLibraries(root);

/** Prints `message` as one line on stderr and exits with `code`. */
function fail(message, code = 1) {
  console.error(`create:local: ${message}`);
  process.exit(code);
}

/** Exits quietly with 130 when a child ended by Ctrl-C: the user asked, nothing failed. */
function exitIfInterrupted(result) {
  if (result.status === 130 || result.signal === 'SIGINT') process.exit(130);
}

/**
 * Runs a command with its output held back: shown only when it fails (with one line saying
 * what failed), so a build that works, or a cached one, prints nothing around the game's lines.
 */
function runQuietly(command, args, cwd) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exitIfInterrupted(result);
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    fail(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

// Ctrl-C reaches the child too (one process group): let it end, then exit 130 (above).
process.on('SIGINT', () => {});

const args = process.argv.slice(2);
// biome-ignore lint/suspicious/noUndeclaredEnvVars: set by pnpm/npm run (the folder the user typed in), never read under turbo
const cwd = process.env.INIT_CWD ?? process.cwd();
if (args.includes('--help') || args.includes('-h')) {
  console.log(
    `${USAGE}\n\nThe options are create-loop's (node packages/create-loop/dist/index.js --help).`,
  );
  process.exit(0);
}

/** The arguments checked (scripts/create-args.mjs), or exit with their one line. */
async function checked() {
  try {
    return await checkCreateArgs(args, { root, cwd });
  } catch (error) {
    if (error instanceof ArgsError) fail(error.message, error.exitCode);
    throw error;
  }
}

// 1. Where the project goes, checked before anything is built or written, with the create-loop
// built before if there is one (a fresh clone has none: then after the build).
let place = canCheck(root) ? await checked() : undefined;

// 2. The packages, built (turbo restores them from its cache when nothing changed).
runQuietly(
  'pnpm',
  [
    'turbo',
    'run',
    'build',
    ...libraries.map((library) => `--filter=${library.name}`),
    '--filter=create-loop',
    '--output-logs=errors-only',
  ],
  root,
);
place ??= await checked();
const inRepo = place?.inRepo ?? false;
const target = place?.target ?? cwd;

// 3. The project, by the create-loop just built (its errors are its own one line).
// Outside the repository the @loop/* packages come from vendor/ (step 4): create-loop need not ask the
// registry for a published version that does not exist yet.
const created = spawnSync(process.execPath, [join(cli, 'index.js'), ...args], {
  cwd,
  env: inRepo ? process.env : { ...process.env, CREATE_LOOP_VENDORED: '1' },
  stdio: 'inherit',
});
exitIfInterrupted(created);
if (created.status !== 0) process.exit(created.status ?? 1);
if (inRepo || place === undefined) process.exit(0);

// 4. Outside the repository: the game's @loop/* packages as tarballs inside the project.
const vendor = join(target, 'vendor');
mkdirSync(vendor, { recursive: true });
const manifestFile = join(target, 'package.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const wanted = loopDependencies(manifest);
if (!wanted.includes('@loop/core')) fail(`${manifestFile} does not depend on @loop/core`);
/** @type {Record<string, string>} */
const specs = {};
/** @type {Record<string, string>} */
const published = {};
for (const name of wanted) {
  const library = libraries.find((found) => found.name === name);
  if (library === undefined) fail(`${manifestFile} depends on ${name}, which is not in packages/`);
  const packed = spawnSync('pnpm', ['pack', '--pack-destination', vendor], {
    cwd: library.dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (packed.status !== 0) fail(`pnpm pack of ${name} failed (exit ${packed.status})`);
  const tarball = `${name.slice(1).replace('/', '-')}-${library.version}.tgz`;
  if (!readdirSync(vendor).includes(tarball)) fail(`pnpm pack left no ${tarball} in ${vendor}`);
  specs[name] = `file:vendor/${tarball}`;
  published[name] = manifest.dependencies?.[name] ?? manifest.devDependencies?.[name];
}
writeFileSync(manifestFile, `${JSON.stringify(withVendoredSpecs(manifest, specs), null, 2)}\n`);
const list = (format) => wanted.map(format).join(', ');
console.log(
  `Not on npm yet: packed ${list((name) => name)} into vendor/ and set ` +
    `${list((name) => `"${name}": "${specs[name]}"`)} in package.json.\n` +
    `After the first release, set ${list((name) => `"${name}" back to "${published[name]}"`)}` +
    `${wanted.length > 1 ? ', remove them from overrides, pnpm.overrides and resolutions' : ''}` +
    ', and delete vendor/.',
);
