import {
  checkFunction,
  checkMaxSteps,
  checkPositive,
  DEFAULT_MAX_DELTA,
  DEFAULT_MAX_STEPS,
  DEFAULT_TIMESTEP,
} from './options.js';
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
 * requestAnimationFrame, in about 0.9 kB gzipped with its option checks, and the cheapest per
 * frame. Same integer time and the same Accumulator as {@link createLoop}, so the same frames
 * give the same ticks; it leaves out the other modes, the FPS cap, stats, hooks and visibility
 * handling. For size-bound games (js13k); use `createLoop` otherwise. A hook that throws stops
 * the loop and the error is thrown.
 */
export function createBasicLoop(options: BasicLoopOptions): BasicLoop {
  const update = checkFunction('update', options.update);
  const render = checkFunction('render', options.render);
  const timestep = checkPositive('timestep', options.timestep ?? DEFAULT_TIMESTEP);
  const acc = new Accumulator(
    timeBase(timestep, false),
    checkPositive('maxDelta', options.maxDelta ?? DEFAULT_MAX_DELTA),
    checkMaxSteps(options.maxSteps ?? DEFAULT_MAX_STEPS),
    true,
  );
  const dt = timestep / 1000;
  let handle = 0;
  let running = false;

  const frame = (now: number) => {
    acc.add(now);
    try {
      for (let n = 0; acc.due(n); n++) {
        update(dt);
        acc.step();
      }
      render(acc.alpha);
    } catch (error) {
      if (running) loop.stop();
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
      running = false;
      cancelAnimationFrame(handle);
      return loop;
    },
    frame,
  };
  return loop;
}
