import { describe, expect, it } from 'vitest';
import type { ProcessStats } from '../colyseus/host/operator-route.js';
import { fitCost, formatLoad, formatSweep, type LoadReport, summarize } from './report.js';

/** A room's line in a process's /stats. */
const room = (roomId: string, clients: number, ticks: number, stepMs: number, more = {}) => ({
  roomId,
  clients,
  ticks,
  stepMs,
  maxStepMs: 0,
  bytesOut: 0,
  droppedMs: 0,
  ...more,
});
/** A process's /stats at `now` ms. */
const stats = (now: number, cpuMs: number, rooms: ProcessStats['rooms']): ProcessStats => ({
  processId: 'p',
  cpuMs,
  now,
  rooms,
});

describe('the load report', () => {
  // Two processes, measured over 2 s and 4 s of their own clocks (10 s asked for): a room on
  // each alive at both ends, one gone before the end and one born after the start, neither
  // counted.
  const before = [
    stats(1000, 500, [
      room('r1', 3, 100, 5, { maxStepMs: 0.5, bytesOut: 1000, droppedMs: 10 }),
      room('gone', 8, 0, 0),
    ]),
    stats(2000, 0, [room('r2', 2, 0, 0, { maxStepMs: 0.1 })]),
  ];
  const after = [
    stats(3000, 900, [
      room('r1', 4, 220, 11, { maxStepMs: 0.9, bytesOut: 5000, droppedMs: 12 }),
      room('born', 8, 50, 100, { maxStepMs: 7, bytesOut: 99_999, droppedMs: 500 }),
    ]),
    stats(6000, 2000, [room('r2', 2, 236, 4, { maxStepMs: 0.3, bytesOut: 8000, droppedMs: 3 })]),
  ];
  // 1 to 100 ms, newest first as bots would not sort them.
  const latencies = Array.from({ length: 100 }, (_, i) => 100 - i);
  const options = { clients: 6, perRoom: 3, seconds: 10, tickRate: 60 };

  it("sums the rooms alive at both ends over each process's own time", () => {
    expect(summarize(options, before, after, 4800, latencies)).toEqual({
      clients: 6,
      tickRate: 60,
      perRoom: 3,
      maxRoomClients: 4,
      rooms: 2,
      seconds: 4,
      tickRates: [60, 59],
      droppedMs: 5,
      stepMs: 10 / 356,
      maxStepMs: 0.9,
      cpuShare: [0.2, 0.5],
      // Every room at the end, born ones too: where the rooms are, not what was measured.
      perProcess: [
        { rooms: 2, clients: 12 },
        { rooms: 1, clients: 2 },
      ],
      bytesOutPerClient: 12_000 / 6 / 4,
      bytesInPerClient: 4800 / 6 / 4,
      latency: { p50: 51, p95: 96, p99: 100, max: 100 },
    });
    expect(latencies[0]).toBe(100); // the bots' own list is left as it was
  });

  it('says NaN for what it had nothing to measure with: no latencies, no ticks', () => {
    const idle = summarize(options, [stats(0, 0, [])], [stats(1000, 10, [])], 0, []);
    expect(idle).toMatchObject({ rooms: 0, maxRoomClients: 0, seconds: 1, tickRates: [] });
    expect(idle.perProcess).toEqual([{ rooms: 0, clients: 0 }]);
    expect(idle.stepMs).toBeNaN();
    expect(Object.values(idle.latency).every(Number.isNaN)).toBe(true);
    expect(formatLoad(idle).split('\n').slice(0, 2)).toEqual([
      '6 clients in 0 rooms over 1.0 s, 1 processes',
      'ticks/s per room  min –, median –, max –; 0/0 within 1 % of 60',
    ]);
  });

  it('prints a run as eight lines', () => {
    const report = summarize(options, before, after, 4800, latencies);
    report.tickRates.push(60.5);
    expect(formatLoad(report).split('\n')).toEqual([
      '6 clients in 2 rooms over 4.0 s, 2 processes',
      'ticks/s per room  min 59.00, median 60.00, max 60.50; 2/3 within 1 % of 60',
      "time dropped      5 ms in all rooms (stalls past the loop's guards)",
      'step time         mean 0.028 ms, worst 0.90 ms',
      'process CPU       20 %, 50 % of a core',
      'per process       rooms 2, 1; clients 12, 2',
      'bytes/client/s    500 sent, 200 received (snapshots only)',
      'input → snapshot  p50 51 ms, p95 96 ms, p99 100 ms, max 100 ms',
    ]);
  });
});

describe('the load report of another game', () => {
  it('holds the rates against that game’s own tick rate', () => {
    const rates = [30, 29.8, 30.2, 29.6, 60];
    const at30 = {
      ...summarize({ clients: 6, perRoom: 3, seconds: 10, tickRate: 30 }, [], [], 0, []),
      tickRates: rates,
    };
    expect(formatLoad(at30).split('\n')[1]).toBe(
      'ticks/s per room  min 29.60, median 30.00, max 60.00; 3/5 within 1 % of 30',
    );
  });
});

describe('the room-size sweep', () => {
  /** A report of `rooms` rooms of `perRoom` clients, as runLoad gives one. */
  const report = (rooms: number, perRoom: number, cpu: number): LoadReport => ({
    clients: rooms * perRoom,
    tickRate: 60,
    perRoom,
    maxRoomClients: perRoom,
    rooms,
    seconds: 10,
    tickRates: Array.from({ length: rooms }, (_, i) => (i === 0 ? 59 : 60)),
    droppedMs: 0,
    stepMs: 0.1,
    maxStepMs: 1,
    cpuShare: [cpu / 2, cpu / 2],
    perProcess: [
      { rooms: rooms / 2, clients: (rooms * perRoom) / 2 },
      { rooms: rooms / 2, clients: (rooms * perRoom) / 2 },
    ],
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
    expect(lines[0]).toBe('per room  rooms  in 1 %     CPU     B/client/s  clients/core');
    expect(lines[4]).toMatch(/^ +8 +25 +24\/25 +70 % +4560 +286$/);
    expect(lines[1]).toMatch(/^ +1 +200 +199\/200 +420 % +4560 +48$/);
    expect(lines[5]).toBe(
      'CPU ≈ 2.00 % of a core per room + 0.100 % per client (least squares over these runs)',
    );
  });
});
