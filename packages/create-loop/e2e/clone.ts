import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PKG_DIR } from '../test/helpers.js';
import { e2eEnv, exec } from './processes.js';

/** The monorepo this package sits in. */
export const REPO_ROOT = resolve(PKG_DIR, '..', '..');

/**
 * A stranger's clone of the monorepo at `to`: the working tree as git sees it (tracked files
 * and untracked ones git does not ignore, so uncommitted work is in; no node_modules, no
 * builds), committed in a fresh git repository.
 *
 * Why not `git clone`: it would leave out the change under test until it is committed.
 */
export async function cloneWorkingTree(to: string): Promise<void> {
  const { stdout } = await exec(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: REPO_ROOT },
  );
  for (const file of new Set(stdout.split('\0').filter(Boolean))) {
    if (!existsSync(join(REPO_ROOT, file))) continue; // deleted, not yet committed
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(join(REPO_ROOT, file), join(to, file));
  }
  const git = cloneEnv({
    GIT_AUTHOR_NAME: 'e2e',
    GIT_AUTHOR_EMAIL: 'e2e@localhost',
    GIT_COMMITTER_NAME: 'e2e',
    GIT_COMMITTER_EMAIL: 'e2e@localhost',
  });
  await exec('git', ['init', '-q', '-b', 'main'], { cwd: to, env: git });
  await exec('git', ['add', '-A'], { cwd: to, env: git });
  await exec('git', ['-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'clone'], {
    cwd: to,
    env: git,
  });
}

/**
 * The environment of someone working in their clone: `e2eEnv` (no npm_* / pnpm_* of the test
 * run, no monorepo node_modules/.bin on PATH) without the TURBO_* variables of the turbo run
 * around this test and without CI, whose `pnpm install` refuses to add a game to the lockfile.
 */
export function cloneEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env = e2eEnv({ CI: undefined, TURBO_TELEMETRY_DISABLED: '1', ...extra });
  for (const key of Object.keys(env))
    if (/^turbo_/i.test(key) && key !== 'TURBO_TELEMETRY_DISABLED') delete env[key];
  return env;
}
