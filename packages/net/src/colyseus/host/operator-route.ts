/// <reference types="node" />
import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchMaker } from '@colyseus/core';

/**
 * One room's line in GET /stats: its id, its clients, and the figures a load test turns into
 * tick rates, step time and bandwidth (cumulative over the room's life, so two readings give
 * the rates between them).
 */
export interface RoomLoad {
  roomId: string;
  clients: number;
  /** Fixed steps taken. */
  ticks: number;
  /** Real time spent in those steps, and the longest one, in ms. */
  stepMs: number;
  maxStepMs: number;
  /** Snapshot bytes sent to the room's clients. */
  bytesOut: number;
  /** Real time the room's loop dropped (stalls past its guards), in ms. */
  droppedMs: number;
}

/** What GET /stats answers: this process and each of its rooms, as JSON. */
export interface ProcessStats {
  processId: string;
  /** `process.cpuUsage()` in ms since the process started, and `performance.now()`. */
  cpuMs: number;
  now: number;
  rooms: RoomLoad[];
}

/**
 * Where the operators' routes read a game's rooms: the game knows its room class, the host does
 * not. `rooms` lists this process's live rooms; `recording` gives a room's recorded session as
 * bytes, or undefined when there is no such room or it records nothing (then 404).
 */
export interface OperatorSource {
  rooms(): Iterable<RoomLoad>;
  recording(roomId: string): Uint8Array | undefined;
}

/** A source with no rooms: a server whose game lists none still answers /stats for its CPU. */
export const NO_ROOMS: OperatorSource = { rooms: () => [], recording: () => undefined };

/**
 * The operators' port's routes: GET /stats (what a load test reads from every process, beside
 * what its bots see) and `GET /recording/<roomId>` (the room's recorded session as bytes, for a
 * bug report to replay bit for bit), and 404 to anything else. They list every room and hand
 * out every seat's inputs, so {@link startServer} serves them on a port of their own
 * (`operatorPort`, on loopback unless `operatorHost` says otherwise), never on the players'.
 */
export function operatorRoute(
  source: OperatorSource,
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    const recording = /^\/recording\/([\w-]+)$/.exec(request.url ?? '');
    if (request.method === 'GET' && recording) {
      const bytes = source.recording(recording[1]!);
      if (bytes === undefined) response.writeHead(404).end();
      else response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes);
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
      rooms: [...source.rooms()],
    };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stats));
  };
}
