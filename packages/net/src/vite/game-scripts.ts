/// <reference types="node" />
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { BenchGame } from '../bench/bot.js';
import { formatLoad, formatSweep, type LoadReport } from '../bench/report.js';
import { loadSweep } from '../bench/sweep.js';
import { serveFromEnv, stopOnSignals } from '../colyseus/host/env.js';
import { type Cluster, type GameScript, startCluster } from '../colyseus/host/processes.js';
import type { GameServer, StartOptions } from '../colyseus/host/server.js';
import { loadModules } from './load-modules.js';
import { serveBuilt } from './serve-built.js';

/** What a game's load test module exports as `load`: its bots, its room and its seats. */
export interface LoadGame {
  game: BenchGame;
  roomName: string;
  maxPlayers: number;
}

/** Where a game's scripts find its code, and what they may override (tests). */
export interface GameScriptsOptions {
  /** The game's root folder (a path or a `file:` URL: `new URL('..', import.meta.url)`). */
  root: string | URL;
  /** Its server module from the root (`/src/server/server.ts`), exporting `startServer`. */
  server: string;
  /** Its load test module from the root (`/src/bench/load.ts`), exporting `load` ({@link LoadGame}). */
  load?: string;
  /** The script itself, which the cluster's processes run as `<script> process`; default the running one. */
  script?: string;
  /** The environment to read (PORT, PROCESSES, CLIENTS…); default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Where lines go; default `console.log`. */
  log?: (line: string) => void;
  /** Stop on SIGINT and SIGTERM (a script does; a test stops through the handle); default true. */
  signals?: boolean;
  /** `start`'s built page, from the root; default `dist`. */
  page?: string;
  /** `start`'s port; default PORT from the environment, else 3000. */
  port?: number;
}

/** A command that keeps running: what it started, and the stop of it all. */
export interface RunningScript {
  /** The game server (`start`, `process`), or the cluster (`cluster`). */
  game?: GameServer;
  cluster?: Cluster;
  /** The Vite dev server's URL (`cluster`). */
  url?: string;
  stop(): Promise<void>;
}

/** The commands {@link runGameScript} knows. */
export const GAME_COMMANDS = ['start', 'process', 'cluster', 'load'] as const;

const number = (env: NodeJS.ProcessEnv, name: string, fallback: number) =>
  Number(env[name]) || fallback;

/**
 * A game's scripts in one call, so a Colyseus game on `@loop/net` keeps one line per script
 * instead of a copy of this wiring. Every command loads the game's TypeScript through Vite (no
 * build step; install with dev dependencies):
 *
 * - `start` (`npm start`): the built page and the game server on one port ({@link serveBuilt}:
 *   PORT, default 3000, HOST and the limits), the operators' port printed.
 * - `process`: one game server process of a cluster ({@link serveFromEnv} with the server
 *   module's `startServer`: PORT, HOST, REDIS_URL, PUBLIC_ADDRESS, the limits), what `cluster`
 *   and `load` start.
 * - `cluster` (`npm run dev:cluster`): a Redis of its own (REDIS_SERVER_PATH or `redis-server`)
 *   and PROCESSES game processes (default 2) sharing it, then the Vite dev server with
 *   GAME_EXTERNAL=1 and GAME_PORTS, which the `gameServer` plugin reads to send `/colyseus` to
 *   those processes.
 * - `load [--per-room 1,2,4,8]` (`npm run bench:load`): CLIENTS bots (default 200) for SECONDS
 *   (default 10) after WARMUP (default 3) against a fresh cluster per size of room
 *   ({@link loadSweep}), each report printed. It measures and never fails on speed.
 *
 * No command is `start`, so `node <script>` is `npm start` (a host's start command). An
 * unknown command is a RangeError naming it. Resolves once the command runs (`load`: once it
 * is done, with nothing running).
 */
