import type { ProcessStats } from '../colyseus/host/operator-route.js';

/**
 * The arithmetic of the load test (load.ts), apart from its bots and its real time so it can be
 * tested on made-up figures: what the servers' /stats before and after and the bots' latencies
 * come to, and how a report prints.
 */

/** What the load test (runLoad in load.ts) measured; {@link formatLoad} prints it. */
export interface LoadReport {
  clients: number;
  /** The game's fixed steps per second: what each room's measured rate is held against. */
  tickRate: number;
  /** Bots to a room as asked, and the most any room measured had (as its process saw it). */
  perRoom: number;
  maxRoomClients: number;
  rooms: number;
  seconds: number;
  /** Ticks per second of each room over the measured time. */
  tickRates: number[];
  /** Real time the rooms' loops dropped (stalls longer than their guards allow), in ms, all rooms. */
  droppedMs: number;
  /** Step time per tick, mean and worst, in ms. */
  stepMs: number;
  maxStepMs: number;
  /** CPU of each game process, as a share of one core. */
  cpuShare: number[];
  /** Rooms and their clients on each game process at the end: how the rooms spread. */
  perProcess: { rooms: number; clients: number }[];
  /** Snapshot bytes per client per second, as the server sent them and as the bots got them. */
  bytesOutPerClient: number;
  bytesInPerClient: number;
  /** Input-to-snapshot latency percentiles in ms. */
  latency: { p50: number; p95: number; p99: number; max: number };
}

/** `v` with `digits` decimals, or a dash for a figure there was nothing to measure with. */
function fixed(v: number, digits = 1): string {
  return Number.isFinite(v) ? v.toFixed(digits) : '–';
}

/** How many of the rooms' tick rates are within 1 % of the game's `tickRate`. */
function onTime(tickRates: number[], tickRate: number): number {
  return tickRates.filter((x) => Math.abs(x - tickRate) <= tickRate * 0.01).length;
}

/** The `p` quantile (0 to under 1) of ascending `sorted`, nearest rank below; NaN when empty. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.floor(p * sorted.length)] ?? Number.NaN;
}

/**
 * A {@link LoadReport} from each process's /stats before and after the measured time, the bytes
 * the bots received meanwhile and their input-to-snapshot latencies. Only rooms alive at both
 * ends count; the seconds are the processes' own (the last one read).
 */
export function summarize(
  options: { clients: number; perRoom: number; seconds: number; tickRate: number },
  before: ProcessStats[],
  after: ProcessStats[],
  bytesIn: number,
  latencies: number[],
): LoadReport {
  const tickRates: number[] = [];
  let ticks = 0;
  let stepMs = 0;
  let maxStepMs = 0;
  let bytesOut = 0;
  let droppedMs = 0;
  let maxRoomClients = 0;
  const cpuShare: number[] = [];
  const perProcess: LoadReport['perProcess'] = [];
  let seconds = options.seconds;
  after.forEach((end, p) => {
    const start = before[p]!;
    const elapsed = (end.now - start.now) / 1000;
    seconds = elapsed;
    cpuShare.push((end.cpuMs - start.cpuMs) / 1000 / elapsed);
    const clients = end.rooms.reduce((sum, room) => sum + room.clients, 0);
    perProcess.push({ rooms: end.rooms.length, clients });
    for (const room of end.rooms) {
      const was = start.rooms.find((r) => r.roomId === room.roomId);
      if (!was) continue;
      tickRates.push((room.ticks - was.ticks) / elapsed);
      ticks += room.ticks - was.ticks;
      stepMs += room.stepMs - was.stepMs;
      bytesOut += room.bytesOut - was.bytesOut;
      droppedMs += room.droppedMs - was.droppedMs;
      maxStepMs = Math.max(maxStepMs, room.maxStepMs);
      maxRoomClients = Math.max(maxRoomClients, room.clients);
    }
  });
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    clients: options.clients,
    tickRate: options.tickRate,
    perRoom: options.perRoom,
    maxRoomClients,
    rooms: tickRates.length,
    seconds,
    tickRates,
    droppedMs,
    stepMs: stepMs / ticks, // NaN with no ticks: no step time was added either
    maxStepMs,
    cpuShare,
    perProcess,
    bytesOutPerClient: bytesOut / options.clients / seconds,
    bytesInPerClient: bytesIn / options.clients / seconds,
    latency: {
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
      max: sorted[sorted.length - 1] ?? Number.NaN,
    },
  };
}

