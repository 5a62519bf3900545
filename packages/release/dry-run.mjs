#!/usr/bin/env node
/**
 * A release up to the last step, on a throwaway copy of the repository, so CI sees what a
 * release would publish long before anyone merges a "Version packages" pull request:
 *
 *   copy the working tree (tracked and untracked files git does not ignore; node_modules
 *   linked, not copied) -> a fresh git repository -> one sample changeset (any pending ones are
 *   left out, so the outcome is known) -> `pnpm version-packages` (the lockfile must pass
 *   `--frozen-lockfile` after it if it did before) -> `pnpm build:packages` (the build
 *   `pnpm release` runs) ->
 *   `pnpm publish --dry-run` of every public package.
 *
 * The real repository is never written to: versions, changelogs, builds and tarballs all
 * happen in the copy, which is removed afterwards. `pnpm publish --dry-run` packs and reports
 * without contacting the registry for auth, so no token is needed.
 *
 *   node dry-run.mjs [patch|minor|major] [--keep]   (or `pnpm release:dry-run` at the root)
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { workspacePackages } from './workspace-packages.mjs';

export { workspacePackages };

/** The monorepo this script belongs to. */
export const repoRoot = resolve(import.meta.dirname, '../..');

/**
 * What the dry run saw (see releaseDryRun).
 * @typedef {object} DryRunReport
 * @property {'patch' | 'minor' | 'major'} bump the sample changeset's bump for the first public package
 * @property {string[]} dropped pending changesets of the branch, left out of the copy
 * @property {Record<string, string>} before each public package's version before versioning
 * @property {Record<string, string>} after and after it
 * @property {string[]} changed the files `changeset version` changed, added or removed
 * @property {{ before: boolean, after: boolean }} frozenLockfile whether the lockfile passed
 *   `pnpm install --frozen-lockfile` before and after versioning
 * @property {Record<string, string | null>} changelogs each public package's CHANGELOG.md
 * @property {Record<string, string> | null} workspaceVersions what create-loop's build recorded
 * @property {Record<string, { version: string, files: string[] }>} packed what publish would send
 * @property {Record<string, string>} tarballs with `packInto`: each public package's tarball
 *   (`pnpm pack`, the same bytes `pnpm publish` sends), by name; else empty
 * @property {string[]} warnings what a real publish would trip on
 * @property {string} readme the root README.md of the copy, as the release would have it
 */

/** The summary of the sample changeset, to find it again in the changelogs. */
export const SAMPLE_SUMMARY = 'Release dry run: a sample change to see what would be published.';

/**
 * The environment for the commands run in the copy: this process's, less what a package
 * manager or turbo running this script put there (npm_*, pnpm_*, TURBO_*), so they behave as
 * they would in a release job, plus a git identity for the copy's commits.
 */
function cleanEnv() {
  /** @type {NodeJS.ProcessEnv} */
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(npm_|pnpm_|turbo_)/i.test(key)) env[key] = value;
  }
  return {
    ...env,
    TURBO_TELEMETRY_DISABLED: '1',
    TURBO_NO_UPDATE_NOTIFIER: '1',
    GIT_AUTHOR_NAME: 'release dry run',
    GIT_AUTHOR_EMAIL: 'dry-run@localhost',
    GIT_COMMITTER_NAME: 'release dry run',
    GIT_COMMITTER_EMAIL: 'dry-run@localhost',
  };
}

/**
 * Whether `pnpm install --frozen-lockfile` would accept the lockfile of the tree at `cwd`
 * (checked without installing or downloading anything).
 * @param {string} cwd
 */
function lockfileIsFrozen(cwd) {
  const args = ['install', '--frozen-lockfile', '--lockfile-only', '--offline'];
  return spawnSync('pnpm', args, { cwd, env: cleanEnv(), stdio: 'ignore' }).status === 0;
}

/**
 * Runs a command to the end and returns its stdout; throws with its output when it fails.
 * @param {string} command @param {string[]} args @param {string} cwd
 */
