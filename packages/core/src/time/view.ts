import type { LoopState } from '../options.js';
import { alpha, type ClockState, lag, time } from './rule.js';

/**
 * The figures of a clock as a loop's hooks see them ({@link LoopState}), read live from its
 * state: one definition for `createLoop`'s loop object and the replay driver, so a replayed
 * update sees exactly what the live one saw.
 */
export function clockView(c: ClockState): LoopState {
  return {
    get tick() {
      return c.tick;
    },
    get time() {
      return time(c);
    },
    get alpha() {
      return alpha(c);
    },
    get lag() {
      return lag(c);
    },
    dt: c.dt,
    get now() {
      return c.now;
    },
  };
}
