import type { Scheduler } from '../run/scheduler.js';

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
export function stepTimer(dueAt: () => number): Scheduler {
  let handle: ReturnType<typeof setTimeout> | undefined;
  // Stryker disable next-line BooleanLiteral: request() sets it before any arm can read it
  let armed = false;
  // One callback slot and two functions for the scheduler's life: nothing per step.
  let pending: (now: number) => void = () => {};
  const fire = () => pending(performance.now());
  const arm = () => {
    if (!armed) return; // cancelled in the frame
    armed = false;
    handle = setTimeout(fire, Math.max(0, Math.ceil(dueAt() - performance.now())));
  };
  return {
    request(callback) {
      clearTimeout(handle);
      pending = callback;
      armed = true;
      queueMicrotask(arm); // a second request before it runs finds it armed once
    },
    cancel() {
      armed = false;
      clearTimeout(handle);
    },
  };
}
