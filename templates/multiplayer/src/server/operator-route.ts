import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchMaker } from '@colyseus/core';
import { ArenaRoom } from './arena-room';
import type { RoomStats } from './seat';

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
 * The operators' port's routes: GET /stats (what a load test reads from every process, beside
 * what its bots see) and GET /recording/<roomId> (the room's recorded session as bytes, for a
 * bug report: replay it with `replaySession(Recording.fromBytes(bytes, SIMULATION_BUILD))`), and
 * 404 to anything else. They list every room and hand out every seat's inputs, so
 * {@link startServer} serves them on a port of their own (`operatorPort`, on loopback unless
 * `operatorHost` says otherwise), never on the players' port.
 */
export function operatorRoute(request: IncomingMessage, response: ServerResponse): void {
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