function run(command, args, cwd) {
  const result = spawnSync(command, args, {
    cwd,
    env: cleanEnv(),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} (in ${cwd}) exited ${result.status ?? result.signal}\n` +
        `--- stdout\n${result.stdout?.slice(-4000)}\n--- stderr\n${result.stderr?.slice(-4000)}`,
    );
  }
  return result.stdout;
}

/**
 * Copies the working tree as git sees it (tracked and untracked-but-not-ignored files, so
 * uncommitted work is in) and links the node_modules of the root and of the public packages
 * (all that versioning, building and packing them needs) to the real ones: nothing is
 * installed, and nothing the dry run writes lands in the real repository. Templates get none:
 * create-loop's build copies them and rightly refuses a link.
 * @param {string} from @param {string} to
 */
function copyWorkingTree(from, to) {
  const listed = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], from);
  for (const file of new Set(listed.split('\0').filter(Boolean))) {
    if (!existsSync(join(from, file))) continue; // deleted, not yet committed
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(join(from, file), join(to, file));
  }
  const linked = workspacePackages(from).filter((pkg) => !pkg.manifest.private);
  for (const dir of ['.', ...linked.map((pkg) => pkg.dir)]) {
    if (existsSync(join(from, dir, 'node_modules')) && existsSync(join(to, dir))) {
      symlinkSync(join(from, dir, 'node_modules'), join(to, dir, 'node_modules'), 'dir');
    }
  }
}

/**
 * Parses the JSON that `pnpm publish --dry-run --json` prints (keyed by package name).
 * @param {string} stdout @param {string} name
 * @returns {{ version: string, files: string[] }}
 */
function parsePublish(stdout, name) {
  const report = JSON.parse(stdout.slice(stdout.indexOf('{')))[name];
  if (!report) throw new Error(`pnpm publish --dry-run printed no report for ${name}`);
  /** @type {{ path: string }[]} */
  const files = report.files;
  return { version: report.version, files: files.map((file) => file.path).sort() };
}

/**
 * The dry run. Returns what it saw, for a test to judge or a person to read:
 * the public packages' versions before and after, the files `changeset version` changed,
 * their CHANGELOG.md files, the versions create-loop's build recorded for new projects, the
 * file list and version of each package as `pnpm publish` would send it, and warnings about
 * what a real publish would trip on. With `packInto` (a folder) it also packs every public
 * package there, versioned and built as the release would publish it: what a test publishes
 * to a local registry (packages/release/test/published-path.test.ts).
 * With `published`, the copy's release switch (create-loop's `PUBLISHED`) is flipped first and
 * every marked block of its docs and READMEs rewritten (create-loop's scripts/start-blocks.mjs),
 * as the first release will do: the packages then say they are on npm, and the README shows the
 * published commands first.
 * @param {{ bump?: 'patch' | 'minor' | 'major', root?: string, keep?: boolean, packInto?: string, published?: boolean }} [options]
 * @returns {DryRunReport}
 */
export function releaseDryRun({
  bump = 'patch',
  root = repoRoot,
  keep = false,
  packInto,
  published: flip = false,
} = {}) {
  const copy = mkdtempSync(join(tmpdir(), 'loop-release-dry-run-'));
  try {
    copyWorkingTree(root, copy);
    if (flip) {
      const script = join(root, 'packages', 'create-loop', 'scripts', 'start-blocks.mjs');
      run(process.execPath, [script, '--root', copy, '--published', 'true'], copy);
    }
    const published = workspacePackages(copy).filter((pkg) => !pkg.manifest.private);
    const before = Object.fromEntries(published.map((pkg) => [pkg.name, pkg.manifest.version]));

    // Only the sample changeset: pending ones would make the outcome depend on the branch.
    const changesets = join(copy, '.changeset');
    const dropped = readdirSync(changesets).filter((f) => f.endsWith('.md') && f !== 'README.md');
    for (const file of dropped) rmSync(join(changesets, file));
    run('git', ['init', '-q', '-b', 'main'], copy);
    run('git', ['add', '-A'], copy);
    run('git', ['-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'dry run: the tree'], copy);
    const first = published[0]?.name;
    if (!first) throw new Error('no public package in the workspace');
    const sample = `---\n'${first}': ${bump}\n---\n\n${SAMPLE_SUMMARY}\n`;
    writeFileSync(join(changesets, 'release-dry-run.md'), sample);
    run('git', ['add', '-A'], copy);
    run('git', ['-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'dry run: changeset'], copy);

    const frozenBefore = lockfileIsFrozen(copy);
    run('pnpm', ['run', 'version-packages'], copy);
    const changed = run('git', ['status', '--porcelain', '--untracked-files=all'], copy)
      .split('\n')
      .filter(Boolean)
      .map((line) => line.slice(3))
      .sort();
    // The "Version packages" pull request must leave CI's frozen install working.
    const frozenLockfile = { before: frozenBefore, after: lockfileIsFrozen(copy) };

    /** @type {Record<string, string>} */
    const after = {};
    /** @type {Record<string, string | null>} */
    const changelogs = {};
    for (const pkg of published) {
      const dir = join(copy, pkg.dir);
      after[pkg.name] = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
      const changelog = join(dir, 'CHANGELOG.md');
      changelogs[pkg.name] = existsSync(changelog) ? readFileSync(changelog, 'utf8') : null;
    }

    run('pnpm', ['run', 'build:packages'], copy);
    const versionsFile = join(copy, 'packages/create-loop/dist/workspace-versions.json');
    const workspaceVersions = existsSync(versionsFile)
      ? JSON.parse(readFileSync(versionsFile, 'utf8'))
      : null;

    /** @type {DryRunReport['packed']} */
    const packed = {};
    /** @type {string[]} */
    const warnings = frozenBefore
      ? []
      : ['pnpm-lock.yaml is out of date with the working tree before versioning: run pnpm install'];
    for (const pkg of published) {
      const args = ['publish', '--dry-run', '--no-git-checks', '--json', '--access', 'public'];
      packed[pkg.name] = parsePublish(run('pnpm', args, join(copy, pkg.dir)), pkg.name);
      if (!pkg.manifest.repository) {
        warnings.push(
          `${pkg.name}: no "repository" in package.json; npm refuses a provenance publish ` +
            'whose repository does not match the GitHub repository that built it',
        );
      }
    }
    /** @type {Record<string, string>} */
    const tarballs = {};
    if (packInto !== undefined) {
      mkdirSync(packInto, { recursive: true });
      for (const pkg of published) {
        run('pnpm', ['pack', '--pack-destination', packInto], join(copy, pkg.dir));
        const file = join(
          packInto,
          `${pkg.name.replace(/^@/, '').replace('/', '-')}-${after[pkg.name]}.tgz`,
        );
        if (!existsSync(file)) throw new Error(`pnpm pack of ${pkg.name} left no ${file}`);
        tarballs[pkg.name] = file;
      }
    }
    return {
      bump,
      dropped,
      before,
      after,
      changed,
      frozenLockfile,
      changelogs,
      workspaceVersions,
      packed,
      tarballs,
      warnings,
      readme: readFileSync(join(copy, 'README.md'), 'utf8'),
    };
  } finally {
    if (keep) console.log(`release dry run: the copy is kept in ${copy}`);
    else rmSync(copy, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const bump = process.argv.find((arg) => ['patch', 'minor', 'major'].includes(arg));
  const report = releaseDryRun({
    bump: /** @type {'patch' | 'minor' | 'major' | undefined} */ (bump),
    keep: process.argv.includes('--keep'),
  });
  if (report.dropped.length > 0) console.log(`left out: ${report.dropped.join(', ')}`);
  for (const [name, version] of Object.entries(report.after)) {
    const files = report.packed[name]?.files ?? [];
    console.log(`${name}: ${report.before[name]} -> ${version}, ${files.length} files packed`);
  }
  console.log(`changed by changeset version: ${report.changed.join(', ')}`);
  for (const warning of report.warnings) console.warn(`warning: ${warning}`);
}