/** The report as a few lines for a terminal or a README. */
export function formatLoad(r: LoadReport): string {
  const rates = [...r.tickRates].sort((a, b) => a - b);
  const within = onTime(rates, r.tickRate);
  const f = fixed;
  return [
    `${r.clients} clients in ${r.rooms} rooms over ${f(r.seconds)} s, ${r.cpuShare.length} processes`,
    `ticks/s per room  min ${f(rates[0] ?? Number.NaN, 2)}, median ${f(percentile(rates, 0.5), 2)}, max ${f(rates[rates.length - 1] ?? Number.NaN, 2)}; ${within}/${rates.length} within 1 % of ${r.tickRate}`,
    `time dropped      ${f(r.droppedMs, 0)} ms in all rooms (stalls past the loop's guards)`,
    `step time         mean ${f(r.stepMs, 3)} ms, worst ${f(r.maxStepMs, 2)} ms`,
    `process CPU       ${r.cpuShare.map((c) => `${f(c * 100, 0)} %`).join(', ')} of a core`,
    `per process       rooms ${r.perProcess.map((p) => p.rooms).join(', ')}; clients ${r.perProcess.map((p) => p.clients).join(', ')}`,
    `bytes/client/s    ${f(r.bytesOutPerClient, 0)} sent, ${f(r.bytesInPerClient, 0)} received (snapshots only)`,
    `input → snapshot  p50 ${f(r.latency.p50, 0)} ms, p95 ${f(r.latency.p95, 0)} ms, p99 ${f(r.latency.p99, 0)} ms, max ${f(r.latency.max, 0)} ms`,
  ].join('\n');
}

/**
 * Load reports of the same clients at different sizes of room, as a table, with the process CPU
 * fitted to `a × rooms + b × clients` (least squares): what a room costs whoever is in it (its
 * 60 Hz step, its snapshot encoding) against what each client adds (decoding its inputs,
 * stamping and sending its snapshots). Capacity per core follows: 1 / (a / perRoom + b)
 * clients.
 */
export function formatSweep(reports: LoadReport[]): string {
  const f = fixed;
  const cpu = reports.map((r) => r.cpuShare.reduce((sum, c) => sum + c, 0));
  const cost = fitCost(reports, cpu);
  const rows = reports.map((r, i) => {
    const within = onTime(r.tickRates, r.tickRate);
    const capacity = 1 / (cost.room / r.perRoom + cost.client);
    return `${String(r.perRoom).padStart(8)} ${String(r.rooms).padStart(6)} ${`${within}/${r.tickRates.length}`.padStart(9)} ${f(cpu[i]! * 100, 0).padStart(7)} % ${f(r.bytesOutPerClient, 0).padStart(9)} ${f(capacity, 0).padStart(12)}`;
  });
  return [
    `per room  rooms  in 1 %     CPU     B/client/s  clients/core`,
    ...rows,
    `CPU ≈ ${f(cost.room * 100, 2)} % of a core per room + ${f(cost.client * 100, 3)} % per client (least squares over these runs)`,
  ].join('\n');
}

/**
 * The share of a core a room costs and a client adds: least squares of
 * `cpu ≈ room × rooms + client × clients` over the reports (no intercept: no rooms, no cost).
 */
export function fitCost(reports: LoadReport[], cpu: number[]): { room: number; client: number } {
  let rr = 0;
  let rc = 0;
  let cc = 0;
  let ry = 0;
  let cy = 0;
  reports.forEach((r, i) => {
    rr += r.rooms * r.rooms;
    rc += r.rooms * r.clients;
    cc += r.clients * r.clients;
    ry += r.rooms * cpu[i]!;
    cy += r.clients * cpu[i]!;
  });
  const det = rr * cc - rc * rc;
  return { room: (ry * cc - cy * rc) / det, client: (cy * rr - ry * rc) / det };
}
