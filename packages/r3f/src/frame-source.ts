import type { FrameCallback, Loop, Scheduler } from '@loop/core';
import type { RootState } from '@react-three/fiber';

/**
 * The longest frame, in milliseconds, added to the running timestamp: one minute. Anything
 * above `maxDelta` is clamped by the loop anyway (and reported by `onDrop` as cut); this only
 * keeps the timestamp a small exact number, so absurd deltas (1e300 s, Infinity, from a broken
 * clock) cannot push it past what the loop's integer time holds exactly, where every later
 * frame would read as zero-length and the simulation would freeze.
 */
export const MAX_FRAME_MS = 60_000;

/**
 * A {@link Scheduler} for `@loop/core` driven by React Three Fiber's `useFrame`, for the
 * `'always'` and `'demand'` frameloops: the loop asks for a frame (`request`), R3F's frame
 * answers it (`run`).
 *
 * Why not the manual scheduler: through `request` and `cancel` the loop itself says whether it
 * wants frames (not while stopped, disposed or on a hidden page), so a frame R3F runs while the
 * loop wants none runs no step, and `pending` is exactly "steps may be owed" for `'demand'`.
 * Why a running timestamp built from R3F's deltas: `useFrame` hands a delta in seconds, not
 * the rAF timestamp; summing the deltas gives the loop the timestamps it expects. A delta that
 * is not a positive finite number (a clock that stepped back, NaN) adds nothing: a zero-length
 * frame, core's rule for a timestamp that is not later than the previous one.
 */
export class FrameSource implements Scheduler {
  #callback: FrameCallback | null = null;
  /** The running timestamp in milliseconds. */
  now = 0;
  /**
   * True when the last frame left nothing owed, so R3F under `'demand'` may have gone idle.
   * Starts true, though a new loop's first frame is a baseline either way (`start()` resyncs).
   */
  // Stryker disable next-line BooleanLiteral: equivalent, restarting a loop that has had no frame yet changes nothing
  idle = true;

  /** The loop asks for its next frame: the next R3F frame runs it. */
  request(callback: FrameCallback): void {
    this.#callback = callback;
  }

  /** The loop wants no frame (stopped, disposed, the page hidden): R3F's frames run no step. */
  cancel(): void {
    this.#callback = null;
  }

  /** True while the loop waits for a frame: started, not disposed, the page not hidden. */
  get pending(): boolean {
    return this.#callback !== null;
  }

  /** Adds one frame of `deltaSeconds` and runs the loop's frame if it asked for one. */
  run(deltaSeconds: number): void {
    // Stryker disable next-line EqualityOperator: equivalent, a delta of 0 adds 0 ms either way
    if (deltaSeconds > 0) this.now += Math.min(deltaSeconds * 1000, MAX_FRAME_MS);
    this.runAt(this.now);
  }

  /**
   * Runs the loop's frame at the timestamp `now`, if it asked for one: `<WorkerLoop>`'s frames,
   * at `performance.now()`, the clock the worker stamps its snapshots with.
   */
  runAt(now: number): void {
    const callback = this.#callback;
    if (callback === null) return;
    this.#callback = null;
    callback(now);
  }

  /**
   * One R3F frame of `delta` seconds for `loop` (the `useFrame` body of `<FixedLoop>`). Under
   * `'demand'`, the first frame after idle starts the loop again from this frame (its delta
   * holds the idle time: a stall to ignore, not time to repay in steps), and while steps can come
   * due (the loop waits for frames and its time scale is above 0) it asks for the next frame.
   * Under `'never'` (R3F's `advance()` runs the `useFrame` callbacks) the loop's own scheduler
   * calls its frames and this source is never asked for one: it runs nothing.
   */
  drive(loop: Loop, state: RootState, delta: number): void {
    const demand = state.frameloop === 'demand';
    if (demand && this.idle && this.pending) loop.stop().start();
    this.run(delta);
    const owed = this.pending && loop.timeScale > 0;
    this.idle = !owed;
    if (owed && demand) state.invalidate();
  }
}
