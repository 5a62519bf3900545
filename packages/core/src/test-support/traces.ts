/**
 * Frame timestamps for tests, as displays produce them. Shared by the unit, property and
 * determinism tests so each replays the same kinds of clock; not part of the package.
 */

/** A seeded generator of numbers in [0, 1) (an LCG): a failing trace replays from its seed. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** How {@link display} shapes its timestamps. */
export interface DisplayOptions {
  /** Uniform jitter of each timestamp, ± this many ms. Default 0. */
  jitter?: number;
  /** Timestamp of frame 0 in ms. Default 0. */
  start?: number;
  /** Seed of the jitter. Default 1. */
  seed?: number;
}

/**
 * `seconds × hz + 1` timestamps of a display refreshing at `hz`, frame 0 included, each one
 * jittered around its vsync (the jitter does not accumulate: vsync keeps its own time).
 */
export function display(hz: number, seconds: number, options: DisplayOptions = {}): number[] {
  const { jitter = 0, start = 0, seed = 1 } = options;
  const rand = random(seed);
  const out: number[] = [];
  const frames = Math.round(hz * seconds);
  for (let i = 0; i <= frames; i++) out.push(start + (i * 1000) / hz + (rand() - 0.5) * 2 * jitter);
  return out;
}

/** Something with a `frame(now)`: either loop. */
interface Framed {
  frame(now: number): unknown;
}

/** Calls `loop.frame(t)` for every timestamp, in order. */
export function feed<L extends Framed>(loop: L, stamps: Iterable<number>): L {
  for (const t of stamps) loop.frame(t);
  return loop;
}
