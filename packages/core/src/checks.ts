/**
 * The option checks of the development build (the default): every option is checked when a
 * loop is made, so a mistake fails at start-up with a RangeError (or TypeError) that names the
 * option and the value, instead of misbehaving later. A production build (the `production`
 * export condition, which Vite, webpack and others set in production) gets
 * `checks.production.ts` in this module's place: the same functions, applying the defaults
 * and nothing else, so none of these messages ships to players.
 */
import {
  DEFAULT_MAX_DELTA,
  DEFAULT_MAX_STEPS,
  DEFAULT_TIMESTEP,
  type LoopOptions,
  MAX_TIME_SCALE,
  MIN_TIMESTEP,
  type OverflowPolicy,
  type ResolvedOptions,
  type StepMode,
} from './options.js';
import type { Scheduler } from './run/scheduler.js';
import { show } from './show.js';

const MODES: readonly StepMode[] = ['fixed', 'timeslice', 'semi-fixed', 'variable', 'naive'];
const OVERFLOWS: readonly OverflowPolicy[] = ['drop', 'carry'];
const SCHEDULERS = ['raf', 'timer', 'manual'] as const;

function fail(option: string, value: unknown, rule: string, type = RangeError): never {
  throw new type(`loop option ${option} must be ${rule}, got ${show(value)}`);
}

function oneOf(names: readonly string[]): string {
  return `one of ${names.map(show).join(', ')}`;
}

/**
 * The options object itself: `undefined` and `null` mean no options, anything else that is not
 * an object is a mistake (`createLoop(16)`) and throws a TypeError.
 */
export function checkOptions<T extends object>(options: T | null | undefined): Partial<T> {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object') {
    throw new TypeError(`loop options must be an object, got ${show(options)}`);
  }
  return options;
}

/** Throws a TypeError naming the option unless `value` is a function. */
export function checkFunction<T>(option: string, value: T | undefined): T {
  if (typeof value !== 'function') fail(option, value, 'a function', TypeError);
  return value;
}

/** The timestep in ms: a finite number ≥ {@link MIN_TIMESTEP}; `undefined` is the default. */
export function checkTimestep(value: unknown = DEFAULT_TIMESTEP): number {
  // Number.isFinite is false for anything that is not a number: no coercion of "16".
  if (!Number.isFinite(value) || (value as number) < MIN_TIMESTEP) {
    fail('timestep', value, `a finite number >= ${MIN_TIMESTEP} (ms)`);
  }
  return value as number;
}

/** maxDelta in ms: a finite number > 0; `undefined` is the default. */
export function checkMaxDelta(value: unknown = DEFAULT_MAX_DELTA): number {
  if (!Number.isFinite(value) || (value as number) <= 0) {
    fail('maxDelta', value, 'a finite number > 0 (ms)');
  }
  return value as number;
}

/** maxSteps: an integer ≥ 1; `undefined` is the default. */
export function checkMaxSteps(value: unknown = DEFAULT_MAX_STEPS): number {
  if (!Number.isInteger(value) || (value as number) < 1) fail('maxSteps', value, 'an integer >= 1');
  return value as number;
}

/** timeScale: a finite number from 0 (paused) to {@link MAX_TIME_SCALE}. */
export function checkTimeScale(value: unknown): number {
  if (!Number.isFinite(value) || (value as number) < 0 || (value as number) > MAX_TIME_SCALE) {
    fail('timeScale', value, `a finite number from 0 to ${MAX_TIME_SCALE}`);
  }
  return value as number;
}

/** maxFps: a number > 0; Infinity means "no cap". */
export function checkMaxFps(value: unknown): number {
  if (typeof value !== 'number' || !(value > 0)) {
    fail('maxFps', value, 'a number > 0 (Infinity for no cap)');
  }
  return value;
}

/** True for a scheduler name or an object with `request()` and `cancel()`. */
function isScheduler(value: unknown): boolean {
  if (SCHEDULERS.includes(value as never)) return true;
  const s = value as Scheduler | null;
  return s !== null && typeof s.request === 'function' && typeof s.cancel === 'function';
}

/** The overflow policy: `drop` or `carry`; `undefined` is the default, `drop`. */
export function checkOverflow(value: unknown = 'drop'): OverflowPolicy {
  if (!OVERFLOWS.includes(value as never)) fail('overflow', value, oneOf(OVERFLOWS));
  return value as OverflowPolicy;
}

/** A timeslice timestep must be a whole number of milliseconds (Sanglard's integer time). */
export function checkTimeslice(timestep: number): void {
  if (!Number.isInteger(timestep)) {
    fail('timestep', timestep, 'a whole number of milliseconds in timeslice mode');
  }
}

/**
 * Applies defaults and checks every option once, when the loop is made, so a mistake fails at
 * start-up with a message that names the option and the value instead of misbehaving later.
 * `undefined` means "the default"; any other value, `null` included, must be valid.
 */
export function resolveOptions(options: LoopOptions): ResolvedOptions {
  const { mode = 'fixed', scheduler, pauseWhenHidden } = options;
  if (!MODES.includes(mode)) fail('mode', mode, oneOf(MODES));
  const overflow = checkOverflow(options.overflow);
  // A timeslice timestep must be whole milliseconds: the loop's clock checks that.
  const timestep = checkTimestep(options.timestep);
  if (scheduler !== undefined && !isScheduler(scheduler)) {
    fail('scheduler', scheduler, `${oneOf(SCHEDULERS)} or an object with request() and cancel()`);
  }
  if (pauseWhenHidden !== undefined && typeof pauseWhenHidden !== 'boolean') {
    fail('pauseWhenHidden', pauseWhenHidden, 'true or false');
  }
  for (const hook of ['update', 'render', 'begin', 'end', 'onDrop', 'onError'] as const) {
    if (options[hook] !== undefined) checkFunction(hook, options[hook]);
  }
  return {
    mode,
    timestep,
    maxDelta: checkMaxDelta(options.maxDelta),
    maxSteps: checkMaxSteps(options.maxSteps),
    overflow,
    maxFps: options.maxFps === undefined ? Infinity : checkMaxFps(options.maxFps),
    timeScale: options.timeScale === undefined ? 1 : checkTimeScale(options.timeScale),
  };
}

/**
 * The error both loops throw when `frame()` is called while a frame of the same loop is running
 * (from a hook, directly or through code the hook calls). A nested frame would run the same tick
 * twice and hand render a negative alpha, and unguarded recursion ends in a stack overflow, so
 * it is refused before it touches any state.
 */
export function reentrantFrame(): Error {
  return new Error('loop.frame() called inside its own hook: refused');
}

/** The error `start()` throws after `dispose()`: a disposed loop released what it held. */
export function disposedStart(): Error {
  return new Error('loop.start() after loop.dispose(): make a new loop');
}

/**
 * The error a worker loop's `start()` throws after its simulation failed to start (its setup
 * or its first snapshot threw, and `onError` had that): nothing was set up to step or draw, so
 * starting again would step nothing the page could show.
 */
export function workerFailedStart(): Error {
  return new Error(
    'worker loop start() after its simulation failed to start (see onError): make a new loop',
  );
}
