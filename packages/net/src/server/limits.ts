/**
 * How long a room waits for what a client owes it, and how much it writes about clients that
 * misbehave: the numbers of the room's hardening as named options, checked once when the server
 * defines a room type (never per message). Generic: nothing here knows the game.
 */
export interface Limits {
  /**
   * Seconds a room that was made waits for its first client to connect (Colyseus's seat
   * reservation) before it is disposed; default 5. A page connects within a round trip of its
   * matchmaking answer; an HTTP request that makes a room and never connects costs only this.
   */
  reserveSeconds: number;
  /**
   * Seconds of the room's time a client that joined has to acknowledge its join (Colyseus's
   * JOIN_ROOM answer) before it is cut; default 5. Until then it is sent nothing, so a client
   * that never answers never has anything queued for it.
   */
  joinSeconds: number;
  /**
   * Seconds of the room's time a kicked client's socket is left to finish its close handshake
   * before it is terminated; default 1. Its messages are dropped from the kick on.
   */
  kickGraceSeconds: number;
  /** Log lines a room may write at once, and then per second: the rest are counted. Default 20, 1. */
  logBurst: number;
  logPerSecond: number;
}

/** The defaults of every limit. */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  reserveSeconds: 5,
  joinSeconds: 5,
  kickGraceSeconds: 1,
  logBurst: 20,
  logPerSecond: 1,
});

/** The range each limit may take: a day at most, so a typo never waits forever. */
const RANGES: Readonly<Record<keyof Limits, readonly [number, number]>> = {
  reserveSeconds: [0.1, 86_400],
  joinSeconds: [0.1, 86_400],
  kickGraceSeconds: [0, 86_400],
  logBurst: [1, 1_000_000],
  logPerSecond: [0, 1_000_000],
};

/**
 * Applies the defaults to `given` and checks every limit: a RangeError names the limit and the
 * value. `prefix` names the owner in the message (`room limits.joinSeconds …`).
 */
export function resolveLimits(given: Partial<Limits> = {}, prefix = 'limits'): Limits {
  const limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(given) as (keyof Limits)[]) {
    if (!Object.hasOwn(RANGES, key)) {
      throw new RangeError(`${prefix} has no limit named ${String(key)}`);
    }
    const value = given[key];
    if (value === undefined) continue;
    const range = RANGES[key];
    if (typeof value !== 'number' || !(value >= range[0] && value <= range[1])) {
      throw new RangeError(
        `${prefix}.${key} must be a number from ${range[0]} to ${range[1]}, got ${String(value)}`,
      );
    }
    limits[key] = value;
  }
  return limits;
}
