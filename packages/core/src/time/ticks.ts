/**
 * Integer time. Simulated time is never summed as `t += dt` in floating point: seed 002 shows
 * that doing so at 60 Hz runs one extra step in ten seconds (and differently at 120 Hz). Real
 * time is instead measured in whole *units* and each fixed step is a whole number of units, so
 * every comparison in the accumulator is exact, and simulated time is `tick × timestep`.
 */

/**
 * Units in one fixed step. A power of two, so `alpha = leftover / UNITS_PER_STEP` is an exact
 * division, and a step of 1/60 s is still cut into ~16 ns units: far below timer resolution.
 */
export const UNITS_PER_STEP = 2 ** 20;

/** A timestamp beyond ±2^53 ms (285 000 years) is no clock reading: it counts as a bad one. */
export const MAX_STAMP = 2 ** 53;

/**
 * How milliseconds map onto integer units for one loop. `fixed` and friends use
 * {@link UNITS_PER_STEP} units per step; `timeslice` uses whole milliseconds (Sanglard).
 */
export interface TimeBase {
  /** Units per millisecond of real time. */
  readonly perMs: number;
  /** Units per fixed step: an integer. */
  readonly perStep: number;
  /** Added before flooring: 0.5 rounds to the nearest unit, 0 floors (whole milliseconds). */
  readonly half: number;
}

/** The time base for a timestep in milliseconds; `integerMs` selects Sanglard's timeslices. */
export function timeBase(timestep: number, integerMs: boolean): TimeBase {
  if (integerMs) return { perMs: 1, perStep: timestep, half: 0 };
  return { perMs: UNITS_PER_STEP / timestep, perStep: UNITS_PER_STEP, half: 0.5 };
}

/**
 * Converts a duration in milliseconds (measured from the loop's origin, so numbers stay small
 * and exact) into whole units. Rounding an absolute time rather than each frame's delta means
 * the rounding error never accumulates: after any number of frames it is under one unit.
 */
export function toUnits(base: TimeBase, ms: number): number {
  return Math.floor(ms * base.perMs + base.half);
}

/** {@link toUnits} for the time base of the fixed modes, `perMs` units a millisecond: rounded. */
export function roundUnits(ms: number, perMs: number): number {
  return Math.floor(ms * perMs + 0.5);
}
