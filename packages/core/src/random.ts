import { show } from './show.js';

/**
 * A seeded pseudo-random generator for the simulation (mulberry32: 32 bits of state, four
 * integer operations a number). `Math.random()` cannot be seeded or saved, so a simulation that
 * uses it plays differently every run: no test can compare two runs, and no replay can
 * reproduce one. Draw the simulation's randomness from a `Random` instead: the same seed gives
 * the same numbers on every engine and machine (integer arithmetic only), and `state` can be
 * saved with a snapshot and written back to continue from there. Not for anything secret.
 *
 * @example
 * const random = new Random(42);
 * const x = random.next() * width; // in [0, width)
 */
export class Random {
  /** The whole state, an unsigned 32-bit integer: save it, and assign it to go back. */
  state: number;

  /** `seed`: any integer (a number typed in, `Date.now()`); its low 32 bits are the state. */
  constructor(seed: number) {
    if (!Number.isInteger(seed)) {
      throw new RangeError(`Random seed must be an integer, got ${show(seed)}`);
    }
    this.state = seed >>> 0;
  }

  /** The next number of the sequence, in [0, 1), as `Math.random()` gives. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}
