import type { Scheduler } from '../run/scheduler.js';

/** The scheduler of a worker's loop, {@link stepTimer}: a timer that can be set again. */
export interface StepTimer extends Scheduler {
  /**
   * Sets the pending timer again from `dueAt()` (after a change of time scale moved the next
   * step); does nothing when none is pending (stopped, or set after the frame that runs now).
   */
  rearm(): void;
}

/**
 * The scheduler of a loop in a worker, which has no `requestAnimationFrame`: a timer that wakes
 * when the loop's next step is due (`dueAt()`, a `performance.now()` time the loop works out
 * from its leftover time and time scale), so each wake runs one step as soon as it can and a
 * snapshot follows every step. Never early: a timer truncates its delay to whole milliseconds,
 * and a wake a fraction of a millisecond early would find no step due and leave it to the next
 * wake, a whole step later, which is latency the page would see.
 *
 * A loop asks for its next frame before it runs the current one, so the timer is set a
 * microtask later, once the frame has run and `dueAt()` reads its outcome.
 */
export function stepTimer(dueAt: () => number): StepTimer {
  let handle: ReturnType<typeof setTimeout> | undefined;
  // Stryker disable next-line BooleanLiteral: request() sets it before any arm can read it
  let armed = false;
  // One callback slot and three functions for the scheduler's life: nothing per step.
  let pending: (now: number) => void = () => {};
  const fire = () => {
    handle = undefined;
    pending(performance.now());
  };
  const set = () => {
    handle = setTimeout(fire, Math.max(0, Math.ceil(dueAt() - performance.now())));
  };
  const arm = () => {
    if (!armed) return; // cancelled in the frame
    armed = false;
    set();
  };
  return {
    request(callback) {
      clearTimeout(handle);
      handle = undefined;
      pending = callback;
      armed = true;
      queueMicrotask(arm); // a second request before it runs finds it armed once
    },
    cancel() {
      armed = false;
      clearTimeout(handle);
      handle = undefined;
    },
    rearm() {
      if (handle === undefined) return;
      clearTimeout(handle);
      set();
    },
  };
}
