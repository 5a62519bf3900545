import { Client } from 'colyseus.js';
import type { ProcessStats } from '../server/server';
import { MAX_PLAYERS, TICK_RATE } from '../shared/arena';
import { Bot } from './bot';
import { type LoadReport, summarize } from './report';

/** Settings of {@link runLoad}. */
export interface LoadOptions {
  /** Where bots matchmake (`http://127.0.0.1:port`): one process; rooms may live on any. */
  endpoint: string;
  /** The game processes' operator addresses (`operatorPort`), whose /stats are read before and after. */
  processes: string[];
  clients: number;
  /** Bots to a room (1 to {@link MAX_PLAYERS}, the default): rooms = clients / perRoom, rounded up. */
  perRoom?: number;
  /** Seconds of play measured, after `warmup` seconds unmeasured. */
  seconds: number;
  warmup?: number;
  /** Waits `ms` (real time: a load test measures real time). */
  sleep?: (ms: number) => Promise<void>;
}

async function stats(address: string): Promise<ProcessStats> {
  const response = await fetch(`${address}/stats`);
  return (await response.json()) as ProcessStats;
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
  const perRoom = options.perRoom ?? MAX_PLAYERS;
  if (!Number.isInteger(perRoom) || perRoom < 1 || perRoom > MAX_PLAYERS) {
    throw new RangeError(`perRoom must be an integer from 1 to ${MAX_PLAYERS}, got ${perRoom}`);
  }
  const bots: Bot[] = [];
  for (let i = 0; i < options.clients; i += perRoom) {
    const group = Math.min(perRoom, options.clients - i);
    // A room of its own for each group (matchmaking would fill rooms to MAX_PLAYERS), on
    // whichever process the driver picks; each bot made as its join resolves, so its handler
    // is there for the first snapshot.
    const first = await new Client(options.endpoint).create('arena');
    bots.push(new Bot(first, now, i));
    const joined = await Promise.all(
      Array.from({ length: group - 1 }, (_, k) =>
        new Client(options.endpoint)
          .joinById(first.roomId)
          .then((room) => new Bot(room, now, i + k + 1)),
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
    const latencies = bots.flatMap((b) => b.latencies);
    return summarize({ ...options, perRoom }, before, after, bytesIn, latencies);
  } finally {
    clearInterval(timer);
    await Promise.all(bots.map((b) => b.room.leave()));
  }
}

// What scripts/load.mjs prints a run and a sweep with, next to runLoad.
export { fitCost, formatLoad, formatSweep, type LoadReport } from './report';
