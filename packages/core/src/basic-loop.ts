import {
  checkFunction,
  checkMaxSteps,
  checkPositive,
  DEFAULT_MAX_DELTA,
  DEFAULT_MAX_STEPS,
  DEFAULT_TIMESTEP,
} from './options.js';
import { type Accumulation, accumulate, alphaOf } from './time/accumulate.js';
import { FrameClock } from './time/frame-time.js';
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
  /** Stops; `start()` resumes without a catch-up burst. */
  stop(): BasicLoop;
  /** Processes one frame at `now` ms: for tests, or to drive the loop yourself. */
  frame(now: number): void;
  /** Fixed steps run so far. */
  readonly tick: number;
}

/**
 * The smallest complete loop: Gaffer's final "free the physics" loop — the fixed-step
 * accumulator with interpolation, the 250 ms clamp and a cap on steps per frame — on
 * requestAnimationFrame, in under 700 bytes gzipped (MainLoop.js is 742). Same integer time and
 * the same accumulator as {@link createLoop}, so the same frames give the same ticks; it leaves
 * out the other modes, the FPS cap, stats, hooks and visibility handling. For size-bound games
 * (js13k); use `createLoop` otherwise. A hook that throws stops the loop and the error is thrown.
 */
export function createBasicLoop(options: BasicLoopOptions): BasicLoop {
  const update = checkFunction('update', options.update);
  const render = checkFunction('render', options.render);
  const timestep = checkPositive('timestep', options.timestep ?? DEFAULT_TIMESTEP);
  const maxSteps = checkMaxSteps(options.maxSteps ?? DEFAULT_MAX_STEPS);
  const base = timeBase(timestep, false);
  const clock = new FrameClock(
    base,
    checkPositive('maxDelta', options.maxDelta ?? DEFAULT_MAX_DELTA),
  );
  const dt = timestep / 1000;
  const step = () => update(dt);
  const state: Accumulation = { tick: 0, simUnits: 0, overstep: 0, steps: 0, dropped: 0 };
  let handle = 0;
  let running = false;

  const onFrame = (now: number) => {
    handle = requestAnimationFrame(onFrame);
    loop.frame(now);
  };

  const loop: BasicLoop = {
    get tick() {
      return state.tick;
    },
    start() {
      if (!running) {
        running = true;
        clock.resync();
        handle = requestAnimationFrame(onFrame);
      }
      return loop;
    },
    stop() {
      running = false;
      cancelAnimationFrame(handle);
      return loop;
    },
    frame(now) {
      state.steps = 0;
      state.overstep += clock.delta(now);
      try {
        accumulate(state, base.perStep, maxSteps, true, step);
        render(alphaOf(state.overstep, base.perStep));
      } catch (error) {
        if (running) loop.stop();
        throw error;
      }
    },
  };
  return loop;
}
