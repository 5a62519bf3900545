import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameServer, startServer } from '../colyseus/host/server.js';
import { runLoad } from './load.js';
import { formatLoad } from './report.js';
import { benchGame, SEATS, WireRoom, wireRooms } from './test-bench.js';

describe('the load test over any game’s wire (a stand-in game, a few bots for a moment: that it measures, never how fast)', () => {
  let game: GameServer;
  let options: { endpoint: string; processes: string[] };
  beforeAll(async () => {
    game = await startServer({ rooms: { duel: WireRoom }, operator: wireRooms });
    options = {
      endpoint: `http://127.0.0.1:${game.port}`,
      processes: [`http://127.0.0.1:${game.operatorPort}`],
    };
  });
  afterAll(() => game.stop());

  const run = { game: benchGame, roomName: 'duel', maxPlayers: SEATS };

  // Real time: bots joining and playing a second or two, which a loaded machine stretches.
  it('reports rooms, tick rates, bytes, input-to-snapshot latency, and rooms and clients per process', {
    timeout: 30_000,
  }, async () => {
    const report = await runLoad({ ...run, ...options, clients: 6, seconds: 1, warmup: 0.5 });
    expect([report.rooms, report.perRoom, report.maxRoomClients]).toEqual([2, SEATS, SEATS]);
    expect(report.tickRates).toHaveLength(2);
    for (const rate of report.tickRates) expect(rate).toBeGreaterThan(0);
    expect(report.tickRate).toBe(30);
    expect(report.cpuShare[0]).toBeGreaterThan(0);
    expect(report.perProcess).toEqual([{ rooms: 2, clients: 6 }]);
    expect(report.bytesOutPerClient).toBeGreaterThan(0);
    expect(report.bytesInPerClient).toBeGreaterThan(0);
    expect(report.latency.p50).toBeGreaterThan(0);
    expect(report.latency.p99).toBeGreaterThanOrEqual(report.latency.p50);
    const text = formatLoad(report);
    expect(text).toContain('6 clients in 2 rooms');
    expect(text).toContain('within 1 % of 30');
    expect(text).toContain('per process       rooms 2; clients 6');
  });

  it('puts perRoom bots in each room, the last room the rest, and checks perRoom and maxPlayers', {
    timeout: 30_000,
  }, async () => {
    const short = { ...run, ...options, seconds: 0.3, warmup: 0.2 };
    const report = await runLoad({ ...short, clients: 5, perRoom: 2 });
    expect([report.rooms, report.perRoom, report.maxRoomClients]).toEqual([3, 2, 2]);
    for (const perRoom of [0, SEATS + 1, 2.5]) {
      await expect(runLoad({ ...short, clients: 2, perRoom })).rejects.toThrow(
        new RangeError(`perRoom must be an integer from 1 to ${SEATS}, got ${perRoom}`),
      );
    }
    await expect(runLoad({ ...short, clients: 2, maxPlayers: 0 })).rejects.toThrow(
      new RangeError('maxPlayers must be an integer of at least 1, got 0'),
    );
  });
});