export async function runGameScript(
  args: readonly string[],
  options: GameScriptsOptions,
): Promise<RunningScript> {
  const [command = 'start', ...rest] = args;
  const root = options.root instanceof URL ? fileURLToPath(options.root) : options.root;
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => console.log(line));
  const self: GameScript = {
    script: options.script ?? process.argv[1]!,
    args: ['process'],
    cwd: root,
  };
  let running: RunningScript;
  if (command === 'start') {
    const port = options.port ?? number(env, 'PORT', 3000);
    const served = await serveBuilt({
      root,
      module: options.server,
      port,
      env,
      page: options.page,
    });
    log(`the page and the game server on http://${served.host}:${served.game.port}/`);
    const operators = `http://${env.OPERATOR_HOST || '127.0.0.1'}:${served.game.operatorPort}/`;
    log(`operators' /stats and /recording on ${operators}`);
    running = { game: served.game, stop: served.stop };
  } else if (command === 'process') {
    const { loader, modules } = await loadModules(root, options.server);
    const start = modules[0]!.startServer as (o: StartOptions) => Promise<GameServer>;
    const game = await serveFromEnv({}, () => loader.close(), env, start);
    const stop = async () => {
      await game.stop();
      await loader.close();
    };
    return { game, stop }; // serveFromEnv stops it on signals itself
  } else if (command === 'cluster') {
    running = await cluster(root, self, env, log);
  } else if (command === 'load') {
    await load(root, self, rest, env, log, options.load);
    return { stop: async () => {} };
  } else {
    throw new RangeError(`command must be one of ${GAME_COMMANDS.join(', ')}, got ${command}`);
  }
  if (options.signals ?? true) stopOnSignals(running.stop);
  return running;
}

/** `cluster`: a Redis, the game's processes, and the Vite dev server in front of them. */
async function cluster(
  root: string,
  self: GameScript,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<RunningScript> {
  const started = await startCluster({ ...self, count: number(env, 'PROCESSES', 2) });
  try {
    log(`redis ${started.redis.url}`);
    for (const p of started.processes) {
      log(`game process ${p.processId} on port ${p.port}, /stats on ${p.operatorPort}`);
    }
    // The dev server's config (the gameServer plugin) reads these as it loads.
    process.env.GAME_EXTERNAL = '1';
    process.env.GAME_PORTS = started.processes.map((p) => p.port).join(',');
    const { createServer } = await import('vite');
    const vite = await createServer({ root });
    await vite.listen();
    const url = vite.resolvedUrls?.local[0];
    log(`dev server on ${url}`);
    const stop = async () => {
      await vite.close();
      await started.stop();
    };
    return { cluster: started, url, stop };
  } catch (error) {
    await started.stop();
    throw error;
  }
}

/** `load`: the game's bots against a fresh cluster per size of room, reports printed. */
async function load(
  root: string,
  self: GameScript,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  module: string | undefined,
): Promise<LoadReport[]> {
  if (module === undefined) throw new RangeError('load must name the load test module, got none');
  const { values } = parseArgs({ args: [...args], options: { 'per-room': { type: 'string' } } });
  const { loader, modules } = await loadModules(root, module);
  try {
    const reports = await loadSweep({
      ...(modules[0]!.load as LoadGame),
      sizes: values['per-room']?.split(',').map(Number) ?? [undefined],
      // The bots all come from this machine's one address: the rooms-per-client limit is lifted.
      startCluster: () =>
        startCluster({
          ...self,
          count: number(env, 'PROCESSES', 2),
          env: { CREATES_PER_CLIENT: '1000000' },
        }),
      clients: number(env, 'CLIENTS', 200),
      seconds: number(env, 'SECONDS', 10),
      warmup: number(env, 'WARMUP', 3),
      onReport: (report) => log(`${formatLoad(report)}\n`),
    });
    if (reports.length > 1) log(formatSweep(reports));
    return reports;
  } finally {
    await loader.close();
  }
}
