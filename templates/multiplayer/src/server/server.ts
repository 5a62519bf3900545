import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { matchMaker, Server } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { arenaRoom } from './arena-room';
import type { ArenaConfig } from './config';
import { CreationGate, type CreationLimits, colyseusProcesses } from './creation-gate';
import { type MatchmakeOptions, matchmakeRoute, resolveMatchmakeOptions } from './matchmake-route';
import { operatorRoute } from './operator-route';
import { pageRoute } from './page-route';

export type { ProcessStats } from './operator-route';

/**
 * Options of {@link startServer}: where it listens, the page it serves, and the limits of its
 * matchmaking (matchmake-route.ts: origins, body size; creation-gate.ts: rooms per client and
 * per process).
 */
export interface StartOptions extends MatchmakeOptions, CreationLimits {
  /** TCP port; 0 (the default) picks a free one, which tests want. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1: reachable from this machine only. */
  host?: string;
  /**
   * Port of the operators' routes (GET /stats, GET /recording/<roomId>: operator-route.ts),
   * which the players' port never answers; 0 (the default) picks a free one.
   */
  operatorPort?: number;
  /** Interface of the operators' port. Default 127.0.0.1, whatever `host` is. */
  operatorHost?: string;
  /** Settings of every arena room. */
  arena?: ArenaConfig;
  /**
   * A Redis URL (`redis://127.0.0.1:6379`) to share rooms with other processes: Colyseus's
   * Redis presence and driver, so a client matched by any process joins a room living on any
   * other. Without it (the default) the process is alone and needs no Redis.
   */
  redis?: string;
  /**
   * Where clients reach this process directly (`host:port`), sent with a seat in one of its
   * rooms: a client matched by another process connects here. Needed with {@link redis}.
   */
  publicAddress?: string;
  /**
   * A built page (`dist/`) to serve on the same port, as `npm start` does in production: the
   * page and its `/colyseus` endpoint on one origin. Colyseus takes any URL with `/matchmake`
   * in it and the WebSocket path by its last two parts, so the page's `/colyseus` prefix needs
   * no proxy here. Unset (the default, and under `npm run dev`, where Vite serves the page).
   */
  page?: string;
  /** The clock of the rooms-per-client window, in ms; default `performance.now` (tests drive it). */
  clock?: () => number;
}

/** A running game server. */
export interface GameServer {
  readonly server: Server;
  /** The port it listens on (the one picked when asked for 0). */
  readonly port: number;
  /** The operators' port (/stats, /recording), on `operatorHost`. */
  readonly operatorPort: number;
  /** Colyseus's id of this process: the first part of every room's WebSocket path. */
  readonly processId: string;
  /** Where new rooms go and how many a client may make (Colyseus's process selection). */
  readonly gate: CreationGate;
  /** Closes every room and both ports; resolves when done. Leaves the process running. */
  stop(): Promise<void>;
}

// Stryker disable all: run by the cluster test's own processes, outside Stryker's
/** Colyseus's Redis presence and driver at `url`: the rooms of every process, shared. */
function redisShared(url: string): { presence: RedisPresence; driver: RedisDriver } {
  return { presence: new RedisPresence(url), driver: new RedisDriver(url) };
}
// Stryker restore all

/** Listens on `port` and `host`; resolves with the port taken, rejects if it cannot listen. */
function listen(http: HttpServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => {
      http.off('error', reject);
      resolve((http.address() as AddressInfo).port);
    });
  });
}

/**
 * Starts Colyseus with the arena room (`'arena'`) over WebSockets, and the operators' routes on
 * a port of their own. One per process: Colyseus's matchmaker is a module-level singleton.
 * Matchmaking goes through matchmake-route.ts in place of Colyseus's handler, and every room
 * made through the creation gate. Options are checked before anything listens (a RangeError
 * names the option and its value). Graceful shutdown on signals is left to the caller, so a
 * test process is never exited by the server.
 */
export async function startServer(options: StartOptions = {}): Promise<GameServer> {
  const matchmake = matchmakeRoute(resolveMatchmakeOptions(options));
  const gate = new CreationGate(options, colyseusProcesses, options.clock);
  const page = options.page === undefined ? undefined : pageRoute(options.page);
  const operator = createServer(operatorRoute);
  const operatorHost = options.operatorHost ?? '127.0.0.1';
  const operatorPort = await listen(operator, options.operatorPort ?? 0, operatorHost);
  const http = createServer();
  let server: Server;
  try {
    const shared = options.redis ? redisShared(options.redis) : {};
    server = new Server({
      transport: new WebSocketTransport({ server: http }),
      // Stryker disable next-line BooleanLiteral: Colyseus's banner on the console, which nothing reads
      greet: false,
      gracefullyShutdown: false,
      publicAddress: options.publicAddress,
      selectProcessIdToCreateRoom: () => gate.select(),
      ...shared,
    });
    // Colyseus put its matchmaking handler first; this one takes its place (the same URLs).
    http.removeAllListeners('request');
    http.on('request', (request, response) => {
      if (request.url?.includes(`/${matchMaker.controller.matchmakeRoute}`)) {
        matchmake(request, response).catch(() => response.destroy());
      } else if (!page?.(request, response)) response.writeHead(404).end();
    });
    server.define('arena', arenaRoom(options.arena));
    await server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  } catch (error) {
    operator.close();
    throw error;
  }
  const { port } = http.address() as AddressInfo;
  return {
    server,
    port,
    operatorPort,
    processId: matchMaker.processId,
    gate,
    stop: async () => {
      operator.close();
      operator.closeAllConnections();
      await server.gracefullyShutdown(false);
    },
  };
}
