import { checkKnownOptions } from '../known-options.js'; // development build only
import { show } from '../show.js';

/** Called by a scheduler with the frame's timestamp in milliseconds. */
export type FrameCallback = (now: number) => void;

/**
 * Who calls the loop. Injected rather than hard-wired (MainLoop.js calls rAF itself, so no
 * test can drive it): the browser uses requestAnimationFrame, Node and workers a timer, and
 * tests or servers step the loop by hand with `loop.frame(now)`.
 */
export interface Scheduler {
  /**
   * Calls `callback` once at the next frame. The loop keeps at most one request pending (it
   * cancels before asking again), so a scheduler need not handle two.
   */
  request(callback: FrameCallback): void;
  /**
   * Cancels the pending request, if any: its callback must not run after this. The loop relies
   * on it to stay quiet while stopped or hidden (a late callback runs no hook, but costs a wake-up).
   */
  cancel(): void;
}

/** requestAnimationFrame: one callback per display refresh, paused by the browser when hidden. */
export function rafScheduler(): Scheduler {
  let handle = 0;
  return {
    request(callback) {
      handle = requestAnimationFrame(callback);
    },
    cancel() {
      cancelAnimationFrame(handle);
      handle = 0;
    },
  };
}

/** Options of {@link timerScheduler}. */
export interface TimerSchedulerOptions {
  /** Milliseconds between callbacks. Default 1000/60. */
  interval?: number;
  /** The clock. Default `performance.now`. */
  now?: () => number;
}

/**
 * The timer scheduler's next deadline, in ms: one interval after the previous one, so a timer
 * that fires late does not push the later ones back (its lateness does not add up and the rate
 * holds); with no previous deadline (NaN), or when `now` is already past the next one (a stall),
 * it starts over one interval from now instead of firing a burst.
 */
export function nextDeadline(previous: number, now: number, interval: number): number {
  const next = previous + interval;
  return next >= now ? next : now + interval;
}

/**
 * setTimeout at a steady rate, for Node, workers and servers. Deadlines advance by exactly one
 * interval (`nextDeadline` above), so timer lateness does not slow the rate down; after a
 * stall it starts over rather than firing a burst.
 */
export function timerScheduler(options: TimerSchedulerOptions = {}): Scheduler {
  checkKnownOptions(options, 'timerScheduler'); // development build only
  const interval = options.interval ?? 1000 / 60;
  if (!Number.isFinite(interval) || interval <= 0) {
    throw new RangeError(
      `timerScheduler option interval must be a finite number > 0, got ${show(interval)}`,
    );
  }
  const now = options.now ?? (() => performance.now());
  let handle: ReturnType<typeof setTimeout> | undefined;
  // One callback slot and one timer function for the scheduler's life: nothing per frame.
  let pending: FrameCallback = () => {};
  let next = Number.NaN;
  const fire = () => pending(now());
  return {
    request(callback) {
      clearTimeout(handle);
      pending = callback;
      const t = now();
      next = nextDeadline(next, t, interval);
      // Rounded up: a timer truncates its delay to whole milliseconds, and one that fires a
      // fraction early finds the step not yet due and leaves it to the next wake.
      handle = setTimeout(fire, Math.max(0, Math.ceil(next - t)));
    },
    cancel() {
      clearTimeout(handle);
      next = Number.NaN;
    },
  };
}

/** No scheduler: the loop runs only when you call `loop.frame(now)` (tests, servers, replays). */
export function manualScheduler(): Scheduler {
  return { request() {}, cancel() {} };
}
