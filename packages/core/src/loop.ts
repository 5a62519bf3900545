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
import { FrameClock } from './time/frame-time.js';
import { Pacer } from './time/pacer.js';
import { Stepper } from './time/stepper.js';
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
  const base = timeBase(resolved.timestep, resolved.mode === 'timeslice');
  const clock = new FrameClock(base, resolved.maxDelta);
  const dt = resolved.timestep / 1000;
  const stepper = new Stepper(
    { mode: resolved.mode, base, maxSteps: resolved.maxSteps, overflow: resolved.overflow },
    resolved.timestep,
    () => update(dt, loop),
    (pieceDt) => update(pieceDt, loop),
  );
  stepper.timeScale = resolved.timeScale;
  const pacer = new Pacer(resolved.maxFps);
  const stats = new FrameStats();

  let running = false;
  let hidden = false;
  let first = true;
  let now = Number.NaN;
  let unwatch: (() => void) | undefined;

  const onFrame: FrameCallback = (t) => {
    if (!running || hidden) return;
    scheduler.request(onFrame);
    loop.frame(t);
  };

  const resync = () => {
    clock.resync();
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

  const frameBody = (t: number) => {
    now = t;
    begin(t, loop);
    const units = clock.delta(t);
    const clamped = clock.clamped;
    stepper.advance(units, first);
    first = false;
    let droppedMs = 0;
    if (clamped > 0 || stepper.dropped > 0) {
      const byClamp = clamped / base.perMs;
      const bySteps = stepper.realMs(stepper.dropped);
      droppedMs = byClamp + bySteps;
      if (onDrop && byClamp > 0) onDrop(byClamp, 'maxDelta', loop);
      if (onDrop && bySteps > 0) onDrop(bySteps, 'maxSteps', loop);
    }
    render(stepper.alpha, loop);
    stats.record(t, stepper.steps, droppedMs);
    end(loop);
  };

  const loop: Loop = {
    get tick() {
      return stepper.tick;
    },
    get time() {
      return stepper.time;
    },
    get alpha() {
      return stepper.alpha;
    },
    get lag() {
      return stepper.lag;
    },
    get dt() {
      return dt;
    },
    get now() {
      return now;
    },
    get running() {
      return running;
    },
    stats,
    options: resolved,
    get timeScale() {
      return stepper.timeScale;
    },
    set timeScale(value: number) {
      stepper.timeScale = checkTimeScale(value);
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
    frame(t: number) {
      if (!running) return false;
      if (!pacer.ready(t)) {
        stats.skipped++;
        return false;
      }
      try {
        frameBody(t);
      } catch (error) {
        loop.stop();
        if (!onError) throw error;
        onError(error);
        return false;
      }
      return true;
    },
  };
  return loop;
}
