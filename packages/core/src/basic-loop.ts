import {
  checkFunction,
  checkMaxDelta,
  checkMaxSteps,
  checkOptions,
  checkTimestep,
} from './options.js';
import { reentrantFrame } from './reentrant.js';
import { Accumulator } from './time/accumulator.js';
import { timeBase } from './time/ticks.js';

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
 * requestAnimationFrame, the cheapest per frame. Same rule for time, the same option checks
 * and the same Accumulator as {@link createLoop}, so the same frames give the same ticks; it
 * leaves out the other modes, the FPS cap, stats, hooks and visibility handling. For size-bound
 * games (js13k); use `createLoop` otherwise. A hook that throws stops the loop and the error is
 * thrown.
 */
export function createBasicLoop(options: BasicLoopOptions): BasicLoop {
  const given = checkOptions(options);
  const update = checkFunction('update', given.update);
  const render = checkFunction('render', given.render);
  const timestep = checkTimestep(given.timestep);
  const acc = new Accumulator(
    timeBase(timestep, false),
    checkMaxDelta(given.maxDelta),
    checkMaxSteps(given.maxSteps),
    true,
  );
  const dt = timestep / 1000;
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
    acc.add(now);
    try {
      for (let n = 0; acc.due(n); n++) {
        update(dt);
        acc.step();
        if (g.phase !== 1) break;
      }
      if (g.phase === 1) render(acc.alpha);
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
      return acc.tick;
    },
    start() {
      if (!running) {
        running = true;
        acc.resync();
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
