import { TICK_RATE } from '../shared/arena';
import { type Limits, resolveLimits } from './limits';

/** Settings of an arena room, given by server code (never by a client). */
export interface ArenaConfig {
  /**
   * Snapshots per second, 1 to TICK_RATE; default 20, a third of the tick rate. More costs
   * bandwidth, fewer needs a longer interpolation delay ("Snapshot Interpolation", Glenn
   * Fiedler: 10 per second needs 100–150 ms of delay).
   */
  snapshotRate?: number;
  /**
   * Seconds of the room's simulated time a client whose connection dropped keeps its seat to
   * reconnect; default 5. 0 frees a seat at once. Simulated time, so a test drives it.
   */
  reconnectSeconds?: number;
  /**
   * Seconds of the session the room keeps recorded (`room.recorder`), to replay bit for bit
   * from a bug report; default 60, 0 records nothing.
   */
  recordSeconds?: number;
  /** Seed of the crates' layout. Default 1. */
  seed?: number;
  /** `timer` (default) steps in real time; `manual` waits for `room.loop.frame(now)` (tests). */
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

/** An {@link ArenaConfig} with every default applied. */
export type ResolvedArenaConfig = Required<Omit<ArenaConfig, 'limits'>> & { limits: Limits };

/** Applies the defaults and checks every setting: a RangeError names the setting and the value. */
export function resolveConfig(config: ArenaConfig): ResolvedArenaConfig {
  const snapshotRate = config.snapshotRate ?? 20;
  if (typeof snapshotRate !== 'number' || !(snapshotRate >= 1 && snapshotRate <= TICK_RATE)) {
    throw new RangeError(
      `arena snapshotRate must be a number from 1 to ${TICK_RATE}, got ${String(snapshotRate)}`,
    );
  }
  const reconnectSeconds = config.reconnectSeconds ?? 5;
  if (typeof reconnectSeconds !== 'number' || !(reconnectSeconds >= 0 && reconnectSeconds <= 600)) {
    throw new RangeError(
      `arena reconnectSeconds must be a number from 0 to 600, got ${String(reconnectSeconds)}`,
    );
  }
  const recordSeconds = config.recordSeconds ?? 60;
  if (typeof recordSeconds !== 'number' || !(recordSeconds >= 0 && recordSeconds <= 3600)) {
    throw new RangeError(
      `arena recordSeconds must be a number from 0 to 3600, got ${String(recordSeconds)}`,
    );
  }
  const seed = config.seed ?? 1;
  if (!Number.isInteger(seed)) {
    throw new RangeError(`arena seed must be an integer, got ${String(seed)}`);
  }
  const scheduler = config.scheduler ?? 'timer';
  if (scheduler !== 'timer' && scheduler !== 'manual') {
    throw new RangeError(`arena scheduler must be 'timer' or 'manual', got ${String(scheduler)}`);
  }
  return {
    snapshotRate,
    reconnectSeconds,
    recordSeconds,
    seed,
    scheduler,
    now: config.now ?? (() => performance.now()),
    limits: resolveLimits(config.limits, 'arena limits'),
    log: config.log ?? ((line) => console.warn(line)),
  };
}
