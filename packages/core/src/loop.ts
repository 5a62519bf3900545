import {
  checkMaxFps,
  checkTimeScale,
  type LoopOptions,
  type LoopState,
  type ResolvedOptions,
  resolveOptions,
} from './options.js';
import {
  type FrameCallback,
  manualScheduler,
  rafScheduler,
  type Scheduler,
  timerScheduler,
} from './run/scheduler.js';
import { watchVisibility } from './run/visibility.js';
import { FrameStats } from './stats.js';
import { Accumulator } from './time/accumulator.js';
import { Pacer } from './time/pacer.js';
import { isFixedMode, Stepper } from './time/stepper.js';
import { timeBase } from './time/ticks.js';

/** A running game loop: the figures hooks see, plus the controls. */
export interface Loop extends LoopState {
  /** Starts (or resumes) the loop. The first frame after it advances nothing. */
  start(): Loop;
  /** Stops (pauses) the loop, keeping all state; `start()` resumes without a catch-up burst. */
  stop(): Loop;
  /**
   * Processes one frame at `now` milliseconds. The scheduler calls it; with the manual
   * scheduler you do. Returns true if the frame rendered, false if it was skipped by the FPS
   * cap or the loop is stopped.
   */
  frame(now: number): boolean;
  /** True between `start()` and `stop()` (also while suspended by a hidden page). */
  readonly running: boolean;
  /** Frame statistics, updated in place. */
  readonly stats: FrameStats;
  /** The options in force after defaults. */
  readonly options: Readonly<ResolvedOptions>;
  /** Game speed: 0 pauses the simulation (render goes on), 0.5 slow motion, 2 fast forward. */
  timeScale: number;
  /** The FPS cap; Infinity for none. */
  maxFps: number;
}

function pickScheduler(choice: LoopOptions['scheduler']): Scheduler {
  if (typeof choice === 'object' && choice !== null) return choice;
  const auto = choice === undefined;
  if (choice === 'raf' || (auto && typeof requestAnimationFrame === 'function')) {
    return rafScheduler();
  }
  if (choice === 'manual') return manualScheduler();
  if (choice === 'timer' || auto) return timerScheduler();
  throw new RangeError(
    `loop option scheduler must be raf, timer, manual or a Scheduler, got ${String(choice)}`,
  );
}

const noop = () => {};

/**
 * Makes a game loop: scheduler → pacer (FPS cap) → frame clock (sanitize + clamp) → stepper
 * (update hooks) → render → stats. Options are checked here, once, and nothing in the
 * per-frame path allocates. The loop starts stopped: call `start()`.
 *
 * @example
 * const loop = createLoop({
 *   update(dt) { world.step(dt); },            // dt is always 1/60 s
 *   render(alpha) { draw(world, alpha); },     // blend previous and current state
 * }).start();
 */
