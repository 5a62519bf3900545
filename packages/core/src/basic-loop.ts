import { checkFunction, checkOptions, disposedStart, reentrantFrame } from './checks.js';
import { checkKnownOptions } from './known-options.js'; // development build only
import { advance, alpha, clockState, due, resync, step } from './time/rule.js';

/**
 * Options of {@link createBasicLoop}: the fixed-step subset of {@link LoopOptions}, with the
 * same names, defaults and checks. Times in milliseconds.
 */
export interface BasicLoopOptions {
  /** Advances the simulation by `dt` seconds: always `timestep / 1000`. */
  update: (dt: number) => void;
  /** Draws the world at `alpha` ∈ [0, 1) between the previous and the current step. */
  render: (alpha: number) => void;
  /**
   * Receives an error thrown by a hook. The loop has already stopped. Without it, the error is
   * thrown once from the frame that failed, as in `createLoop`.
   */
  onError?: (error: unknown) => void;
  /** The fixed step. Default 1000/60. */
  timestep?: number;
  /** Clamp on one frame's real time. Default 250. */
  maxDelta?: number;
  /** Cap on updates in one frame; whole steps beyond it are dropped. Default 10. */
  maxSteps?: number;
}

/**
 * A running {@link createBasicLoop}: the controls of `createLoop`. Its hooks get `dt` and `alpha`
 * only, not the loop's figures, which would cost the size this loop exists for.
 */
export interface BasicLoop {
  /** Fixed steps run so far. */
  readonly tick: number;
  /** Starts on requestAnimationFrame; the first frame advances nothing. */
  start(): BasicLoop;
  /**
   * Stops; `start()` resumes without a catch-up burst. Called from a hook it ends the frame at
   * once: no hook of that frame runs after it.
   */
  stop(): BasicLoop;
  /** Stops for good; `start()` after it throws. */
  dispose(): void;
  /**
   * Processes one frame at `now` ms: for tests, or to drive the loop yourself. Returns true if
   * the frame rendered. Called from inside a hook of this loop it throws and changes nothing.
   */
  frame(now: number): boolean;
}

/**
 * The smallest complete loop: Fiedler's final "free the physics" loop ("Fix Your Timestep!") —
 * the fixed-step accumulator with interpolation, the 250 ms clamp and a cap on steps per frame —
 * on requestAnimationFrame. It leaves out the other modes, the FPS cap, time scale, stats,
 * begin/end hooks and visibility handling: for size-bound games (js13k); use `createLoop`
 * otherwise. It runs on the same {@link Clock} as `createLoop`, so the same frames give the
 * same ticks, and its options, hooks, `frame()` and errors have the same shape (`update` and
 * `render` are required: a loop without them does nothing).
 */
export function createBasicLoop(options: BasicLoopOptions): BasicLoop {
  const given = checkOptions(options);
  checkKnownOptions(given, 'createBasicLoop'); // development build only
  const update = checkFunction('update', given.update);
  const render = checkFunction('render', given.render);
  const onError = given.onError && checkFunction('onError', given.onError);
  // The clock's state, driven by the rule's functions: the Clock class's own, minus what this
  // loop does not use (time scale, other modes), which a bundle then leaves out.
  const c = clockState(given);
  const dt = c.dt;
  let handle = 0;
  let running = false;
  let disposed = false;
  /** 0 between frames, 1 while one runs, 2 once stop() was called during it. */
  let phase = 0;

  const frame = (now: number): boolean => {
    if (phase) throw reentrantFrame();
    phase = 1;
    advance(c, now);
    try {
      while (due(c)) {
        update(dt);
        step(c);
        if (phase !== 1) break;
      }
      const rendered = phase === 1;
      if (rendered) render(alpha(c));
      phase = 0;
      return rendered;
    } catch (error) {
      phase = 0;
      loop.stop();
      if (!onError) throw error;
      onError(error);
      return false;
    }
  };

  const onFrame = (now: number) => {
    handle = requestAnimationFrame(onFrame);
    frame(now);
  };

  const loop: BasicLoop = {
    get tick() {
      return c.tick;
    },
    start() {
      if (disposed) throw disposedStart();
      if (!running) {
        running = true;
        resync(c, false);
        handle = requestAnimationFrame(onFrame);
      }
      return loop;
    },
    stop() {
      if (phase) phase = 2;
      if (running) {
        running = false;
        cancelAnimationFrame(handle);
      }
      return loop;
    },
    dispose() {
      disposed = true;
      loop.stop();
    },
    frame,
  };
  return loop;
}
