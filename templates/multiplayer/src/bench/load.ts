import { Client } from 'colyseus.js';
import type { ProcessStats } from '../server/server';
import { MAX_PLAYERS, TICK_RATE } from '../shared/arena';
import { Bot } from './bot';

/** Settings of {@link runLoad}. */
export interface LoadOptions {
  /** Where bots matchmake (`http://127.0.0.1:port`): one process; rooms may live on any. */
  endpoint: string;
  /** The game processes' own addresses, whose /stats are read before and after. */
  processes: string[];
  clients: number;
  /** Seconds of play measured, after `warmup` seconds unmeasured. */
  seconds: number;
  warmup?: number;
  /** Waits `ms` (real time: a load test measures real time). */
  sleep?: (ms: number) => Promise<void>;
}

/** What {@link runLoad} measured; {@link formatLoad} prints it. */
export interface LoadReport {
  clients: number;
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
  /** Snapshot bytes per client per second, as the server sent them and as the bots got them. */
  bytesOutPerClient: number;
  bytesInPerClient: number;
  /** Input-to-snapshot latency percentiles in ms. */
  latency: { p50: number; p95: number; p99: number; max: number };
}

async function stats(address: string): Promise<ProcessStats> {
  const response = await fetch(`${address}/stats`);
  return (await response.json()) as ProcessStats;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/**
 * A load test: `clients` bots (real colyseus.js clients, real WebSockets on loopback) join
 * through one process in groups of a room's size, play for `warmup` + `seconds`, and leave.
 * The servers' own figures come from their /stats before and after the measured time; the
 * bots add what a player feels. It measures and never judges: speed depends on the machine.
 */
export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const now = () => performance.now();
  const bots: Bot[] = [];
  for (let i = 0; i < options.clients; i += MAX_PLAYERS) {
    const group = Math.min(MAX_PLAYERS, options.clients - i);
    // Each bot made as its join resolves, so its handler is there for the first snapshot.
    const joined = await Promise.all(
      Array.from({ length: group }, (_, k) =>
        new Client(options.endpoint)
          .joinOrCreate('arena')
          .then((room) => new Bot(room, now, i + k)),
      ),
    );
    bots.push(...joined);
  }
  const timer = setInterval(() => {
    for (const bot of bots) bot.tick();
  }, 1000 / TICK_RATE);
  try {
    await sleep((options.warmup ?? 2) * 1000);
    const before = await Promise.all(options.processes.map(stats));
    const inBefore = bots.reduce((n, b) => n + b.bytesIn, 0);
    for (const bot of bots) bot.latencies.length = 0;
    await sleep(options.seconds * 1000);
    const after = await Promise.all(options.processes.map(stats));
    const bytesIn = bots.reduce((n, b) => n + b.bytesIn, 0) - inBefore;
    return summarize(options, before, after, bytesIn, bots);
  } finally {
    clearInterval(timer);
    await Promise.all(bots.map((b) => b.room.leave()));
  }
}

function summarize(
  options: LoadOptions,
  before: ProcessStats[],
  after: ProcessStats[],
  bytesIn: number,
  bots: Bot[],
): LoadReport {
  const tickRates: number[] = [];
  let ticks = 0;
  let stepMs = 0;
  let maxStepMs = 0;
  let bytesOut = 0;
  let droppedMs = 0;
  const cpuShare: number[] = [];
  let seconds = options.seconds;
  after.forEach((end, p) => {
    const start = before[p]!;
    const elapsed = (end.now - start.now) / 1000;
    seconds = elapsed;
    cpuShare.push((end.cpuMs - start.cpuMs) / 1000 / elapsed);
    for (const room of end.rooms) {
      const was = start.rooms.find((r) => r.roomId === room.roomId);
      if (!was) continue;
      tickRates.push((room.ticks - was.ticks) / elapsed);
      ticks += room.ticks - was.ticks;
      stepMs += room.stepMs - was.stepMs;
      bytesOut += room.bytesOut - was.bytesOut;
      droppedMs += room.droppedMs - was.droppedMs;
      maxStepMs = Math.max(maxStepMs, room.maxStepMs);
    }
  });
  const latencies = bots.flatMap((b) => b.latencies).sort((a, b) => a - b);
  return {
    clients: options.clients,
    rooms: tickRates.length,
    seconds,
    tickRates,
    droppedMs,
    stepMs: ticks > 0 ? stepMs / ticks : Number.NaN,
    maxStepMs,
    cpuShare,
    bytesOutPerClient: bytesOut / options.clients / seconds,
    bytesInPerClient: bytesIn / options.clients / seconds,
    latency: {
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
      p99: percentile(latencies, 0.99),
      max: latencies[latencies.length - 1] ?? Number.NaN,
    },
  };
}

/** The report as a few lines for a terminal or a README. */
export function formatLoad(r: LoadReport): string {
  const rates = [...r.tickRates].sort((a, b) => a - b);
  const within = rates.filter((x) => Math.abs(x - TICK_RATE) <= TICK_RATE * 0.01).length;
  const f = (v: number, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '–');
  return [
    `${r.clients} clients in ${r.rooms} rooms over ${f(r.seconds)} s, ${r.cpuShare.length} processes`,
    `ticks/s per room  min ${f(rates[0] ?? Number.NaN, 2)}, median ${f(percentile(rates, 0.5), 2)}, max ${f(rates[rates.length - 1] ?? Number.NaN, 2)}; ${within}/${rates.length} within 1 % of ${TICK_RATE}`,
    `time dropped      ${f(r.droppedMs, 0)} ms in all rooms (stalls past the loop's guards)`,
    `step time         mean ${f(r.stepMs, 3)} ms, worst ${f(r.maxStepMs, 2)} ms`,
    `process CPU       ${r.cpuShare.map((c) => `${f(c * 100, 0)} %`).join(', ')} of a core`,
    `bytes/client/s    ${f(r.bytesOutPerClient, 0)} sent, ${f(r.bytesInPerClient, 0)} received (snapshots only)`,
    `input → snapshot  p50 ${f(r.latency.p50, 0)} ms, p95 ${f(r.latency.p95, 0)} ms, p99 ${f(r.latency.p99, 0)} ms, max ${f(r.latency.max, 0)} ms`,
  ].join('\n');
}
