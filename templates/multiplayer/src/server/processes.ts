import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { redisServerPath } from '../e2e/find-redis';

/**
 * Processes a test or a dev script starts and stops itself: a `redis-server` (Debian's) on a
 * free loopback port with nothing saved, and game servers as processes of their own
 * (scripts/game-server.mjs), each matchmaker alone in its process as in production.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

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

/** A Redis for this run: `redis-server` on a free port, no persistence, stopped by `stop()`. */
export async function startRedis(): Promise<Started & { url: string }> {
  const port = await freePort();
  const child = spawn(
    redisServerPath(),
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await firstLine(child, (line) => line.includes('Ready to accept connections'), 'redis-server');
  return { pid: child.pid!, url: `redis://127.0.0.1:${port}`, stop: stopper(child) };
}

/** A game server process: its port, operators' port and Colyseus process id, once it listens. */
export async function startGameProcess(
  env: Record<string, string> = {},
): Promise<
  Started & { port: number; operatorPort: number; processId: string; crash(): Promise<void> }
> {
  const child = spawn(process.execPath, ['scripts/game-server.mjs'], {
    cwd: root,
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
    child.kill('SIGKILL'); // no shutdown at all: what a crash or a lost machine looks like
    await exited;
  };
  return { pid: child.pid!, port, operatorPort, processId, stop: stopper(child), crash };
}

/**
 * Rooms across processes on one machine: a Redis and `count` game processes sharing it, each
 * given `env` too (startServer's limits: scripts/vite-load.mjs's serverLimits). What
 * `npm run dev:cluster` runs, and what the tests match clients across.
 */
export async function startCluster(count = 2, env: Record<string, string> = {}) {
  const redis = await startRedis();
  try {
    // Colyseus waits 2 s for another process before it health-checks it (2 s more): on one
    // machine 1 s is plenty, and a join that finds a dead process's room answers within the
    // 5 s a Node client's default agent waits for a response.
    const shared = { ...env, REDIS_URL: redis.url, COLYSEUS_PRESENCE_SHORT_TIMEOUT: '1000' };
    const processes = await Promise.all(
      Array.from({ length: count }, () => startGameProcess(shared)),
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

/** `0100007F:1F90` (/proc/net/tcp) or its IPv6 form as `127.0.0.1:8080` or `[::1]:8080`. */
function procAddress(hex: string): string {
  const [host = '', port = ''] = hex.split(':');
  const bytes = Buffer.from(host, 'hex');
  // The kernel writes each 32-bit word in the machine's order (little-endian here).
  for (let i = 0; i < bytes.length; i += 4) bytes.subarray(i, i + 4).reverse();
  const address =
    bytes.length === 4
      ? bytes.join('.')
      : new URL(`http://[${bytes.toString('hex').replace(/(.{4})(?!$)/g, '$1:')}]`).hostname;
  return `${address}:${Number.parseInt(port, 16)}`;
}

/** What `lsof` lists process `pid` listening on (macOS, the BSDs): `*` being every interface. */
async function lsofListening(pid: number): Promise<string[]> {
  const { execFile } = await import('node:child_process');
  const args = ['-nP', '-a', '-p', String(pid), '-iTCP', '-sTCP:LISTEN', '-Fn'];
  const out = await new Promise<string>((resolve, reject) => {
    execFile('lsof', args, (error, stdout) => (error && !stdout ? reject(error) : resolve(stdout)));
  });
  return out
    .split('\n')
    .filter((line) => line.startsWith('n'))
    .map((line) => line.slice(1).replace(/^\*:/, '[::]:'))
    .sort();
}

/**
 * The TCP addresses process `pid` listens on (`127.0.0.1:3000`, `[::]:24678`), read from Linux's
 * /proc (its sockets' inodes, matched against the listening sockets of its network namespace),
 * or from `lsof` where there is no /proc. How a test checks that a server listens where it was
 * told and nowhere else.
 */
export async function listeningSockets(pid: number): Promise<string[]> {
  const { access, readdir, readlink, readFile } = await import('node:fs/promises');
  if (
    !(await access(`/proc/${pid}/net/tcp`).then(
      () => true,
      () => false,
    ))
  ) {
    return lsofListening(pid);
  }
  const inodes = new Set<string>();
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
    if (inode) inodes.add(inode);
  }
  const found: string[] = [];
  for (const table of ['tcp', 'tcp6']) {
    const text = await readFile(`/proc/${pid}/net/${table}`, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // fields: sl, local address, remote address, state (0A: LISTEN), …, inode (10th)
      if (fields[3] === '0A' && inodes.has(fields[9]!)) found.push(procAddress(fields[1]!));
    }
  }
  return found.sort();
}
