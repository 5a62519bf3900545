import { matchMaker } from '@colyseus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessStats } from './server';
import { type Harness, startHarness } from './test-harness';

// The routes themselves, startServer's ports and its failures are @loop/net's, tested there
// (packages/net/src/colyseus/host/server.test.ts); here, what they read of the arena's rooms.

describe("the operators' routes, on the operators' port (real server, driven time)", () => {
  let harness: Harness;
  let address: string;
  let publicAddress: string;
  let roomId: string;

  beforeAll(async () => {
    harness = await startHarness({ recordSeconds: 5 });
    address = `http://127.0.0.1:${harness.game.operatorPort}`;
    publicAddress = `http://127.0.0.1:${harness.game.port}`;
    const { arena } = await harness.join();
    roomId = arena.roomId;
    harness.step(arena, 90);
  });
  afterAll(() => harness.stop());

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
      expect.objectContaining({ roomId, clients: 1, ticks: 90, droppedMs: 0 }),
    ]);
    expect(stats.rooms[0]!.bytesOut).toBeGreaterThan(0);
  });

  it('GET /recording/<roomId>: the bytes of its session', async () => {
    const response = await fetch(`${address}/recording/${roomId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('404 to anything else: another method, a longer or shorter path, a path around it', async () => {
    const misses = [
      ['POST', '/stats'],
      ['GET', '/stats/more'],
      ['POST', `/recording/${roomId}`],
      ['GET', `/recording/${roomId}/more`],
      ['GET', `/more/recording/${roomId}`],
      ['GET', '/recording/'],
      ['GET', '/'],
    ] as const;
    const statuses = [];
    for (const [method, path] of misses) {
      statuses.push((await fetch(`${address}${path}`, { method })).status);
    }
    expect(statuses).toEqual(misses.map(() => 404));
  });

  it("the players' port answers neither: 404 to /stats and /recording/<roomId>", async () => {
    expect(harness.game.operatorPort).not.toBe(harness.game.port);
    const stats = await fetch(`${publicAddress}/stats`);
    const recording = await fetch(`${publicAddress}/recording/${roomId}`);
    expect([stats.status, await stats.text()]).toEqual([404, '']);
    expect([recording.status, await recording.text()]).toEqual([404, '']);
  });
});
