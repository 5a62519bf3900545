import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { delimiter, resolve, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cleanEnv, PKG_DIR, type RunResult, spawnCollecting } from '../test/helpers.js';

const REPO_ROOT = resolve(PKG_DIR, '..', '..');

/**
 * The environment for everything the e2e runs: `cleanEnv` (no npm_* / pnpm_* from the test
 * run) and a PATH without the monorepo's node_modules/.bin folders, so the scaffold can only
 * use the vite and tsc it installed itself. A pnpm installed under the repo's .tools/ stays.
 */
export function e2eEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const path = (process.env.PATH ?? '')
    .split(delimiter)
    .filter(
      (dir) =>
        !(
          dir.startsWith(REPO_ROOT + sep) &&
          dir.includes(`${sep}node_modules${sep}.bin`) &&
          !dir.startsWith(`${REPO_ROOT}${sep}.tools`)
        ),
    )
    .join(delimiter);
  return cleanEnv({
    PATH: path,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    ...extra,
  });
}

/**
 * Runs a command to the end; throws with its output when it fails (unless `allowFailure`), so a
 * failed install or build shows why in the test report.
 */
export async function exec(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; allowFailure?: boolean; timeoutMs?: number },
): Promise<RunResult> {
  const child = spawnCollecting(command, args, {
    cwd: options.cwd,
    env: options.env ?? e2eEnv(),
    stdin: 'ignore',
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 240_000);
  const output = await child.result.finally(() => clearTimeout(timer));
  const { code, stdout, stderr } = output;
  if (code !== 0 && !options.allowFailure) {
    throw new Error(
      `${command} ${args.join(' ')} (in ${options.cwd}) exited ${code}\n--- stdout\n${stdout.slice(-4000)}\n--- stderr\n${stderr.slice(-4000)}`,
    );
  }
  return output;
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Longest wait for `vite preview` to answer. Only ends a wait that polls for the server, so it
 * is generous: a loaded machine may take many times longer than an idle one to start node and
 * vite.
 */
const START_WAIT_MS = 120_000;
/** How long `stop()` lets the server exit on SIGTERM before it kills the process group. */
const STOP_GRACE_MS = 5000;

/** A running server and how to stop it. */
export interface Server {
  url: string;
  stop: () => Promise<void>;
}

/** A process started by `spawnGroup`, with what it printed and how to end it. */
export interface Group {
  /** Everything it printed so far, stdout and stderr together, for a failure message. */
  log(): string;
  /** Whether it has exited (and its pipes closed). */
  exited(): boolean;
  /** SIGTERM to its process group, SIGKILL after a grace period; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Starts `command ...args` in a process group of its own, collecting its output. Why a group:
 * a server (vite preview, Verdaccio) may start children, and `stop()` must end them all. How
 * long it takes to go decides nothing: the grace period is cleanup only.
 */
export function spawnGroup(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Group {
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  const collect = (d: string) => {
    log += d;
  };
  child.stdout?.setEncoding('utf8').on('data', collect);
  child.stderr?.setEncoding('utf8').on('data', collect);
  let closed = false;
  const exited = new Promise<void>((resolveExit) =>
    child.on('close', () => {
      closed = true;
      resolveExit();
    }),
  );
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  const stop = async () => {
    if (closed) return;
    signalGroup('SIGTERM');
    await Promise.race([exited, sleep(STOP_GRACE_MS)]);
    if (closed) return;
    signalGroup('SIGKILL');
    await Promise.race([exited, sleep(STOP_GRACE_MS)]);
  };
  return { log: () => log, exited: () => closed, stop };
}

/**
 * Starts `command ...args` in `cwd` in a process group of its own and waits (polling) until `url`
 * answers 200: a server of the scaffold (vite preview, its dev server, its own `npm run start`).
 * Its output goes into the error when it exits early or never answers.
 */
export async function serve(
  command: string,
  args: readonly string[],
  options: { cwd: string; url: string; env?: NodeJS.ProcessEnv },
): Promise<Server> {
  const group = spawnGroup(command, args, { cwd: options.cwd, env: options.env ?? e2eEnv() });
  const { stop } = group;
  const { url } = options;
  const deadline = Date.now() + START_WAIT_MS;
  for (;;) {
    if (group.exited()) throw new Error(`${command} ${args.join(' ')} exited:\n${group.log()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return { url, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${command} ${args.join(' ')} did not answer on ${url}:\n${group.log()}`);
    }
    await sleep(100);
  }
}

/**
 * Starts `vite preview` of a built scaffold on 127.0.0.1 with a free port, using the scaffold's
 * own vite, and waits (polling) until it answers. Runs in its own process group so stop() ends it
 * and anything it started.
 */
export async function preview(cwd: string): Promise<Server> {
  const port = await freePort();
  const vite = resolve(cwd, 'node_modules', '.bin', 'vite');
  const args = ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'];
  return serve(vite, args, { cwd, url: `http://127.0.0.1:${port}/` });
}
