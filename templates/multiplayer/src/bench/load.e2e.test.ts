import { formatLoad, type LoadOptions, runLoad as runNetLoad } from '@loop/net/bench';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameServer, startServer } from '../server/server';
import { TICK_RATE } from '../shared/arena';
import { load } from './load';

/** @loop/net's runLoad with the arena. */
const runLoad = (options: Omit<LoadOptions, keyof typeof load>) =>
  runNetLoad({ ...options, ...load });

describe('the load test (a few bots for a moment: that it measures, never how fast)', () => {
  let game: GameServer;
  beforeAll(async () => {
    game = await startServer();
  });
  afterAll(() => game.stop());

  // Real time: bots joining and playing a second or two, which a loaded machine stretches.
  it('reports rooms, tick rates, step time, CPU, bytes and input-to-snapshot latency', {
    timeout: 30_000,
  }, async () => {
    const address = `http://127.0.0.1:${game.port}`;
    const operator = `http://127.0.0.1:${game.operatorPort}`;
    const report = await runLoad({
      endpoint: address,
      processes: [operator],
      clients: 10,
      seconds: 1,
      warmup: 0.5,
    });
    expect(report.rooms).toBeGreaterThanOrEqual(2); // 8 to a room at most
    expect(report.tickRates).toHaveLength(report.rooms);
    for (const rate of report.tickRates) expect(rate).toBeGreaterThan(0);
    expect(report.stepMs).toBeGreaterThan(0);
    expect(report.cpuShare[0]).toBeGreaterThan(0);
    expect(report.perProcess).toEqual([{ rooms: report.rooms, clients: 10 }]);
    expect(report.bytesOutPerClient).toBeGreaterThan(0);
    expect(report.bytesInPerClient).toBeGreaterThan(0);
    expect(report.latency.p50).toBeGreaterThan(0);
    expect(report.latency.p99).toBeGreaterThanOrEqual(report.latency.p50);
    const text = formatLoad(report);
    expect(text).toContain(`10 clients in ${report.rooms} rooms`);
    expect(text).toContain(`within 1 % of ${TICK_RATE}`);
    expect(text).toContain(`per process       rooms ${report.rooms}; clients 10`);
  });

  it('puts perRoom bots in each room, the last room the rest, and checks perRoom', {
    timeout: 30_000,
  }, async () => {
    const address = `http://127.0.0.1:${game.port}`;
    const operator = `http://127.0.0.1:${game.operatorPort}`;
    const options = { endpoint: address, processes: [operator], seconds: 0.3, warmup: 0.2 };
    const report = await runLoad({ ...options, clients: 7, perRoom: 3 });
    expect([report.rooms, report.perRoom, report.maxRoomClients]).toEqual([3, 3, 3]);
    const alone = await runLoad({ ...options, clients: 2, perRoom: 1 });
    expect([alone.rooms, alone.maxRoomClients]).toEqual([2, 1]);
    for (const perRoom of [0, 9, 2.5]) {
      await expect(runLoad({ ...options, clients: 2, perRoom })).rejects.toThrow(
        new RangeError(`perRoom must be an integer from 1 to 8, got ${perRoom}`),
      );
    }
  });
});
