/// <reference types="node" />
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { matchMaker, type Presence, type Room, Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { CreationGate, type CreationLimits, colyseusProcesses } from './creation-gate.js';
import {
  type MatchmakeOptions,
  matchmakeRoute,
  resolveMatchmakeOptions,
} from './matchmake-route.js';
import { NO_ROOMS, type OperatorSource, operatorRoute } from './operator-route.js';
import { pageRoute } from './page-route.js';

/** A room class as Colyseus's `server.define` takes it. */
// biome-ignore lint/suspicious/noExplicitAny: Colyseus's own RoomConstructor takes any[], and a narrower list refuses its rooms.
export type RoomClass = new (...args: any[]) => Room;

/**
 * Options of {@link startServer}: the game's rooms, where it listens, the page it serves, and
 * the limits of its matchmaking (matchmake-route.ts: origins, body size; creation-gate.ts:
 * rooms per client and per process).
 */
export interface StartOptions extends MatchmakeOptions, CreationLimits {
  /** The game's rooms by name (`{ arena: arenaRoom(config) }`): what clients matchmake into. */
  rooms?: Readonly<Record<string, RoomClass>>;
  /** Where GET /stats and /recording read the game's rooms; default none listed. */
  operator?: OperatorSource;
  /** TCP port; 0 (the default) picks a free one, which tests want. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1: reachable from this machine only. */
  host?: string;
  /**
   * Port of the operators' routes (`GET /stats`, `GET /recording/<roomId>`: operator-route.ts),
   * which the players' port never answers; 0 (the default) picks a free one.
   */
  operatorPort?: number;
  /** Interface of the operators' port. Default 127.0.0.1, whatever `host` is. */
  operatorHost?: string;
  /**
   * A Redis URL (`redis://127.0.0.1:6379`) to share rooms with other processes: Colyseus's
   * Redis presence and driver (optional peers: install `@colyseus/redis-presence` and
   * `@colyseus/redis-driver`), so a client matched by any process joins a room living on any
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
   * no proxy here. Unset (the default, and under a dev server, which serves the page itself).
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

/**
 * Colyseus's Redis presence and driver at `url`: the rooms of every process, shared. Loaded
 * only here, so a game that runs one process never installs them.
 */
async function redisShared(url: string): Promise<{ presence: Presence; driver: unknown }> {
  const [{ RedisPresence }, { RedisDriver }] = await Promise.all([
    import('@colyseus/redis-presence'),
    import('@colyseus/redis-driver'),
  ]);
  return { presence: new RedisPresence(url), driver: new RedisDriver(url) };
}

/** Checks a port: an integer from 0 (a free one) to 65 535, or a RangeError naming it. */
function checkPort(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= 0 && value <= 65_535)) {
    throw new RangeError(`${name} must be an integer from 0 to 65535, got ${String(value)}`);
  }
}

/**
 * Checks what startServer takes beyond the matchmaking and creation limits (those are checked
 * where they are resolved): the ports, the rooms, the Redis URL. A RangeError names the option
 * and its value, before anything listens.
 */
function checkHostOptions(options: StartOptions): void {
  checkPort('port', options.port);
  checkPort('operatorPort', options.operatorPort);
  for (const [name, room] of Object.entries(options.rooms ?? {})) {
    if (typeof room !== 'function') {
      throw new RangeError(`rooms.${name} must be a room class, got ${String(room)}`);
    }
  }
  const { redis } = options;
  if (redis !== undefined && !(URL.canParse(redis) && /^rediss?:$/.test(new URL(redis).protocol))) {
    throw new RangeError(`redis must be a redis:// or rediss:// URL, got ${String(redis)}`);
  }
}

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
 * Starts Colyseus 0.16 over WebSockets with the game's rooms, and the operators' routes on a
 * port of their own: what every game's server process runs, so a game's own server file only
 * names its rooms and options. One per process: Colyseus's matchmaker is a module-level
 * singleton. Matchmaking goes through matchmake-route.ts in place of Colyseus's handler, and
 * every room made through the creation gate. Options are checked before anything listens (a
 * RangeError names the option and its value). Graceful shutdown on signals is left to the
 * caller, so a test process is never exited by the server. No dev tooling is loaded here.
 */
export async function startServer(options: StartOptions = {}): Promise<GameServer> {
  checkHostOptions(options);
  const matchmake = matchmakeRoute(resolveMatchmakeOptions(options));
  const gate = new CreationGate(options, colyseusProcesses, options.clock);
  const page = options.page === undefined ? undefined : pageRoute(options.page);
  const shared = options.redis ? await redisShared(options.redis) : {};
  const operator = createServer(operatorRoute(options.operator ?? NO_ROOMS));
  const operatorHost = options.operatorHost ?? '127.0.0.1';
  const operatorPort = await listen(operator, options.operatorPort ?? 0, operatorHost);
  const http = createServer();
  let server: Server;
  try {
    server = new Server({
      transport: new WebSocketTransport({ server: http }),
      greet: false,
      gracefullyShutdown: false,
      publicAddress: options.publicAddress,
      selectProcessIdToCreateRoom: () => gate.select(),
      ...(shared as object),
    });
    // Colyseus put its matchmaking handler first; this one takes its place (the same URLs).
    http.removeAllListeners('request');
    http.on('request', (request, response) => {
      if (request.url?.includes(`/${matchMaker.controller.matchmakeRoute}`)) {
        matchmake(request, response).catch(() => response.destroy());
      } else if (!page?.(request, response)) response.writeHead(404).end();
    });
    for (const [name, room] of Object.entries(options.rooms ?? {})) server.define(name, room);
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
