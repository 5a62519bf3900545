import { checkMaxFps, checkOptions, checkTimeScale, resolveOptions } from './checks.js';
import type { LoopOptions, LoopState, ResolvedOptions } from './options.js';
import { reentrantFrame } from './reentrant.js';
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
import { TimeScale } from './time/scale.js';
import { isFixedMode, Stepper } from './time/stepper.js';
import { timeBase } from './time/ticks.js';

/**
 * A running game loop: the figures hooks see, plus the controls. Every control is safe at any
 * moment, between frames or from a hook.
 */
export interface Loop extends LoopState {
  /** Starts (or resumes) the loop. The first frame after it advances nothing. */
  start(): Loop;
  /**
   * Stops (pauses) the loop, keeping all state; `start()` resumes without a catch-up burst.
   * Called from a hook, it ends the frame at once: no hook of that frame runs after it.
   */
  stop(): Loop;
  /**
   * Processes one frame at `now` milliseconds. The scheduler calls it; with the manual
   * scheduler you do. Returns true if the frame rendered; false if the FPS cap skipped it,
   * stop() ended it before render, or the loop is stopped. Called from inside a hook of this
   * loop it throws and changes nothing.
   */
  frame(now: number): boolean;
  /** True between `start()` and `stop()` (also while suspended by a hidden page). */
  readonly running: boolean;
  /** Frame statistics, updated in place. */
  readonly stats: FrameStats;
  /** The options in force after defaults; read-only, with `maxFps` and `timeScale` as set now. */
  readonly options: ResolvedOptions;
  /** Game speed: 0 pauses the simulation (render goes on), 0.5 slow motion, 2 fast forward. */
  timeScale: number;
  /** The FPS cap; Infinity for none. Writing the value in force changes nothing. */
  maxFps: number;
}

function pickScheduler(choice: LoopOptions['scheduler']): Scheduler {
  if (typeof choice === 'object') return choice;
  if (choice === 'manual') return manualScheduler();
  if (choice === 'raf' || (choice === undefined && typeof requestAnimationFrame === 'function')) {
    return rafScheduler();
  }
  return timerScheduler();
}

const noop = () => {};

/** The frame states of a loop (see `guard` in createLoop). */
const IDLE = 0;
const IN_FRAME = 1;
const HALTED = 2;

/**
 * Makes a game loop: scheduler → rule for time and clamp (accumulator) → pacer (FPS cap) →
 * update hooks → render → stats. Options are checked here, once, and nothing in the per-frame
 * path allocates. The loop starts stopped: call `start()`.
 *
 * @example
 * const loop = createLoop({
 *   update(dt) { world.step(dt); },            // dt is always 1/60 s
 *   render(alpha) { draw(world, alpha); },     // blend previous and current state
 * }).start();
 */
