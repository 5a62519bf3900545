import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameServer, startServer } from '../server/server';
import { TICK_RATE } from '../shared/arena';
import { fitCost, formatLoad, formatSweep, type LoadReport, runLoad } from './load';

describe('the load test (a few bots for a moment: that it measures, never how fast)', () => {
  let game: GameServer;
  beforeAll(async () => {
    game = await startServer();
  });
  afterAll(() => game.stop());

  it('reports rooms, tick rates, step time, CPU, bytes and input-to-snapshot latency', async () => {
    const address = `http://127.0.0.1:${game.port}`;
    const report = await runLoad({
      endpoint: address,
      processes: [address],
      clients: 10,
      seconds: 1,
      warmup: 0.5,
    });
    expect(report.rooms).toBeGreaterThanOrEqual(2); // 8 to a room at most
    expect(report.tickRates).toHaveLength(report.rooms);
    for (const rate of report.tickRates) expect(rate).toBeGreaterThan(0);
    expect(report.stepMs).toBeGreaterThan(0);
    expect(report.cpuShare[0]).toBeGreaterThan(0);
    expect(report.bytesOutPerClient).toBeGreaterThan(0);
    expect(report.bytesInPerClient).toBeGreaterThan(0);
    expect(report.latency.p50).toBeGreaterThan(0);
    expect(report.latency.p99).toBeGreaterThanOrEqual(report.latency.p50);
    const text = formatLoad(report);
    expect(text).toContain(`10 clients in ${report.rooms} rooms`);
    expect(text).toContain(`within 1 % of ${TICK_RATE}`);
  });

  it('puts perRoom bots in each room, the last room the rest, and checks perRoom', async () => {
    const address = `http://127.0.0.1:${game.port}`;
    const options = { endpoint: address, processes: [address], seconds: 0.3, warmup: 0.2 };
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

describe('the room-size sweep', () => {
  /** A report of `rooms` rooms of `perRoom` clients, as runLoad gives one. */
  const report = (rooms: number, perRoom: number, cpu: number): LoadReport => ({
    clients: rooms * perRoom,
    perRoom,
    maxRoomClients: perRoom,
    rooms,
    seconds: 10,
    tickRates: Array.from({ length: rooms }, (_, i) => (i === 0 ? 59 : 60)),
    droppedMs: 0,
    stepMs: 0.1,
    maxStepMs: 1,
    cpuShare: [cpu / 2, cpu / 2],
    bytesOutPerClient: 4560,
    bytesInPerClient: 4560,
    latency: { p50: 50, p95: 60, p99: 70, max: 80 },
  });

  it('splits the CPU into what a room costs and what a client adds, and the clients a core holds', () => {
    // 2 % of a core per room, 0.1 % per client, 200 clients at 1, 2, 4 and 8 to a room.
    const cpu = (rooms: number, clients: number) => 0.02 * rooms + 0.001 * clients;
    const reports = [1, 2, 4, 8].map((n) => report(200 / n, n, cpu(200 / n, 200)));
    const fit = fitCost(
      reports,
      reports.map((r) => cpu(r.rooms, r.clients)),
    );
    expect(fit.room).toBeCloseTo(0.02, 12);
    expect(fit.client).toBeCloseTo(0.001, 12);
    const lines = formatSweep(reports).split('\n');
    expect(lines).toHaveLength(6);
    // One room of 8 costs 2 % + 0.8 %: a core holds 8 / 0.028 = 286 clients; alone, 1 / 0.021.
    expect(lines[4]).toMatch(/^ +8 +25 +24\/25 +70 % +4560 +286$/);
    expect(lines[1]).toMatch(/^ +1 +200 +199\/200 +420 % +4560 +48$/);
    expect(lines[5]).toBe(
      'CPU ≈ 2.00 % of a core per room + 0.100 % per client (least squares over these runs)',
    );
  });
});
