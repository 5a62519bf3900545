import { type Limits, resolveLimits } from './limits.js';

/** Settings of a fixed-step room, given by server code (never by a client's join options). */
export interface RoomOptions {
  /**
   * Snapshots per second, 1 to the game's tick rate; default 20. More costs bandwidth, fewer
   * needs a longer interpolation delay ("Snapshot Interpolation", Glenn Fiedler: 10 per second
   * needs 100–150 ms of delay).
   */
  snapshotRate?: number;
  /**
   * Seconds of the room's simulated time a client whose connection dropped keeps its seat to
   * reconnect; default 5. 0 frees a seat at once. Simulated time, so a test drives it.
   */
  reconnectSeconds?: number;
  /**
   * Seconds of the session the room keeps recorded (`driver.recorder`), to replay bit for bit
   * from a bug report; default 60, 0 records nothing.
   */
  recordSeconds?: number;
  /** The seed the game makes its world from (`game.create(seed)`). Default 1. */
  seed?: number;
  /** `timer` (default) steps in real time; `manual` waits for `driver.loop.frame(now)` (tests). */
  scheduler?: 'timer' | 'manual';
  /** The clock the room reads for pongs, in ms; default `performance.now`. A manual test passes its own. */
  now?: () => number;
  /** What a client that joins and never answers, or is kicked, may cost: see limits.ts. */
  limits?: Partial<Limits>;
  /**
   * Where the room writes a line about a client it refused or kicked (rate-limited by
   * `limits.logBurst` and `logPerSecond`); default `console.warn`.
   */
  log?: (line: string) => void;
}

/** {@link RoomOptions} with every default applied. */
export type ResolvedRoomOptions = Required<Omit<RoomOptions, 'limits'>> & { limits: Limits };

/** Checks `value` is a number in [min, max]: a RangeError names the setting and the value. */
function inRange(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !(value >= min && value <= max)) {
    throw new RangeError(`${name} must be a number from ${min} to ${max}, got ${String(value)}`);
  }
  return value;
}

/**
 * Applies the defaults and checks every setting once, when the server defines the room: a
 * RangeError names the setting and the value. `tickRate` bounds the snapshot rate; `owner`
 * names the room in the message (`arena snapshotRate must be …`).
 */
export function resolveRoomOptions(
  options: RoomOptions,
  tickRate: number,
  owner = 'room',
): ResolvedRoomOptions {
  const snapshotRate = inRange(`${owner} snapshotRate`, options.snapshotRate ?? 20, 1, tickRate);
  const reconnectSeconds = inRange(
    `${owner} reconnectSeconds`,
    options.reconnectSeconds ?? 5,
    0,
    600,
  );
  const recordSeconds = inRange(`${owner} recordSeconds`, options.recordSeconds ?? 60, 0, 3600);
  const seed = options.seed ?? 1;
  if (!Number.isInteger(seed)) {
    throw new RangeError(`${owner} seed must be an integer, got ${String(seed)}`);
  }
  const scheduler = options.scheduler ?? 'timer';
  if (scheduler !== 'timer' && scheduler !== 'manual') {
    throw new RangeError(
      `${owner} scheduler must be 'timer' or 'manual', got ${String(scheduler)}`,
    );
  }
  return {
    snapshotRate,
    reconnectSeconds,
    recordSeconds,
    seed,
    scheduler,
    now: options.now ?? (() => performance.now()),
    limits: resolveLimits(options.limits, `${owner} limits`),
    log: options.log ?? ((line) => console.warn(line)),
  };
}