export function createLoop(options?: LoopOptions | null): Loop {
  const given = checkOptions(options);
  const resolved = resolveOptions(given);
  const scheduler = pickScheduler(given.scheduler);
  const update = given.update ?? noop;
  const render = given.render ?? noop;
  const begin = given.begin ?? noop;
  const end = given.end ?? noop;
  const onDrop = given.onDrop;
  const onError = given.onError;
  const pauseWhenHidden = given.pauseWhenHidden ?? true;
  const fixed = isFixedMode(resolved.mode);
  const drop = resolved.overflow === 'drop';
  const base = timeBase(resolved.timestep, resolved.mode === 'timeslice');
  const speed = new TimeScale();
  speed.set(resolved.timeScale);
  const acc = new Accumulator(base, resolved.maxDelta, resolved.maxSteps, drop, fixed, speed);
  const { perMs } = base;
  const dt = resolved.timestep / 1000;
  let maxFps = resolved.maxFps;
  let running = false;
  // Stryker disable next-line BooleanLiteral: start() sets it before anything can read it
  let hidden = false;
  /**
   * `phase` is IDLE between frames; IN_FRAME while one runs (a frame() call then is re-entrant);
   * HALTED once stop() was called during it, so it ends after the hook that called stop(). An
   * object, not a variable, so the frame path reads it through a register.
   */
  const guard = { phase: IDLE };
  let unwatch: (() => void) | undefined;
  const stepper = new Stepper(
    acc,
    resolved.mode,
    drop,
    () => update(dt, loop),
    (pieceDt) => update(pieceDt, loop),
    () => guard.phase !== IN_FRAME,
  );
  const pacer = new Pacer(maxFps);
  const stats = new FrameStats(perMs);

  const resync = () => {
    acc.resync();
    pacer.resync();
    stats.resync();
  };

  // Listened to only while running (start() watches, stop() unwatches).
  const onVisibility = (isHidden: boolean) => {
    if (isHidden === hidden) return;
    hidden = isHidden;
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
    const bySteps = acc.dropped / perMs / (speed.value > 0 ? speed.value : 1);
    acc.clamped = 0;
    acc.dropped = 0;
    stats.drop(byClamp + bySteps);
    if (onDrop && byClamp > 0) onDrop(byClamp, 'maxDelta', loop);
    if (onDrop && bySteps > 0 && guard.phase === IN_FRAME) onDrop(bySteps, 'maxSteps', loop);
  };

  /** Runs the hooks of a frame the cap let through; false when stop() ended it before render. */
  const frameBody = (): boolean => {
    // Locals, so each captured binding is loaded once: the frame path must stay small enough
    // for V8 to inline all of it into the scheduler callback.
    const a = acc;
    const g = guard;
    const state = loop;
    begin(a.now, state);
    if (g.phase !== IN_FRAME) return false;
    let n = 0;
    if (fixed) {
      for (; a.due(n); n++) {
        update(dt, state);
        a.step();
        if (g.phase !== IN_FRAME) return false;
      }
    } else {
      n = stepper.run();
      if (g.phase !== IN_FRAME) return false;
    }
    // Stryker disable next-line ConditionalExpression: a shortcut; reporting 0 dropped reports nothing
    if (a.clamped !== 0 || a.dropped !== 0) {
      reportDrops();
      if (g.phase !== IN_FRAME) return false;
    }
    stats.frame(a.now, a.elapsed, n);
    render(a.alpha, state);
    if (g.phase === IN_FRAME) end(state);
    return true;
  };

  /** Off the hot path: a hook threw, so the loop stops and the error goes to onError or up. */
  const fail = (error: unknown): false => {
    guard.phase = IDLE;
    loop.stop();
    if (!onError) throw error;
    onError(error);
    return false;
  };

  const frame = (t: number): boolean => {
    const g = guard;
    if (g.phase !== IDLE) throw reentrantFrame();
    if (!running) {
      // A scheduler callback that outlived stop(): run nothing and cancel what it asked for.
      scheduler.cancel();
      return false;
    }
    const passed = acc.add(t);
    if (pacer.capped && !pacer.ready(passed / perMs)) {
      stats.skipped++;
      return false;
    }
    g.phase = IN_FRAME;
    try {
      const rendered = frameBody();
      g.phase = IDLE;
      return rendered;
    } catch (error) {
      return fail(error);
    }
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
      return acc.now;
    },
    get running() {
      return running;
    },
    stats,
    options: Object.freeze({
      mode: resolved.mode,
      timestep: resolved.timestep,
      maxDelta: resolved.maxDelta,
      maxSteps: resolved.maxSteps,
      overflow: resolved.overflow,
      get maxFps() {
        return maxFps;
      },
      get timeScale() {
        return speed.value;
      },
    }),
    get timeScale() {
      return speed.value;
    },
    set timeScale(value: number) {
      if (speed.set(checkTimeScale(value))) acc.refresh();
    },
    get maxFps() {
      return maxFps;
    },
    set maxFps(value: number) {
      // The pacer ignores the value in force, so a settings panel may write it every frame.
      maxFps = checkMaxFps(value);
      pacer.setMaxFps(maxFps, stats.sinceFrame(acc.elapsed));
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
      if (guard.phase === IN_FRAME) guard.phase = HALTED;
      scheduler.cancel();
      unwatch?.();
      unwatch = undefined;
      return loop;
    },
    frame,
  };
  return loop;
}
