/**
 * The option checks of the production build: none. The package's `production` export condition
 * (set by Vite, webpack and others when they build for production) serves a copy of the build
 * where this module stands in for `checks.ts`: the same functions, which apply the defaults and
 * trust the values, so the messages and rules of the checks cost players nothing. Development
 * builds, Node, and any tool that asks for no condition keep the checks.
 */
import {
  DEFAULT_MAX_DELTA,
  DEFAULT_MAX_STEPS,
  DEFAULT_TIMESTEP,
  type LoopOptions,
  type OverflowPolicy,
  type ResolvedOptions,
} from './options.js';

/** The options object, `{}` for none. */
export function checkOptions<T extends object>(options: T | null | undefined): Partial<T> {
  return options ?? {};
}

/** The hook as given. */
export function checkFunction<T>(_option: string, value: T | undefined): T {
  return value as T;
}

/** The timestep in ms, the default for `undefined`. */
export function checkTimestep(value: unknown = DEFAULT_TIMESTEP): number {
  return value as number;
}

/** maxDelta in ms, the default for `undefined`. */
export function checkMaxDelta(value: unknown = DEFAULT_MAX_DELTA): number {
  return value as number;
}

/** maxSteps, the default for `undefined`. */
export function checkMaxSteps(value: unknown = DEFAULT_MAX_STEPS): number {
  return value as number;
}

/** timeScale as given. */
export function checkTimeScale(value: unknown): number {
  return value as number;
}

/** maxFps as given. */
export function checkMaxFps(value: unknown): number {
  return value as number;
}

/** The overflow policy, `drop` for `undefined`. */
export function checkOverflow(value: unknown = 'drop'): OverflowPolicy {
  return value as OverflowPolicy;
}

/** Nothing: the timeslice timestep is trusted. */
export function checkTimeslice(_timestep: number): void {}

/** The options with the defaults applied. */
export function resolveOptions(options: LoopOptions): ResolvedOptions {
  return {
    mode: options.mode ?? 'fixed',
    timestep: checkTimestep(options.timestep),
    maxDelta: checkMaxDelta(options.maxDelta),
    maxSteps: checkMaxSteps(options.maxSteps),
    overflow: options.overflow ?? 'drop',
    maxFps: options.maxFps ?? Infinity,
    timeScale: options.timeScale ?? 1,
  };
}

/** `frame()` called from a hook of its own loop (short in production; see checks.ts). */
export function reentrantFrame(): Error {
  return new Error('loop.frame() inside its hook');
}

/** `start()` after `dispose()` (short in production; see checks.ts). */
export function disposedStart(): Error {
  return new Error('loop.start() after dispose()');
}

/** A worker loop's `start()` after its simulation failed to start (short; see checks.ts). */
export function workerFailedStart(): Error {
  return new Error('worker loop failed to start');
}
