/** What {@link SnapshotBuffer.sample} found at the time asked for. */
export type SampleKind = 'empty' | 'blend' | 'starved' | 'early';

/**
 * Timed snapshots blended at a render time: snapshot interpolation, one implementation for a
 * thread and for a network ("Snapshot Interpolation", Glenn Fiedler; Valve's Source engine
 * draws others 100 ms in the past the same way). Each frame is a snapshot of the state and
 * the time it shows. {@link sample} finds the two frames around a render time and says how far
 * between them it lies ({@link older}, {@link newer}, {@link t}); blend them with the same
 * functions a loop blends its previous and current state with (`lerpArray`, `slerpArray`), so
 * a value blends to the same bits whichever path drew it:
 *
 * - a network client keeps the last second of server snapshots and samples at server time
 *   minus an interpolation delay;
 * - `createWorkerLoop` (`@loop/core/worker`) holds the state before and after the worker's
 *   newest step as two frames one step apart and samples at the time since it was published.
 *
 * Past the newest frame it holds that frame (`starved`: the next snapshot is late or lost),
 * never extrapolating; before the oldest it holds the oldest (`early`). Frames are made once,
 * by `make`, in a ring of `capacity`: {@link push} hands out the oldest to be filled in place,
 * so nothing is allocated per snapshot or per frame.
 *
 * @example
 * const buffer = new SnapshotBuffer(() => new Float64Array(2 * players));
 * buffer.push(message.time)?.set(message.positions); // on every snapshot
 * if (buffer.sample(serverTime - delay) !== 'empty') {
 *   lerpArray(drawn, buffer.older, buffer.newer, buffer.t); // every frame
 * }
 */
export class SnapshotBuffer<F> {
  readonly #frames: F[];
  readonly #times: Float64Array;
  #newest = -1;
  #count = 0;
  /** The older frame of the last {@link sample} (the held frame when not blending). */
  older: F;
  /** The newer frame of the last {@link sample} (the held frame when not blending). */
  newer: F;
  /** The weight of {@link newer} in the last {@link sample}, in [0, 1]. */
  t = 0;

  /**
   * @param make makes frame `index` of the ring, once
   * @param capacity frames kept: enough to cover the render delay at the snapshot rate
   */
  constructor(
    make: (index: number) => F,
    readonly capacity = 32,
  ) {
    if (!Number.isInteger(capacity) || capacity < 2) {
      throw new RangeError(`SnapshotBuffer capacity must be an integer >= 2, got ${capacity}`);
    }
    this.#frames = Array.from({ length: capacity }, (_, index) => make(index));
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
   * Makes room for the frame of time `time` and returns it to be filled, or undefined when
   * `time` is not newer than the newest frame (a duplicate, a stale snapshot or NaN): frames
   * stay in time order whatever arrives.
   */
  push(time: number): F | undefined {
    if (!(time > this.newestTime)) return undefined;
    this.#newest = (this.#newest + 1) % this.capacity;
    if (this.#count < this.capacity) this.#count++;
    this.#times[this.#newest] = time;
    return this.#frames[this.#newest];
  }

  /** Forgets every frame (a new room, a reconnect after a long gap, a new step's pair). */
  clear(): void {
    this.#count = 0;
    this.#newest = -1;
  }

  /**
   * Finds the frames around `time`: `blend` between the newest frame at or before it and the
   * one after (`t` = 1 exactly at the newest frame); `starved` past the newest, held with
   * `t` = 1; `early` before the oldest (or at a NaN time), held with `t` = 0; `empty` with no frame, leaving
   * {@link older}, {@link newer} and {@link t} as they were.
   */
  sample(time: number): SampleKind {
    if (this.#count === 0) return 'empty';
    const times = this.#times;
    let i = this.#newest;
    if (time > times[i]!) return this.#hold(i, 1, 'starved');
    for (let k = 1; k < this.#count; k++) {
      const before = (i - 1 + this.capacity) % this.capacity;
      if (times[before]! <= time) {
        this.older = this.#frames[before]!;
        this.newer = this.#frames[i]!;
        this.t = (time - times[before]!) / (times[i]! - times[before]!);
        return 'blend';
      }
      i = before;
    }
    // One frame, sampled at its own time: the frame itself, as at the newest of many.
    return time === times[i] ? this.#hold(i, 1, 'blend') : this.#hold(i, 0, 'early');
  }

  #hold(i: number, t: number, kind: SampleKind): SampleKind {
    this.older = this.#frames[i]!;
    this.newer = this.older;
    this.t = t;
    return kind;
  }
}
