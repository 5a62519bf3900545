import { Client } from 'colyseus.js';
import type { ProcessStats } from '../colyseus/host/operator-route.js';
import { type BenchGame, Bot } from './bot.js';
import { type LoadReport, summarize } from './report.js';

/** Settings of {@link runLoad}. */
export interface LoadOptions {
  /** The game under load: its wire and how a bot steers. */
  game: BenchGame;
  /** The room type bots make and join (its name in `server.define`); default `'arena'`. */
  roomName?: string;
  /** Seats in a room of the game: the most bots a room takes. */
  maxPlayers: number;
  /** Where bots matchmake (`http://127.0.0.1:port`): one process; rooms may live on any. */
  endpoint: string;
  /** The game processes' operator addresses (`operatorPort`), whose /stats are read before and after. */
  processes: string[];
  clients: number;
  /** Bots to a room (1 to `maxPlayers`, the default): rooms = clients / perRoom, rounded up. */
  perRoom?: number;
  /** Seconds of play measured, after `warmup` seconds unmeasured (default 2). */
  seconds: number;
  warmup?: number;
  /** Waits `ms` (real time: a load test measures real time). */
  sleep?: (ms: number) => Promise<void>;
}

async function stats(address: string): Promise<ProcessStats> {
  const response = await fetch(`${address}/stats`);
  return (await response.json()) as ProcessStats;
}

/** Checks `perRoom` against the game's seats: a RangeError names it and its value. */
function seatsPerRoom(options: LoadOptions): number {
  const max = options.maxPlayers;
  if (!Number.isInteger(max) || max < 1) {
    throw new RangeError(`maxPlayers must be an integer of at least 1, got ${max}`);
  }
  const perRoom = options.perRoom ?? max;
  if (!Number.isInteger(perRoom) || perRoom < 1 || perRoom > max) {
    throw new RangeError(`perRoom must be an integer from 1 to ${max}, got ${perRoom}`);
  }
  return perRoom;
}

/** `clients` bots in rooms of `perRoom`, each room made by its first bot, the rest joining it. */
async function seatBots(options: LoadOptions, perRoom: number, now: () => number): Promise<Bot[]> {
  const bots: Bot[] = [];
  const room = options.roomName ?? 'arena';
  for (let i = 0; i < options.clients; i += perRoom) {
    const group = Math.min(perRoom, options.clients - i);
    // A room of its own for each group (matchmaking would fill rooms to maxPlayers), on
    // whichever process the driver picks; each bot made as its join resolves, so its handler
    // is there for the first snapshot.
    const first = await new Client(options.endpoint).create(room);
    bots.push(new Bot(first, now, i, options.game));
    const joined = await Promise.all(
      Array.from({ length: group - 1 }, (_, k) =>
        new Client(options.endpoint)
          .joinById(first.roomId)
          .then((joinedRoom) => new Bot(joinedRoom, now, i + k + 1, options.game)),
      ),
    );
    bots.push(...joined);
  }
  return bots;
}

/**
 * A load test of any game on @loop/net: `clients` bots (real colyseus.js clients, real
 * WebSockets) join through one process in groups of a room's size, play for `warmup` +
 * `seconds`, and leave. The servers' own figures come from their /stats (the operators' port)
 * before and after the measured time, rooms and clients per process among them; the bots add
 * what a player feels. It measures and never judges: speed depends on the machine.
 */
export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const now = () => performance.now();
  const perRoom = seatsPerRoom(options);
  const { tickRate } = options.game.wire;
  const bots = await seatBots(options, perRoom, now);
  const timer = setInterval(() => {
    for (const bot of bots) bot.tick();
  }, 1000 / tickRate);
  try {
    await sleep((options.warmup ?? 2) * 1000);
    const before = await Promise.all(options.processes.map(stats));
    const inBefore = bots.reduce((n, b) => n + b.bytesIn, 0);
    for (const bot of bots) bot.latencies.length = 0;
    await sleep(options.seconds * 1000);
    const after = await Promise.all(options.processes.map(stats));
    const bytesIn = bots.reduce((n, b) => n + b.bytesIn, 0) - inBefore;
    const latencies = bots.flatMap((b) => b.latencies);
    const summary = { clients: options.clients, perRoom, seconds: options.seconds, tickRate };
    return summarize(summary, before, after, bytesIn, latencies);
  } finally {
    clearInterval(timer);
    await Promise.all(bots.map((b) => b.room.leave()));
  }
}
