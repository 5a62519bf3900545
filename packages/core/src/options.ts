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
  /** Fixed steps run since the loop was made: simulated time is `tick × timestep`. */
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
  /** Cap on updates in one frame (the seeds' maxFrameSkip / maxSkipFrames). Default 10. */
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

/** Options after defaults: what the loop actually runs with. */
export interface ResolvedOptions {
  mode: StepMode;
  timestep: number;
  maxDelta: number;
  maxSteps: number;
  overflow: OverflowPolicy;
  maxFps: number;
  timeScale: number;
}

/** Default timestep: 60 steps a second, the rate of most displays and of the seeds. */
export const DEFAULT_TIMESTEP = 1000 / 60;
/** Default maxDelta: Gaffer's clamp; a frame longer than a quarter second is a stall, not motion. */
export const DEFAULT_MAX_DELTA = 250;
/** Default maxSteps: seed 002's maxSkipFrames, real-time down to 1/10 of the tick rate. */
export const DEFAULT_MAX_STEPS = 10;

/** The defaults, exported so documentation and tests read the same numbers as the code. */
export const DEFAULTS: Readonly<ResolvedOptions> = /* @__PURE__ */ Object.freeze({
  mode: 'fixed',
  timestep: DEFAULT_TIMESTEP,
  maxDelta: DEFAULT_MAX_DELTA,
  maxSteps: DEFAULT_MAX_STEPS,
  overflow: 'drop',
  maxFps: Infinity,
  timeScale: 1,
});

const MODES: readonly StepMode[] = ['fixed', 'timeslice', 'semi-fixed', 'variable', 'naive'];
const OVERFLOWS: readonly OverflowPolicy[] = ['drop', 'carry'];

function fail(option: string, value: unknown, rule: string, type = RangeError): never {
  throw new type(`loop option ${option} must be ${rule}, got ${String(value)}`);
}

/** Throws a TypeError naming the option unless `value` is a function. */
export function checkFunction<T>(option: string, value: T): T {
  if (typeof value !== 'function') fail(option, typeof value, 'a function', TypeError);
  return value;
}

/** Throws a RangeError naming the option and value unless `value` is a finite number > 0. */
export function checkPositive(option: string, value: number): number {
  // Number.isFinite is false for anything that is not a number: no coercion.
  if (!Number.isFinite(value) || value <= 0) {
    fail(option, value, 'a finite number > 0');
  }
  return value;
}

/** Throws a RangeError naming maxSteps unless `value` is an integer ≥ 1. */
export function checkMaxSteps(value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    fail('maxSteps', value, 'an integer >= 1');
  }
  return value;
}

/** Throws a RangeError unless `value` is a finite number ≥ 0 (0 pauses). */
export function checkTimeScale(value: number): number {
  if (!Number.isFinite(value) || value < 0) {
    fail('timeScale', value, 'a finite number >= 0');
  }
  return value;
}

/** Throws a RangeError unless `value` is > 0; Infinity means "no cap". */
export function checkMaxFps(value: number): number {
  if (typeof value !== 'number' || Number.isNaN(value) || value <= 0) {
    fail('maxFps', value, 'a number > 0 (Infinity for no cap)');
  }
  return value;
}

/**
 * Applies defaults and checks every option once, when the loop is made, so a typo fails at
 * start-up with a message that names the option and the value instead of misbehaving later.
 */
export function resolveOptions(options: LoopOptions): ResolvedOptions {
  const o = { ...DEFAULTS };
  if (options.mode !== undefined) {
    if (!MODES.includes(options.mode)) fail('mode', options.mode, `one of ${MODES.join(', ')}`);
    o.mode = options.mode;
  }
  if (options.timestep !== undefined) o.timestep = checkPositive('timestep', options.timestep);
  if (options.maxDelta !== undefined) o.maxDelta = checkPositive('maxDelta', options.maxDelta);
  if (options.maxSteps !== undefined) o.maxSteps = checkMaxSteps(options.maxSteps);
  if (options.overflow !== undefined) {
    if (!OVERFLOWS.includes(options.overflow)) {
      fail('overflow', options.overflow, `one of ${OVERFLOWS.join(', ')}`);
    }
    o.overflow = options.overflow;
  }
  if (options.maxFps !== undefined) o.maxFps = checkMaxFps(options.maxFps);
  if (options.timeScale !== undefined) o.timeScale = checkTimeScale(options.timeScale);
  if (o.mode === 'timeslice' && !Number.isInteger(o.timestep)) {
    fail('timestep', o.timestep, 'a whole number of milliseconds in timeslice mode');
  }
  for (const hook of ['update', 'render', 'begin', 'end', 'onDrop', 'onError'] as const) {
    if (options[hook] !== undefined) checkFunction(hook, options[hook]);
  }
  return o;
}
