import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { matchMaker, Server } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { ArenaRoom, arenaRoom } from './arena-room';
import type { ArenaConfig } from './config';
import { pageRoute } from './page-route';
import type { RoomStats } from './seat';

/** Options of {@link startServer}. */
export interface StartOptions {
  /** TCP port; 0 (the default) picks a free one, which tests want. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1: reachable from this machine only. */
  host?: string;
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
}

/** A running game server. */
export interface GameServer {
  readonly server: Server;
  /** The port it listens on (the one picked when asked for 0). */
  readonly port: number;
  /** Colyseus's id of this process: the first part of every room's WebSocket path. */
  readonly processId: string;
  /** Closes every room and the port; resolves when done. Leaves the process running. */
  stop(): Promise<void>;
}

/** What GET /stats answers: this process and each of its rooms, as JSON. */
export interface ProcessStats {
  processId: string;
  /** `process.cpuUsage()` in ms since the process started, and `performance.now()`. */
  cpuMs: number;
  now: number;
  /** Each room's {@link RoomStats}, its clients, and the real time its loop dropped (ms). */
  rooms: ({ roomId: string; clients: number; droppedMs: number } & RoomStats)[];
}

/**
 * Answers GET /stats (what a load test reads from every process, beside what its bots see),
 * GET /recording/<roomId> (the room's recorded session as bytes, for a bug report: replay it
 * with `replaySession(Recording.fromBytes(bytes, SIMULATION_BUILD))`), and 404 to anything
 * else that is not matchmaking, which Colyseus takes before this. Bind the server to loopback
 * (the default) or put these behind your own access control: they are for operators.
 */
function statsRoute(request: IncomingMessage, response: ServerResponse): void {
  // Stryker disable next-line StringLiteral: a server's request always has its url; the ?? is for the type
  const recording = /^\/recording\/([\w-]+)$/.exec(request.url ?? '');
  if (request.method === 'GET' && recording) {
    const room = [...ArenaRoom.live].find((r) => r.roomId === recording[1]);
    if (!room?.recorder) {
      response.writeHead(404).end();
      return;
    }
    const bytes = room.recorder.recording().toBytes();
    response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes);
    return;
  }
  if (request.method !== 'GET' || request.url !== '/stats') {
    response.writeHead(404).end();
    return;
  }
  const cpu = process.cpuUsage();
  const stats: ProcessStats = {
    processId: matchMaker.processId,
    cpuMs: (cpu.user + cpu.system) / 1000,
    now: performance.now(),
    rooms: [...ArenaRoom.live].map((room) => ({
      roomId: room.roomId,
      clients: room.clients.length,
      ...room.stats,
      droppedMs: room.loop.stats.dropped,
    })),
  };
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stats));
}

// Stryker disable all: run by the cluster test's own processes, outside Stryker's
/** Colyseus's Redis presence and driver at `url`: the rooms of every process, shared. */
function redisShared(url: string): { presence: RedisPresence; driver: RedisDriver } {
  return { presence: new RedisPresence(url), driver: new RedisDriver(url) };
}
// Stryker restore all

/**
 * Starts Colyseus with the arena room (`'arena'`) over WebSockets. One per process: Colyseus's
 * matchmaker is a module-level singleton. Graceful shutdown on signals is left to the caller,
 * so a test process is never exited by the server.
 */
export async function startServer(options: StartOptions = {}): Promise<GameServer> {
  const page = options.page === undefined ? undefined : pageRoute(options.page);
  const http = createServer((request, response) => {
    if (!page?.(request, response)) statsRoute(request, response);
  });
  const shared = options.redis ? redisShared(options.redis) : {};
  const server = new Server({
    transport: new WebSocketTransport({ server: http }),
    // Stryker disable next-line BooleanLiteral: Colyseus's banner on the console, which nothing reads
    greet: false,
    gracefullyShutdown: false,
    publicAddress: options.publicAddress,
    ...shared,
  });
  server.define('arena', arenaRoom(options.arena));
  await server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  const { port } = http.address() as AddressInfo;
  return {
    server,
    port,
    processId: matchMaker.processId,
    stop: () => server.gracefullyShutdown(false),
  };
}
