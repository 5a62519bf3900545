import type { InputSnapshot } from '../dom/input.js';
import { Random } from '../random.js';
import { hashNumbers } from '../replay/hash.js';

/**
 * A small game for replay tests: balls under gravity bouncing on a floor, pushed by held keys,
 * thrown up at random by a press of Space (so randomness is part of the state), and pulled
 * towards where the pointer went down. Its whole state is a Float64Array and a Random, so it
 * saves to bytes and hashes exactly.
 */
export class Sim {
  /** x, y, vx, vy per ball, then the Random's state. */
  readonly state: Float64Array;
  private readonly random: Random;

  constructor(
    readonly balls: number,
    seed: number,
  ) {
    this.state = new Float64Array(4 * balls + 1);
    this.random = new Random(seed);
    for (let i = 0; i < balls; i++) {
      this.state[4 * i] = this.random.next() * 100;
      this.state[4 * i + 1] = 10 + this.random.next() * 50;
    }
  }

  /** One fixed step of `dt` seconds with the input of that step. */
  step(dt: number, input: InputSnapshot): void {
    const s = this.state;
    const push = (input.isDown('ArrowRight') ? 30 : 0) - (input.isDown('ArrowLeft') ? 30 : 0);
    const throwUp = input.wasPressed('Space');
    for (let i = 0; i < this.balls; i++) {
      const o = 4 * i;
      if (throwUp) s[o + 3] = 20 + this.random.next() * 40;
      if (input.pointer.pressed) s[o + 2] = s[o + 2]! + (input.pointer.x - s[o]!) * 0.1;
      s[o + 2] = s[o + 2]! + push * dt;
      s[o + 3] = s[o + 3]! - 9.81 * dt;
      s[o] = s[o]! + s[o + 2]! * dt;
      s[o + 1] = s[o + 1]! + s[o + 3]! * dt;
      if (s[o + 1]! < 0) {
        s[o + 1] = -s[o + 1]!;
        s[o + 3] = -s[o + 3]! * 0.8;
      }
    }
    s[4 * this.balls] = this.random.state;
  }

  /** The hash of the whole state, for Recorder.hash and Playback.verify. */
  hash(): number {
    return hashNumbers(this.state);
  }

  /** The state as bytes, for a keyframe. */
  save(): Uint8Array {
    this.state[4 * this.balls] = this.random.state;
    return new Uint8Array(this.state.slice().buffer);
  }

  /** Puts back a state `save()` gave. */
  restore(bytes: Uint8Array): void {
    this.state.set(new Float64Array(bytes.slice().buffer));
    this.random.state = this.state[4 * this.balls]!;
  }
}
