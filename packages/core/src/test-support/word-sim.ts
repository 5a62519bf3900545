import { Random } from '../random.js';
import { hashNumbers } from '../replay/hash.js';
import type { Fields } from '../worker/layout.js';

/** The snapshot of a {@link WordSim}: x, y of every ball as float32. */
export const wordLayout = (balls: number) => ({ positions: 2 * balls });
export type WordLayout = ReturnType<typeof wordLayout>;

/** Input words of a {@link WordSim}: a push left/right in [-1, 1] and a running count of jumps. */
export const WORDS = 2;

/**
 * A small simulation whose input is numbers, as a worker gets it: balls under gravity pushed
 * by input word 0, thrown up at random each time the count in word 1 goes up (a press as a
 * running count, so none is lost between steps). Its whole state is one Float64Array, the
 * random's state and the count seen included, so it hashes and saves exactly.
 */
export class WordSim {
  /** x, y, vx, vy per ball, then the random's state, then the jump count seen. */
  readonly state: Float64Array;
  /** Positions before the latest step, for the snapshot's previous half. */
  readonly previous: Float32Array;
  private readonly random = new Random(0);

  constructor(
    readonly balls: number,
    seed: number,
  ) {
    this.state = new Float64Array(4 * balls + 2);
    this.previous = new Float32Array(2 * balls);
    this.random.state = seed;
    for (let i = 0; i < balls; i++) {
      this.state[4 * i] = this.random.next() * 100;
      this.state[4 * i + 1] = 10 + this.random.next() * 50;
    }
    this.state[4 * balls] = this.random.state;
    this.copyPositions(this.previous);
  }

  /** One fixed step of `dt` seconds with the input words of that step. */
  step(dt: number, words: ArrayLike<number>): void {
    const s = this.state;
    const n = this.balls;
    this.copyPositions(this.previous);
    this.random.state = s[4 * n]!;
    const jumps = words[1]! - s[4 * n + 1]!;
    s[4 * n + 1] = words[1]!;
    for (let i = 0; i < n; i++) {
      const o = 4 * i;
      if (jumps > 0) s[o + 3] = 20 + this.random.next() * 40;
      s[o + 2] = s[o + 2]! + words[0]! * 30 * dt;
      s[o + 3] = s[o + 3]! - 9.81 * dt;
      s[o] = s[o]! + s[o + 2]! * dt;
      s[o + 1] = s[o + 1]! + s[o + 3]! * dt;
      if (s[o + 1]! < 0) {
        s[o + 1] = -s[o + 1]!;
        s[o + 3] = -s[o + 3]! * 0.8;
      }
    }
    s[4 * n] = this.random.state;
  }

  /** Writes the snapshot: positions before and after the latest step. */
  write(prev: Fields<WordLayout>, curr: Fields<WordLayout>): void {
    prev.positions.set(this.previous);
    this.copyPositions(curr.positions);
  }

  /** The hash of the whole state. */
  hash(): number {
    return hashNumbers(this.state);
  }

  /** The state as bytes, for a keyframe. */
  save(): Uint8Array {
    return new Uint8Array(this.state.slice().buffer);
  }

  /** Puts back a state `save()` gave. */
  load(bytes: Uint8Array): void {
    this.state.set(new Float64Array(bytes.slice().buffer));
  }

  /** The positions as float32, as a snapshot holds them. */
  copyPositions(out: Float32Array): Float32Array {
    for (let i = 0; i < this.balls; i++) {
      out[2 * i] = this.state[4 * i]!;
      out[2 * i + 1] = this.state[4 * i + 1]!;
    }
    return out;
  }
}
