import type { Server as HttpServer } from 'node:http';
import { createServer } from 'node:net';
import { matchMaker } from '@colyseus/core';
import { Client, type Room } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningSockets } from './listening-sockets.js';
import type { ProcessStats } from './operator-route.js';
import type { GameServer } from './server.js';
import { startTestServer as startServer } from './test-matchmake.js';

/** The HTTP server under a game server's WebSocket transport: where it really listens. */
const httpOf = (game: { server: { transport: unknown } }) =>
  (game.server.transport as { server: HttpServer }).server;

/** A port that was free a moment ago: asked of the system, then let go. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe("the operators' routes, on the operators' port (real server, the game's rooms listed)", () => {
  let game: GameServer;
  let address: string;
  let publicAddress: string;
  let roomId: string;
  let room: Room;

  beforeAll(async () => {
    game = await startServer();
    address = `http://127.0.0.1:${game.operatorPort}`;
    publicAddress = `http://127.0.0.1:${game.port}`;
    room = await new Client(publicAddress).joinOrCreate('arena');
    roomId = room.roomId;
  });
  afterAll(async () => {
    await room.leave();
    await game.stop();
  });

  it("GET /stats: this process's CPU time and every room's figures, as JSON", async () => {
    const cpu = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
    const before = cpu(process.cpuUsage());
    const response = await fetch(`${address}/stats`);
    const after = cpu(process.cpuUsage());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const stats = (await response.json()) as ProcessStats;
    expect(stats.processId).toBe(matchMaker.processId);
    // The server runs in this process: its CPU time lies between the two readings around it.
    expect(stats.cpuMs).toBeGreaterThanOrEqual(before);
    expect(stats.cpuMs).toBeLessThanOrEqual(after);
    expect(stats.rooms).toEqual([
      { roomId, clients: 1, ticks: 90, stepMs: 4.5, maxStepMs: 0.5, bytesOut: 1234, droppedMs: 0 },
    ]);
  });

  it('GET /recording/<roomId>: the bytes of its session, and 404 for a room with none', async () => {
    const response = await fetch(`${address}/recording/${roomId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(new TextDecoder().decode(await response.arrayBuffer())).toBe(roomId);
    expect((await fetch(`${address}/recording/nowhere`)).status).toBe(404);
  });

  it('404 to anything else: another method, a longer or shorter path, a path around it', async () => {
    const misses = [
      ['POST', '/stats'],
      ['GET', '/stats/more'],
      ['GET', '/stats/'],
      ['POST', `/recording/${roomId}`],
      ['GET', `/recording/${roomId}/more`],
      ['GET', `/more/recording/${roomId}`],
      ['GET', '/recording/'],
      ['GET', '/recording/a/b'],
      ['GET', '/'],
    ] as const;
    const statuses = [];
    for (const [method, path] of misses) {
      statuses.push((await fetch(`${address}${path}`, { method })).status);
    }
    expect(statuses).toEqual(misses.map(() => 404));
  });

  it("the players' port answers neither: 404 to /stats and /recording/<roomId>", async () => {
    expect(game.operatorPort).not.toBe(game.port);
    const stats = await fetch(`${publicAddress}/stats`);
    const recording = await fetch(`${publicAddress}/recording/${roomId}`);
    expect([stats.status, await stats.text()]).toEqual([404, '']);
    expect([recording.status, await recording.text()]).toEqual([404, '']);
  });
});

describe('startServer', () => {
  it('listens on loopback at the ports asked for, adds no signal handler, and stop() closes both', async () => {
    const port = await freePort();
    const operatorPort = await freePort();
    const signals = () => [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
    const before = signals();
    const game = await startServer({ port, operatorPort });
    try {
      expect([game.port, game.operatorPort]).toEqual([port, operatorPort]);
      expect(httpOf(game).address()).toMatchObject({ address: '127.0.0.1', port });
      expect((await fetch(`http://127.0.0.1:${operatorPort}/stats`)).status).toBe(200);
      expect(signals()).toEqual(before); // exiting on a signal is the caller's to decide
    } finally {
      await game.stop();
    }
    expect(httpOf(game).listening).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${operatorPort}/stats`)).rejects.toThrow();
  });

  it("keeps the operators' port on loopback when the players' listens on every interface", async () => {
    const game = await startServer({ host: '0.0.0.0' });
    try {
      expect(httpOf(game).address()).toMatchObject({ address: '0.0.0.0' });
      const sockets = await listeningSockets(process.pid);
      expect(sockets).toContain(`127.0.0.1:${game.operatorPort}`);
      expect(sockets).not.toContain(`0.0.0.0:${game.operatorPort}`);
    } finally {
      await game.stop();
    }
  });

  it("the players' port taken: startServer rejects and closes the operators' port it opened", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    const operatorPort = await freePort();
    try {
      await expect(startServer({ port, operatorPort })).rejects.toThrow(/EADDRINUSE/);
      await expect(fetch(`http://127.0.0.1:${operatorPort}/stats`)).rejects.toThrow();
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });

  it("an operator port taken: startServer rejects and leaves the players' port unopened", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port: operatorPort } = taken.address() as { port: number };
    const port = await freePort();
    try {
      await expect(startServer({ port, operatorPort })).rejects.toThrow(/EADDRINUSE/);
      await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });
});
