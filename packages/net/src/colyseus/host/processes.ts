/// <reference types="node" />
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

/**
 * Processes a test or a dev script starts and stops itself: a `redis-server` on a free loopback
 * port with nothing saved, and game servers as processes of their own (a game's script that
 * calls {@link serveFromEnv}), each matchmaker alone in its process
 * as in production.
 */

/** A process started here: stopped with SIGTERM, then SIGKILL if it lingers. */
export interface Started {
  readonly pid: number;
  stop(): Promise<void>;
}

/**
 * A free TCP port on `host` (default the loopback interface), for a server that must know its
 * port before it listens (a Colyseus process announces its address to the others).
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
}

/** Resolves with the first stdout line `match` accepts; rejects if the process exits first. */
function firstLine(
  child: ChildProcess,
  match: (line: string) => boolean,
  what: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let log = '';
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      log += `${line}\n`;
      if (match(line)) {
        lines.removeAllListeners('line');
        resolve(line);
      }
    });
    child.stderr?.on('data', (chunk) => {
      log += String(chunk);
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') reject(error);
      else reject(new Error(`${what} is not installed (Debian: apt-get install -y ${what})`));
    });
    child.once('exit', (code) =>
      reject(new Error(`${what} exited (${code}) before it was ready:\n${log}`)),
    );
  });
}

/**
 * A Redis for this run: `redis-server` (or Valkey's, which takes the same flags) on a free
 * loopback port, nothing saved, stopped by `stop()`. `command` is the program to run; default
 * REDIS_SERVER_PATH, else `redis-server` on PATH.
 */
export async function startRedis(
  command = process.env.REDIS_SERVER_PATH || 'redis-server',
): Promise<Started & { url: string }> {
  const port = await freePort();
  const child = spawn(
    command,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await firstLine(child, (line) => line.includes('Ready to accept connections'), 'redis-server');
  return { pid: child.pid!, url: `redis://127.0.0.1:${port}`, stop: stopper(child) };
}

/**
 * A game's server script, run as a process of its own: `node <script> <args>` in `cwd`, which
 * calls {@link serveFromEnv} (or prints the same ready line itself).
 */
export interface GameScript {
  /** The script's path, from `cwd` (`scripts/game.mjs`). */
  readonly script: string;
  /** Its arguments (`['process']`: one script serving several commands); default none. */
  readonly args?: readonly string[];
  /** Its folder; default this process's working folder. */
  readonly cwd?: string;
}

/** A game server process: its port, operators' port and Colyseus process id, once it listens. */
export type GameProcess = Started & {
  port: number;
  operatorPort: number;
  processId: string;
  /** Kills it with SIGKILL: no shutdown at all, as a crash or a lost machine looks. */
  crash(): Promise<void>;
};

/** Starts `game`'s script with `env` added to this process's; resolves once it listens. */
export async function startGameProcess(
  game: GameScript,
  env: Record<string, string> = {},
): Promise<GameProcess> {
  const child = spawn(process.execPath, [game.script, ...(game.args ?? [])], {
    cwd: game.cwd ?? process.cwd(),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const line = await firstLine(child, (l) => l.startsWith('{"port"'), 'game server');
  const { port, operatorPort, processId } = JSON.parse(line) as {
    port: number;
    operatorPort: number;
    processId: string;
  };
  const crash = async () => {
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  };
  return { pid: child.pid!, port, operatorPort, processId, stop: stopper(child), crash };
}

/** Settings of {@link startCluster}. */
export interface ClusterOptions extends GameScript {
  /** Game processes; default 2. */
  readonly count?: number;
  /** Added to every process's environment (startServer's limits: {@link hostOptionsFromEnv}). */
  readonly env?: Record<string, string>;
  /** The `redis-server` to run: {@link startRedis}'s `command`. */
  readonly redisServer?: string;
}

/** A running cluster: its Redis, its processes, and the stop of them all. */
export interface Cluster {
  readonly redis: Started & { url: string };
  readonly processes: GameProcess[];
  stop(): Promise<void>;
}

/**
 * Rooms across processes on one machine: a Redis and `count` game processes sharing it. What a
 * game's `dev:cluster` and load test run, and what the tests match clients across.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const count = options.count ?? 2;
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    throw new RangeError(`count must be an integer from 1 to 64, got ${String(count)}`);
  }
  const redis = await startRedis(options.redisServer);
  try {
    // Colyseus waits 2 s for another process before it health-checks it (2 s more): on one
    // machine 1 s is plenty, and a join that finds a dead process's room answers within the
    // 5 s a Node client's default agent waits for a response.
    const shared = {
      ...options.env,
      REDIS_URL: redis.url,
      COLYSEUS_PRESENCE_SHORT_TIMEOUT: '1000',
    };
    const processes = await Promise.all(
      Array.from({ length: count }, () => startGameProcess(options, shared)),
    );
    const stop = async () => {
      await Promise.all(processes.map((p) => p.stop()));
      await redis.stop();
    };
    return { redis, processes, stop };
  } catch (error) {
    await redis.stop();
    throw error;
  }
}
