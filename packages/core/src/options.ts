import type { Scheduler } from './run/scheduler.js';

/**
 * How simulated time advances each frame. Each mode is one of the loops in the classic
 * articles; see the package README for when to pick which.
 *
 * - `fixed`: the "free the physics" accumulator (Gaffer, Nystrom, deWiTTERS). Real time is
 *   produced by the display and consumed in whole `timestep` chunks; the leftover carries to
 *   the next frame and is handed to render as `alpha` for interpolation or `lag` for
 *   extrapolation. Deterministic: the default.
 * - `timeslice`: integer timeslices (Sanglard, id Software): the same accumulator, but
 *   timestamps are floored to whole milliseconds and the timestep must be a whole number of
 *   milliseconds, so every quantity is a small integer.
 * - `semi-fixed`: each frame is cut into pieces of at most `timestep` (Gaffer's semi-fixed
 *   step); never integrates with a step larger than `timestep`, no leftover, not
 *   deterministic.
 * - `variable`: one update with the measured frame time (the naive variable loop).
 * - `naive`: one update of exactly `timestep` per frame whatever the frame time (the fixed
 *   loop with no synchronization; with `maxFps` it becomes the synchronized "constant FPS"
 *   loop).
 */
export type StepMode = 'fixed' | 'timeslice' | 'semi-fixed' | 'variable' | 'naive';

/**
 * What to do with whole steps still owed after `maxSteps` updates ran in one frame.
 * `drop` throws them away so the game slows down instead of spiralling (the default);
 * `carry` keeps them owed so the simulation catches up over the next frames.
 */
export type OverflowPolicy = 'drop' | 'carry';

/** Why time was dropped: the frame was longer than `maxDelta`, or `maxSteps` was reached. */
export type DropReason = 'maxDelta' | 'maxSteps';

/**
 * The loop as the hooks see it: read-only figures of the current frame, so a hook never needs
 * to capture the loop object itself.
 */
export interface LoopState {
  /**
   * Whole timesteps of simulated time: `time / timestep`, rounded down. In the fixed, timeslice
   * and naive modes every update is one step, so it counts them; semi-fixed and variable
   * updates have other lengths (their count per frame is `stats.updates`).
   */
  readonly tick: number;
  /** Simulated time in seconds, computed as `tick × timestep` (never summed, so it cannot drift). */
  readonly time: number;
  /** Leftover (overstep) divided by timestep, always in [0, 1). 0 in semi-fixed and variable modes. */
  readonly alpha: number;
  /** Leftover time in seconds: how far real time is ahead of the last step, for extrapolation. */
  readonly lag: number;
  /** The timestep in seconds (the `dt` that fixed modes hand to update). */
  readonly dt: number;
  /** Real time of this frame in milliseconds, as the scheduler or `frame()` gave it. */
  readonly now: number;
}

/** Options of {@link createLoop}. Every time option is in milliseconds, like `performance.now()`. */
export interface LoopOptions {
  /** Advances the simulation by `dt` seconds. In fixed modes `dt` is always `timestep / 1000`. */
  update?: (dt: number, loop: LoopState) => void;
  /** Draws the world; `alpha` in [0, 1) blends previous and current state (interpolation). */
  render?: (alpha: number, loop: LoopState) => void;
  /** Runs at the start of every rendered frame, before any update: sample input here. */
  begin?: (now: number, loop: LoopState) => void;
  /** Runs at the end of every rendered frame, after render: stats, network flush. */
  end?: (loop: LoopState) => void;
  /** Reports dropped time: how many milliseconds of real time the simulation will never see. */
  onDrop?: (droppedMs: number, reason: DropReason, loop: LoopState) => void;
  /**
   * Receives an error thrown by a hook. The loop has already stopped. Without it, the error is
   * thrown once from the frame that failed (to `frame()`'s caller, or as an uncaught error).
   */
  onError?: (error: unknown) => void;
  /** How time advances; see {@link StepMode}. Default `fixed`. */
  mode?: StepMode;
  /** The fixed step in milliseconds. Default 1000/60. */
  timestep?: number;
  /** Clamp on one frame's real time in milliseconds (spiral-of-death guard). Default 250. */
  maxDelta?: number;
  /** Cap on updates in one frame (deWiTTERS' MAX_FRAMESKIP, Bellot's maxSkipFrames). Default 10. */
  maxSteps?: number;
  /** What happens to steps beyond `maxSteps`. Default `drop`. */
  overflow?: OverflowPolicy;
  /** Cap on rendered frames per second; `Infinity` renders every frame. Default Infinity. */
  maxFps?: number;
  /** Game speed: 0 pauses the simulation, 0.5 is slow motion, 2 fast forward. Default 1. */
  timeScale?: number;
  /**
   * Who calls `frame()`: `raf` (requestAnimationFrame), `timer` (setTimeout, for Node and
   * workers), `manual` (you call `frame(now)`), or your own {@link Scheduler}. Default: `raf`
   * where requestAnimationFrame exists, else `timer`.
   */
  scheduler?: 'raf' | 'timer' | 'manual' | Scheduler;
  /** Stop when the page is hidden and start again when it shows. Default true in a browser. */
  pauseWhenHidden?: boolean;
}

/** The options a loop runs with, after defaults: read-only (`maxFps` and `timeScale` follow the setters). */
export interface ResolvedOptions {
  readonly mode: StepMode;
  readonly timestep: number;
  readonly maxDelta: number;
  readonly maxSteps: number;
  readonly overflow: OverflowPolicy;
  readonly maxFps: number;
  readonly timeScale: number;
}

/**
 * Default timestep: 60 steps a second, the rate of most displays and of the classic articles
 * (the package README says why not Bevy's 64, from measurements, and when to pick 64).
 */
export const DEFAULT_TIMESTEP = 1000 / 60;
/** Default maxDelta: Gaffer's clamp; a frame longer than a quarter second is a stall, not motion. */
export const DEFAULT_MAX_DELTA = 250;
/** Default maxSteps: Bellot's maxSkipFrames ("The Game Loop"), real time down to 1/10 of the tick rate. */
export const DEFAULT_MAX_STEPS = 10;

/**
 * The smallest timestep, in ms (10 000 steps a second). Time is counted in integers, 2^20 units a
 * step, and a double holds integers exactly up to 2^53: at this step that is 9.9 days of frames
 * (4.5 years at 60 Hz). Below it one unit is shorter than any clock can tell apart, and at
 * 1e-300 the units per millisecond overflow to Infinity and every figure turns into NaN.
 * Exported so a settings UI can bound its inputs by the same number the checks use.
 */
export const MIN_TIMESTEP = 0.1;

/**
 * The largest time scale: a thousand times real time. More cannot run in real time anyway (the
 * `maxSteps` guard drops it), and keeping scaled time well inside the integers a double holds
 * exactly keeps slow and fast motion frame-rate independent. Exported for a settings UI's bounds.
 */
export const MAX_TIME_SCALE = 1000;

/** The defaults, exported so documentation and tests read the same numbers as the code. */
export const DEFAULTS: ResolvedOptions = /* @__PURE__ */ Object.freeze({
  mode: 'fixed',
  timestep: DEFAULT_TIMESTEP,
  maxDelta: DEFAULT_MAX_DELTA,
  maxSteps: DEFAULT_MAX_STEPS,
  overflow: 'drop',
  maxFps: Infinity,
  timeScale: 1,
});
