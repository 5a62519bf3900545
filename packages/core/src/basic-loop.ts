import {
  checkFunction,
  checkMaxDelta,
  checkMaxSteps,
  checkOptions,
  checkTimestep,
} from './checks.js';
import { reentrantFrame } from './reentrant.js';
import { MAX_STAMP, roundUnits, UNITS_PER_STEP } from './time/ticks.js';

// Slots of the basic loop's state (see createBasicLoop): the timestamp its units count from,
// the latest time seen and the previous frame's (below the latest after a step back), in
// units; the units owed and not yet stepped (the leftover); the ticks.
const ORIGIN = 0;
const HIGH = 1;
const LAST = 2;
const OWED = 3;
const TICK = 4;

/** Options of {@link createBasicLoop}; times in milliseconds, defaults as {@link createLoop}'s. */
export interface BasicLoopOptions {
  /** Advances the simulation by `dt` seconds: always `timestep / 1000`. */
  update: (dt: number) => void;
  /** Draws the world at `alpha` ∈ [0, 1) between the previous and the current step. */
  render: (alpha: number) => void;
  /** The fixed step. Default 1000/60. */
  timestep?: number;
  /** Clamp on one frame's real time. Default 250. */
  maxDelta?: number;
  /** Cap on updates in one frame; whole steps beyond it are dropped. Default 10. */
  maxSteps?: number;
}

/** A running {@link createBasicLoop}. */
export interface BasicLoop {
  /** Starts on requestAnimationFrame; the first frame advances nothing. */
  start(): BasicLoop;
  /**
   * Stops; `start()` resumes without a catch-up burst. Called from a hook it ends the frame at
   * once: no hook of that frame runs after it.
   */
  stop(): BasicLoop;
  /**
   * Processes one frame at `now` ms: for tests, or to drive the loop yourself. Called from inside
   * a hook of this loop it throws and changes nothing.
   */
  frame(now: number): void;
  /** Fixed steps run so far. */
  readonly tick: number;
}

/**
 * The smallest complete loop: Gaffer's final "free the physics" loop — the fixed-step
 * accumulator with interpolation, the 250 ms clamp and a cap on steps per frame — on
 * requestAnimationFrame, the cheapest per frame. It leaves out the other modes, the FPS cap,
 * stats, hooks and visibility handling: for size-bound games (js13k); use `createLoop`
 * otherwise. A hook that throws stops the loop and the error is thrown.
 *
 * It follows the same rule for time as `createLoop` and counts the same integer units, so the
 * same frames give the same ticks (the property tests hold both to one model).
 */
export function createBasicLoop(options: BasicLoopOptions): BasicLoop {
  const given = checkOptions(options);
  const update = checkFunction('update', given.update);
  const render = checkFunction('render', given.render);
  const timestep = checkTimestep(given.timestep);
  const maxSteps = checkMaxSteps(given.maxSteps);
  const perMs = UNITS_PER_STEP / timestep;
  const clamp = Math.max(1, roundUnits(checkMaxDelta(given.maxDelta), perMs));
  const dt = timestep / 1000;
  /**
   * The state that changes every frame, in the slots of a Float64Array: V8 stores its numbers
   * unboxed, where a closure variable boxes each large number written (the units pass 2^30
   * after 17 minutes: an allocation a frame from then on), and a minifier leaves `c[1]` as
   * short as a variable, where it keeps every field name whole. That is what brings a
   * production bundle under MainLoop.js; it is also why this is not the shared Accumulator.
   */
  const clock = new Float64Array(5);
  /** Whole steps still owed at a stop, paid back from the second frame after the start. */
  let held = 0;
  /** False from a start until its first good frame, which sets the origin. */
  let synced = false;
  let handle = 0;
  let running = false;
  /**
   * `phase` is 0 between frames, 1 while one runs, 2 once stop() was called during it. An
   * object, not a variable, so the frame path reads it through a register.
   */
  const guard = { phase: 0 };

  const frame = (now: number) => {
    const g = guard;
    if (g.phase !== 0) throw reentrantFrame();
    g.phase = 1;
    // The rule for time (see the README): what this frame adds to the units owed.
    const c = clock;
    const good = Math.abs(now) <= MAX_STAMP;
    if (!synced) {
      // The first frame after a start owes nothing: whole steps owed are held, the phase kept.
      const steps = c[OWED]! - (c[OWED]! % UNITS_PER_STEP);
      held += steps;
      c[OWED]! -= steps;
      if (good) {
        synced = true;
        c[ORIGIN] = now;
        c[HIGH] = 0;
        c[LAST] = 0;
      }
    } else {
      c[OWED]! += held;
      held = 0;
      if (good) {
        const u = roundUnits(now - c[ORIGIN]!, perMs);
        const high = c[HIGH]!;
        // Past the latest time, the time since it; below it (the clock stepped back), the time
        // since the previous frame, if any; at most maxDelta.
        c[OWED]! += Math.min(Math.max(0, u - (u < high ? c[LAST]! : high)), clamp);
        c[HIGH] = Math.max(u, high);
        c[LAST] = u;
      }
    }
    try {
      for (let n = 0; c[OWED]! >= UNITS_PER_STEP; n++) {
        if (n === maxSteps) {
          c[OWED]! %= UNITS_PER_STEP; // the spiral-of-death guard drops whole steps
          break;
        }
        update(dt);
        c[TICK]!++;
        c[OWED]! -= UNITS_PER_STEP;
        if (g.phase !== 1) break;
      }
      if (g.phase === 1) render(c[OWED]! / UNITS_PER_STEP);
      g.phase = 0;
    } catch (error) {
      g.phase = 0;
      loop.stop();
      throw error;
    }
  };

  const onFrame = (now: number) => {
    handle = requestAnimationFrame(onFrame);
    frame(now);
  };

  const loop: BasicLoop = {
    get tick() {
      return clock[TICK]!;
    },
    start() {
      if (!running) {
        running = true;
        synced = false;
        handle = requestAnimationFrame(onFrame);
      }
      return loop;
    },
    stop() {
      if (guard.phase === 1) guard.phase = 2;
      if (running) {
        running = false;
        cancelAnimationFrame(handle);
      }
      return loop;
    },
    frame,
  };
  return loop;
}
