/// <reference types="node" />
import { AsyncLocalStorage } from 'node:async_hooks';
import { matchMaker, ServerError } from '@colyseus/core';

/** A process as Colyseus's stats list it: its id and the rooms it holds. */
export interface ProcessLoad {
  processId: string;
  roomCount: number;
}

/** Settings of a {@link CreationGate}; the defaults are {@link startServer}'s. */
export interface CreationLimits {
  /** Rooms one client (an address) may have made per window; default 20. */
  createsPerClient?: number;
  /** That window, in seconds; default 60. */
  createWindowSeconds?: number;
  /** Rooms a process holds at most; a creation past it on every process is refused. Default 500. */
  maxRoomsPerProcess?: number;
}

/** {@link CreationLimits} with every default applied. */
export type ResolvedCreationLimits = Required<CreationLimits>;

/** Checks a limit: an integer from 1 to `max`, or a RangeError naming it and its value. */
function count(name: string, value: number, max: number): number {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new RangeError(`${name} must be an integer from 1 to ${max}, got ${String(value)}`);
  }
  return value;
}

/** Applies the defaults and checks every limit (a RangeError names the option and its value). */
export function resolveCreationLimits(limits: CreationLimits = {}): ResolvedCreationLimits {
  return {
    createsPerClient: count('createsPerClient', limits.createsPerClient ?? 20, 1e9),
    createWindowSeconds: count('createWindowSeconds', limits.createWindowSeconds ?? 60, 86_400),
    maxRoomsPerProcess: count('maxRoomsPerProcess', limits.maxRoomsPerProcess ?? 500, 1e6),
  };
}

/**
 * Every live process and its rooms, as Colyseus's stats list them, this process always among
 * them with its exact count: its own entry reaches the list only when Colyseus next writes
 * its stats (at most once a second), so a process just started could find none.
 */
export async function colyseusProcesses(): Promise<ProcessLoad[]> {
  const all: ProcessLoad[] = await matchMaker.stats.fetchAll();
  const self = matchMaker.processId;
  if (!all.some((p) => p.processId === self)) {
    all.push({ processId: self, roomCount: matchMaker.stats.local.roomCount });
  }
  return all;
}

/**
 * Who is asking, for the length of one matchmaking request: the matchmake route runs
 * Colyseus's matchmaker inside it, and {@link CreationGate.select}, which Colyseus calls only
 * when a request is about to make a room, reads it. So a join costs nothing and only a room
 * made is counted, whichever method (`create`, `joinOrCreate`) made it.
 */
export const matchmakingClient = new AsyncLocalStorage<string>();

/**
 * How long a room this process sent to another counts as pending there (ms): Colyseus's room
 * counts reach the other processes through Redis at most once a second, and a burst of
 * creations would read the same stale counts and all land on one process.
 */
export const SETTLE_MS = 2000;

/** Entries kept per client before the ended windows are swept (memory stays bounded). */
const SWEEP_AT = 10_000;

/**
 * Where a new room goes, and whether it may be made at all: Colyseus's
 * `selectProcessIdToCreateRoom`. It picks the process holding the fewest rooms, where a process
 * this one sent a room in the last {@link SETTLE_MS} holds at least the rooms it had then plus
 * that one, whatever its stale count says (so a burst spreads), refuses with 503 when every process holds `maxRoomsPerProcess`, and with 429
 * when the asking client made `createsPerClient` rooms in the window: rooms nobody plays in
 * cost a process memory and a 60 Hz step until they are disposed.
 */
export class CreationGate {
  readonly limits: ResolvedCreationLimits;
  /** Per client: when its window started and the rooms it made in it. */
  readonly #clients = new Map<string, { start: number; made: number }>();
  /** Per process: the rooms it holds once those this process sent it arrive, until when. */
  readonly #expected = new Map<string, { rooms: number; until: number }>();

  constructor(
    limits: CreationLimits,
    /** Every live process and its room count: {@link colyseusProcesses}. */
    readonly processes: () => Promise<ProcessLoad[]>,
    /** A clock in ms; default `performance.now`. */
    readonly now: () => number = () => performance.now(),
  ) {
    this.limits = resolveCreationLimits(limits);
  }

  /** The process to make the next room on, or a ServerError (429 or 503) saying why not. */
  async select(): Promise<string> {
    const client = matchmakingClient.getStore();
    const at = this.now();
    const made = client === undefined ? undefined : this.#madeBy(client, at);
    if (made && made.made >= this.limits.createsPerClient) {
      const wait = Math.ceil((made.start + this.limits.createWindowSeconds * 1000 - at) / 1000);
      throw new ServerError(
        429,
        `this client made ${made.made} rooms in ${this.limits.createWindowSeconds} s (createsPerClient): try again in ${wait} s`,
      );
    }
    let best: string | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    for (const process of await this.processes()) {
      const expected = this.#expected.get(process.processId);
      const sent = expected && at < expected.until ? expected.rooms : 0;
      const rooms = Math.max(process.roomCount, sent);
      if (rooms < fewest) {
        best = process.processId;
        fewest = rooms;
      }
    }
    if (best === undefined || fewest >= this.limits.maxRoomsPerProcess) {
      throw new ServerError(
        503,
        `every process holds ${this.limits.maxRoomsPerProcess} rooms (maxRoomsPerProcess): try again later`,
      );
    }
    if (made) made.made++;
    this.#expected.set(best, { rooms: fewest + 1, until: at + SETTLE_MS });
    return best;
  }

  /** The client's window (a new one when its last has ended). */
  #madeBy(client: string, at: number): { start: number; made: number } {
    const window = this.limits.createWindowSeconds * 1000;
    let entry = this.#clients.get(client);
    if (!entry || at - entry.start >= window) {
      if (this.#clients.size >= SWEEP_AT) {
        for (const [key, old] of this.#clients) {
          if (at - old.start >= window) this.#clients.delete(key);
        }
      }
      entry = { start: at, made: 0 };
      this.#clients.set(client, entry);
    }
    return entry;
  }

  /** Clients with a window open (tests: the sweep keeps this bounded). */
  get clientsTracked(): number {
    return this.#clients.size;
  }
}
