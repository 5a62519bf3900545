import { checkMaxFps, checkOptions, checkTimeScale, resolveOptions } from './checks.js';
import { framePath, type Hooks } from './frame.js';
import { checkKnownOptions } from './known-options.js'; // development build only
import type { LoopOptions, LoopState, ResolvedOptions } from './options.js';
import { type Guard, IDLE, Runner } from './run/runner.js';
import { manualScheduler, rafScheduler, type Scheduler, timerScheduler } from './run/scheduler.js';
import { FrameStats } from './stats.js';
import { strategyOf } from './time/modes.js';
import { Pacer } from './time/pacer.js';
import { type ClockState, clockState, resync, setScale } from './time/rule.js';
import { clockView } from './time/view.js';

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
   * Stops the loop for good and releases what it holds (the scheduler's pending callback, the
   * page-visibility listener), so a module torn down by a hot update leaves nothing running:
   * `scope.add(loop)` or `import.meta.hot.dispose(() => loop.dispose())`. Called from a hook it
   * ends the frame like `stop()`. Calling it again does nothing; `start()` after it throws.
   */
  dispose(): void;
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

/** The hooks given, with a no-op for each one left out. */
function hooksOf(options: LoopOptions): Hooks {
  return {
    update: options.update ?? noop,
    render: options.render ?? noop,
    begin: options.begin ?? noop,
    end: options.end ?? noop,
    onDrop: options.onDrop,
    onError: options.onError,
  };
}

/** The pieces a {@link Loop} object reads and drives. */
interface Parts {
  readonly clock: ClockState;
  readonly pacer: Pacer;
  readonly stats: FrameStats;
  readonly guard: Guard;
  readonly resolved: ResolvedOptions;
  /** The runner and the frame path, made after the loop object (both hand it to hooks). */
  readonly runner: () => Runner;
  readonly path: () => (now: number) => boolean;
}

/** The loop object: read-only figures from the clock, the controls, and the two setters. */
function loopObject(parts: Parts): Loop {
  const { clock, pacer, stats, guard, resolved, runner, path } = parts;
  let maxFps = resolved.maxFps;
  const controls: Omit<Loop, keyof LoopState> = {
    get running() {
      return guard.running;
    },
    stats,
    options: Object.freeze({
      ...resolved,
      get maxFps() {
        return maxFps;
      },
      get timeScale() {
        return clock.scale;
      },
    }),
    get timeScale() {
      return clock.scale;
    },
    set timeScale(value: number) {
      setScale(clock, checkTimeScale(value));
    },
    get maxFps() {
      return maxFps;
    },
    set maxFps(value: number) {
      // The pacer ignores the value in force, so a settings panel may write it every frame.
      maxFps = checkMaxFps(value);
      pacer.setMaxFps(maxFps, stats.sinceFrame(clock.elapsed));
    },
    start() {
      runner().start();
      return loop;
    },
    stop() {
      runner().stop();
      return loop;
    },
    dispose() {
      runner().dispose();
    },
    frame(now) {
      return path()(now);
    },
  };
  // The clock's figures (tick, time, alpha, lag, dt, now) and the controls, as one object.
  const loop = Object.defineProperties(
    clockView(clock),
    Object.getOwnPropertyDescriptors(controls),
  ) as Loop;
  return loop;
}

/**
 * Makes a game loop, composed of a scheduler (who calls it), a clock (the rule for time, the
 * clamp and the cap on steps: the state of a {@link Clock}, driven by the same code every loop
 * here uses), a pacer (the FPS
 * cap), the hooks and frame statistics. Options are checked here, once, and nothing in the
 * per-frame path allocates. The loop starts stopped: call `start()`; `dispose()` it when done.
 *
 * @example
 * const loop = createLoop({
 *   update(dt) { world.step(dt); },            // dt is always 1/60 s
 *   render(alpha) { draw(world, alpha); },     // blend previous and current state
 * }).start();
 */
export function createLoop(options?: LoopOptions | null): Loop {
  const given = checkOptions(options);
  checkKnownOptions(given, 'createLoop'); // development build only
  const resolved = resolveOptions(given);
  const clock = clockState({ ...resolved, timeslice: resolved.mode === 'timeslice' });
  setScale(clock, resolved.timeScale);
  const strategy = strategyOf(resolved.mode);
  const pacer = new Pacer(resolved.maxFps);
  const stats = new FrameStats(clock.perMs);
  const guard: Guard = { phase: IDLE, running: false };
  const resyncAll = () => {
    // The leftover of a fixed mode is a phase to keep; the other modes' is not.
    resync(clock, strategy !== null);
    pacer.resync();
    stats.resync();
  };
  const loop = loopObject({
    clock,
    pacer,
    stats,
    guard,
    resolved,
    runner: () => runner,
    path: () => frame,
  });
  const frame = framePath({
    clock,
    pacer,
    stats,
    hooks: hooksOf(given),
    strategy,
    guard,
    state: loop,
    stop: () => runner.stop(),
    cancel: () => runner.cancel(),
  });
  const scheduler = pickScheduler(given.scheduler);
  const runner = new Runner(scheduler, guard, given.pauseWhenHidden ?? true, resyncAll, frame);
  return loop;
}
