import { MSG_SNAPSHOT } from '@loop/net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNAPSHOT_BYTES } from '../shared/snapshot';
import { type Harness, startHarness, until } from '../test-support/harness';
import type { ProcessStats } from './server';

// The routes themselves (paths, methods, ports, 404s) are @loop/net's, tested in the package
// (src/colyseus/host/server.test.ts); here, what they read of the arena's rooms.
describe("an operator's routes: /stats and /recording (real server, real clients, driven time)", () => {
  let harness: Harness;
  let address: string;
  const get = (path: string, method = 'GET') => fetch(`${address}${path}`, { method });
  const stats = async () => (await (await get('/stats')).json()) as ProcessStats;

  beforeAll(async () => {
    // No recording: /recording answers 404 for a live room too.
    harness = await startHarness({ recordSeconds: 0 });
    address = `http://127.0.0.1:${harness.game.operatorPort}`;
  });
  afterAll(() => harness.stop());

  it("counts each room's steps, clients and snapshot bytes, and the process's CPU", async () => {
    const a = await harness.join();
    const b = await harness.join();
    const received = [0, 0];
    a.room.onMessage(MSG_SNAPSHOT, () => received[0]!++);
    b.room.onMessage(MSG_SNAPSHOT, () => received[1]!++);
    const first = await stats();
    harness.step(a.arena, 30); // 20 snapshots a second: 10 to each client
    await until(() => received[0] === 10 && received[1] === 10, 'ten snapshots each');
    const then = await stats();
    expect(then.processId).toBe(harness.game.processId);
    expect(then.now).toBeGreaterThan(first.now);
    expect(then.cpuMs).toBeGreaterThan(first.cpuMs);
    const [room] = then.rooms;
    expect(then.rooms).toHaveLength(1);
    expect(room).toMatchObject({
      roomId: a.arena.roomId,
      clients: 2,
      ticks: 30,
      bytesOut: 20 * SNAPSHOT_BYTES,
      droppedMs: 0,
    });
    // Measured, so only what must hold: some time taken, the worst step part of the sum.
    expect(room!.maxStepMs).toBeGreaterThan(0);
    expect(room!.stepMs).toBeGreaterThanOrEqual(room!.maxStepMs);
    expect((await get(`/recording/${a.arena.roomId}`)).status).toBe(404);
    await Promise.all([a.room.leave(), b.room.leave()]);
    await expect.poll(async () => (await stats()).rooms, { timeout: 5000 }).toEqual([]);
  });
});
