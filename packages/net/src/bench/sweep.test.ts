import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameServer, startServer } from '../colyseus/host/server.js';
import { loadSweep } from './sweep.js';
import { benchGame, SEATS, WireRoom, wireRooms } from './test-bench.js';

describe('loadSweep: one load run per size of room, each on a cluster of its own (a stand-in game, real time)', () => {
  let game: GameServer;
  beforeAll(async () => {
    game = await startServer({ rooms: { duel: WireRoom }, operator: wireRooms });
  });
  afterAll(() => game.stop());

  it('starts and stops a cluster per size, plays each size, and hands the reports out in order', {
    timeout: 30_000,
  }, async () => {
    const events: string[] = [];
    const reports = await loadSweep({
      game: benchGame,
      roomName: 'duel',
      maxPlayers: SEATS,
      clients: 4,
      seconds: 0.3,
      warmup: 0.2,
      sizes: [1, 2, undefined],
      // The one in-process server stands in for each fresh cluster (one matchmaker a process).
      startCluster: async () => {
        events.push('start');
        return { processes: [game], stop: async () => void events.push('stop') };
      },
      onReport: (report) => events.push(`report ${report.rooms}`),
    });
    expect(reports.map((r) => [r.rooms, r.perRoom])).toEqual([
      [4, 1],
      [2, 2],
      [1, SEATS],
    ]);
    expect(events).toEqual([
      'start',
      'report 4',
      'stop',
      'start',
      'report 2',
      'stop',
      'start',
      'report 1',
      'stop',
    ]);
  });

  it('stops the cluster when a run fails (perRoom past the seats: runLoad’s RangeError)', async () => {
    let stopped = 0;
    const run = loadSweep({
      game: benchGame,
      roomName: 'duel',
      maxPlayers: SEATS,
      clients: 2,
      seconds: 0.1,
      sizes: [SEATS + 1],
      startCluster: async () => ({ processes: [game], stop: async () => void stopped++ }),
    });
    await expect(run).rejects.toThrow(RangeError);
    expect(stopped).toBe(1);
  });
});
