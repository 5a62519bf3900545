import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
// create-loop's e2e helpers: a clone's user is the stranger this package tests with.
import { cloneEnv } from '../../create-loop/e2e/clone.js';

/**
 * The environment of someone who has never seen this repository, whose npm and pnpm use
 * `registry`: create-loop's `cloneEnv` (none of the npm_* / pnpm_* / TURBO_* variables of the
 * test run, no CI, no monorepo node_modules/.bin on PATH), an empty user config, and npm and pnpm caches of their own under `home`.
 *
 * Why caches of their own: `npm create` keeps what it ran under ~/.npm/_npx by package spec and
 * pnpm keeps `dlx` installs for a day, so a `create-loop@latest` of another run (another build,
 * the same version) could be run instead of the one just published. `npm_config_yes` answers
 * npx's "Ok to proceed?", which is cancelled without a terminal.
 */
export function strangerEnv(registry: string, home: string): NodeJS.ProcessEnv {
  const env = cloneEnv();
  mkdirSync(home, { recursive: true });
  const userconfig = join(home, '.npmrc');
  writeFileSync(userconfig, '');
  return {
    ...env,
    NO_COLOR: '1',
    npm_config_registry: registry,
    npm_config_userconfig: userconfig,
    npm_config_cache: join(home, 'npm-cache'),
    npm_config_cache_dir: join(home, 'pnpm-cache'),
    npm_config_yes: 'true',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
}

/** What a finished command gave back. */
export interface Ran {
  stdout: string;
  stderr: string;
}

/**
 * Runs `command ...args` to the end and returns its output; throws with the last of it when it
 * exits non-zero, so a failed install or build says why in the test report. The time limit
 * only ends a hung command, it measures nothing.
 */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Ran {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    env: options.env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 240_000,
    killSignal: 'SIGKILL',
  });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} (in ${options.cwd}) exited ${result.status ?? result.signal}` +
        `\n--- stdout\n${result.stdout?.slice(-4000)}\n--- stderr\n${result.stderr?.slice(-4000)}`,
    );
  }
  return { stdout: result.stdout, stderr: result.stderr };
}
