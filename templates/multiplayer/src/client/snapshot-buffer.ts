import { lerpArray } from '@loop/core';

/** What {@link SnapshotBuffer.sample} found at the time asked for. */
export type SampleKind = 'empty' | 'blend' | 'starved' | 'early';

/**
 * A buffer of timed snapshots blended at a render time: the client side of snapshot
 * interpolation ("Snapshot Interpolation", Glenn Fiedler; Valve's Source engine draws others
 * 100 ms in the past the same way). Each frame holds `width` numbers and the server time it
 * shows; {@link sample} finds the two frames around a render time and blends them with
 * `@loop/core`'s `lerpArray`, the function a main-thread or worker loop blends its previous and
 * current states with, so a value blends to the same bits whichever path drew it.
 *
 * Why not core's worker snapshot blending itself: `createWorkerLoop` keeps one pair (the state
 * before and after the newest step) inside the page loop and blends it by the real time since
 * the worker published it; it has no buffer of snapshots at arbitrary times nor a render time
 * one can choose. That pair is this buffer with two frames and a render time of "publish time
 * plus progress"; sharing one implementation needs this class moved into `@loop/core` and the
 * worker page rebuilt on it (a core change, left to the worker's owners).
 *
 * Frames are made once (a ring of `capacity` Float64Arrays): {@link push} hands out the
 * oldest frame to be filled in place, so nothing is allocated per snapshot or per frame.
 */
export class SnapshotBuffer {
  readonly #frames: Float64Array[];
  readonly #times: Float64Array;
  #newest = -1;
  #count = 0;
  /** The older and newer frame of the last blend (the same frame when holding one). */
  older: Float64Array;
  newer: Float64Array;
  /** The weight of `newer` in the last blend, in [0, 1]. */
  t = 0;

  constructor(
    readonly width: number,
    readonly capacity = 32,
  ) {
    if (!Number.isInteger(capacity) || capacity < 2) {
      throw new RangeError(
        `SnapshotBuffer capacity must be an integer of 2 or more, got ${capacity}`,
      );
    }
    this.#frames = Array.from({ length: capacity }, () => new Float64Array(width));
    this.#times = new Float64Array(capacity);
    this.older = this.#frames[0]!;
    this.newer = this.older;
  }

  /** Frames held. */
  get size(): number {
    return this.#count;
  }

  /** The newest frame's time; −Infinity when empty. */
  get newestTime(): number {
    return this.#count === 0 ? Number.NEGATIVE_INFINITY : this.#times[this.#newest]!;
  }

  /**
   * Makes room for the frame of server time `time` and returns it to be filled, or undefined
   * when `time` is not newer than the newest frame (a duplicate or a stale snapshot: a
   * WebSocket keeps order, so only a reconnect or a stranger sends one).
   */
  push(time: number): Float64Array | undefined {
    if (!(time > this.newestTime)) return undefined;
    this.#newest = (this.#newest + 1) % this.capacity;
    if (this.#count < this.capacity) this.#count++;
    this.#times[this.#newest] = time;
    return this.#frames[this.#newest]!;
  }

  /** Forgets every frame (a new room, a reconnect after a long gap). */
  clear(): void {
    this.#count = 0;
    this.#newest = -1;
  }

  /**
   * Writes the state at server time `time` into `out`: the blend of the frames around it
   * (`blend`); the newest frame when `time` is past it (`starved`: the next snapshot is late
   * or lost; held, never extrapolated); the oldest when `time` is before every frame
   * (`early`); nothing when empty. Sets {@link older}, {@link newer} and {@link t}.
   */
  sample(time: number, out: Float64Array): SampleKind {
    if (this.#count === 0) return 'empty';
    const times = this.#times;
    let i = this.#newest;
    if (time >= times[i]!) return this.#hold(i, out, 'starved');
    for (let k = 1; k < this.#count; k++) {
      const before = (i - 1 + this.capacity) % this.capacity;
      if (times[before]! <= time) {
        this.older = this.#frames[before]!;
        this.newer = this.#frames[i]!;
        this.t = (time - times[before]!) / (times[i]! - times[before]!);
        lerpArray(out, this.older, this.newer, this.t);
        return 'blend';
      }
      i = before;
    }
    return this.#hold(i, out, 'early');
  }

  #hold(i: number, out: Float64Array, kind: SampleKind): SampleKind {
    this.older = this.#frames[i]!;
    this.newer = this.older;
    this.t = kind === 'starved' ? 1 : 0;
    out.set(this.older);
    return kind;
  }
}