export function createLoop(options: LoopOptions = {}): Loop {
  const resolved = resolveOptions(options);
  const scheduler = pickScheduler(options.scheduler);
  const update = options.update ?? noop;
  const render = options.render ?? noop;
  const begin = options.begin ?? noop;
  const end = options.end ?? noop;
  const onDrop = options.onDrop;
  const onError = options.onError;
  const pauseWhenHidden = options.pauseWhenHidden ?? true;
  const fixed = isFixedMode(resolved.mode);
  const drop = resolved.overflow === 'drop';
  const base = timeBase(resolved.timestep, resolved.mode === 'timeslice');
  const acc = new Accumulator(base, resolved.maxDelta, resolved.maxSteps, drop);
  const { perMs } = base;
  acc.timeScale = resolved.timeScale;
  const dt = resolved.timestep / 1000;
  const stepper = new Stepper(
    acc,
    resolved.mode,
    drop,
    () => update(dt, loop),
    (pieceDt) => update(pieceDt, loop),
  );
  const pacer = new Pacer(resolved.maxFps);
  const stats = new FrameStats();

  let running = false;
  let hidden = false;
  let first = true;
  let unwatch: (() => void) | undefined;

  const resync = () => {
    acc.resync();
    pacer.resync();
    stats.resync();
    first = true;
  };

  const onVisibility = (isHidden: boolean) => {
    if (isHidden === hidden) return;
    hidden = isHidden;
    if (!running) return;
    if (hidden) {
      scheduler.cancel();
    } else {
      resync();
      scheduler.request(onFrame);
    }
  };

  /** Off the hot path: reports this frame's clamped and dropped units in milliseconds. */
  const reportDrops = () => {
    const byClamp = acc.clamped / perMs;
    const bySteps = acc.dropped / perMs / (acc.timeScale > 0 ? acc.timeScale : 1);
    acc.clamped = 0;
    acc.dropped = 0;
    stats.drop(byClamp + bySteps);
    if (onDrop && byClamp > 0) onDrop(byClamp, 'maxDelta', loop);
    if (onDrop && bySteps > 0) onDrop(bySteps, 'maxSteps', loop);
  };

  /** Off the hot path: the modes other than fixed steps. */
  const runUnfixed = (): number => {
    const n = stepper.run(first);
    first = false;
    return n;
  };

  const frameBody = (t: number) => {
    // Locals, so each captured binding is loaded once: the frame path must stay small enough
    // for V8 to inline all of it into the scheduler callback.
    const a = acc;
    const state = loop;
    stats.begin(t);
    begin(t, state);
    a.add(t);
    let n = 0;
    if (fixed) {
      for (; a.due(n); n++) {
        update(dt, state);
        a.step();
      }
    } else {
      n = runUnfixed();
    }
    if (a.clamped !== 0 || a.dropped !== 0) reportDrops();
    render(a.alpha, state);
    stats.updates = n;
    end(state);
  };

  /** Off the hot path: a hook threw, so the loop stops and the error goes to onError or up. */
  const fail = (error: unknown): false => {
    loop.stop();
    if (!onError) throw error;
    onError(error);
    return false;
  };

  const frame = (t: number): boolean => {
    if (!running) {
      // A scheduler callback that outlived stop(): run nothing and cancel what it asked for.
      scheduler.cancel();
      return false;
    }
    if (pacer.capped && !pacer.ready(t)) {
      stats.skipped++;
      return false;
    }
    try {
      frameBody(t);
    } catch (error) {
      return fail(error);
    }
    return true;
  };

  // Called only while running and shown: stop() and a hidden page cancel the request.
  const onFrame: FrameCallback = (t) => {
    scheduler.request(onFrame);
    frame(t);
  };

  const loop: Loop = {
    get tick() {
      return acc.tick;
    },
    get time() {
      return fixed ? acc.tick * dt : stepper.simUnits / perMs / 1000;
    },
    get alpha() {
      return acc.alpha;
    },
    get lag() {
      return acc.overstep / perMs / 1000;
    },
    get dt() {
      return dt;
    },
    get now() {
      return stats.now;
    },
    get running() {
      return running;
    },
    stats,
    options: resolved,
    get timeScale() {
      return acc.timeScale;
    },
    set timeScale(value: number) {
      acc.timeScale = checkTimeScale(value);
    },
    get maxFps() {
      return resolved.maxFps;
    },
    set maxFps(value: number) {
      resolved.maxFps = checkMaxFps(value);
      pacer.setMaxFps(value);
    },
    start() {
      if (running) return loop;
      running = true;
      resync();
      if (pauseWhenHidden && !unwatch) unwatch = watchVisibility(onVisibility);
      hidden =
        pauseWhenHidden && typeof document !== 'undefined' && document.visibilityState === 'hidden';
      if (!hidden) scheduler.request(onFrame);
      return loop;
    },
    stop() {
      running = false;
      scheduler.cancel();
      unwatch?.();
      unwatch = undefined;
      return loop;
    },
    frame,
  };
  return loop;
}
