import type { ResolvedClock } from '../options.js';

/**
 * The rule for time, written once: the fixed-step accumulator of "Fix Your Timestep!" (Glenn
 * Fiedler) in integer units, with the `maxDelta` clamp, the `maxSteps` cap and its overflow
 * policy, the time scale and alpha, as functions over one Float64Array of state. The
 * {@link Clock} class is its public face, with the state private; createBasicLoop calls the
 * functions it needs directly, so a bundle that does not use the time scale or the other
 * modes does not carry them (the smallest loop stays smaller than MainLoop.js).
 *
 * Why one Float64Array: V8 keeps its numbers unboxed (a closure variable boxes each large
 * number written, an allocation a frame), a minifier makes `c[3]` as short as a variable (it
 * keeps property names whole), and nothing here allocates.
 *
 * The rule: a timestamp that is not finite (or beyond ±2^53 ms), or not later than the previous
 * one, is a zero-length frame; a later one owes at most the time since the previous timestamp
 * and, when it is later than every earlier one, at most the time since the latest of them. So
 * a stamp that glitches back and returns adds no time, and a clock that really jumped back goes
 * on from its new value at once, neither adding time nor freezing. Then a frame longer than
 * `maxDelta` is clamped, time is scaled, and at most `maxSteps` steps run in one frame.
 */

/**
 * Units in one fixed step. A power of two, so `alpha = leftover / UNITS_PER_STEP` is an exact
 * division, and a step of 1/60 s is still cut into ~16 ns units: far below timer resolution.
 */
export const UNITS_PER_STEP = 2 ** 20;

/** A timestamp beyond ±2^53 ms (285 000 years) is no clock reading: it counts as a bad one. */
export const MAX_STAMP = 2 ** 53;

// This module imports nothing at run time: a bundler (esbuild) then inlines the slot numbers
// below, which keeps the smallest loop small.

// Slots of the state. Times are in units measured from the origin.
/** Units owed to the simulation and not yet stepped: the leftover (overstep). */
export const OWED = 0;
/** Whole fixed steps of simulated time. */
export const TICK = 1;
/** Simulated units past `tick × perStep`: non-zero only after updates of other lengths. */
export const PART = 2;
/** Updates run in the current frame. */
export const STEPS = 3;
/** The last good timestamp in ms. */
export const NOW = 4;
/** The timestamp of the baseline (the first good frame since the last resync); NaN until then. */
const ORIGIN = 5;
/** The latest time seen. */
const HIGH = 6;
/** The previous frame's time: below HIGH after the clock stepped back. */
const LAST = 7;
/** Real time let through since the clock was made (never goes back). */
export const ELAPSED = 8;
/** Units set aside by a resync, owed again from the frame after the baseline. */
const HELD = 9;
/** Units of simulated time dropped by `maxSteps` (policy `drop`) since the clock was made. */
export const DROPPED = 10;
/** The time scale, and the real and scaled units owed since it took its value. */
export const SCALE = 11;
const SCALED_IN = 12;
const SCALED_OUT = 13;
/** 1: at the next baseline set aside all that is owed, not only whole steps (see resync). */
const ALL = 14;
/** Units of real time cut by the `maxDelta` clamp since the clock was made. */
export const CLAMPED = 21;
// What the options fix: units per step and per ms, 0.5 to round (0 to floor, timeslices),
// maxDelta in units, maxSteps, and 1 for the overflow policy `drop`.
export const PER_STEP = 15;
export const PER_MS = 16;
const HALF = 17;
export const CLAMP = 18;
export const MAX_STEPS = 19;
const DROP = 20;

/** A new state for resolved options: no time owed, no baseline yet. */
export function clockState(options: ResolvedClock): Float64Array {
  const { timestep, timeslice } = options;
  const c = new Float64Array(22);
  c[PER_STEP] = timeslice ? timestep : UNITS_PER_STEP;
  c[PER_MS] = timeslice ? 1 : UNITS_PER_STEP / timestep;
  c[HALF] = timeslice ? 0 : 0.5;
  c[CLAMP] = Math.max(1, Math.floor(options.maxDelta * c[PER_MS] + c[HALF]));
  c[MAX_STEPS] = options.maxSteps;
  c[DROP] = options.overflow === 'drop' ? 1 : 0;
  c[SCALE] = options.timeScale;
  c[ORIGIN] = Number.NaN;
  return c;
}

/**
 * Starts a frame at `now` ms: owes the real time the rule allows since the previous one,
 * clamped and scaled, and returns the real time it let through, in units (0 for a baseline or
 * a zero-length frame). Times are measured from the origin and rounded as a whole, so the
 * rounding error never accumulates.
 */
export function advance(c: Float64Array, now: number): number {
  c[STEPS] = 0;
  const good = Math.abs(now) <= MAX_STAMP;
  let d = 0;
  if (Number.isNaN(c[ORIGIN])) {
    // A baseline: owes nothing; whole steps owed (or all, see resync) are set aside.
    const aside = c[ALL] ? c[OWED]! : c[OWED]! - (c[OWED]! % c[PER_STEP]!);
    c[HELD]! += aside;
    c[OWED]! -= aside;
    if (good) {
      c[ORIGIN] = c[NOW] = now;
      c[HIGH] = c[LAST] = 0;
    }
  } else {
    c[OWED]! += c[HELD]!;
    c[HELD] = 0;
    if (good) {
      // At or past the latest stamp, owe what is past it; behind it (the clock stepped back),
      // what is past the previous stamp, if anything.
      const u = Math.floor((now - c[ORIGIN]!) * c[PER_MS]! + c[HALF]!);
      const high = c[HIGH]!;
      d = Math.max(0, u - (u < high ? c[LAST]! : high));
      c[HIGH] = Math.max(u, high);
      c[LAST] = u;
      c[NOW] = now;
      c[ELAPSED]! += d;
      const owed = Math.min(d, c[CLAMP]!);
      c[CLAMPED]! += d - owed;
      c[OWED]! += scaled(c, owed);
    }
  }
  return d;
}

/**
 * Real units into scaled ones, rounded from the running total since the scale took its value,
 * never frame by frame, so the same game gives the same steps at any frame rate. At a scale of
 * 1 the units pass through exactly (whole numbers, far below 2^53).
 */
function scaled(c: Float64Array, units: number): number {
  c[SCALED_IN]! += units;
  const out = Math.round(c[SCALED_IN]! * c[SCALE]!);
  const owed = out - c[SCALED_OUT]!;
  c[SCALED_OUT] = out;
  return owed;
}

/** Sets the time scale; the running totals start again. */
export function setScale(c: Float64Array, value: number): void {
  if (value === c[SCALE]) return;
  c[SCALE] = value;
  c[SCALED_IN] = c[SCALED_OUT] = 0;
}

/**
 * True while a whole step is owed and fewer than `maxSteps` updates ran in this frame. When the
 * cap stops it, the whole steps still owed are dropped (policy `drop`) or carried.
 */
export function due(c: Float64Array): boolean {
  return c[OWED]! >= c[PER_STEP]! && (c[STEPS]! < c[MAX_STEPS]! || overflow(c));
}

/** `maxSteps` ran with whole steps still owed: drops them (policy `drop`) or carries them. */
function overflow(c: Float64Array): false {
  if (c[DROP]) {
    const rest = c[OWED]! % c[PER_STEP]!;
    c[DROPPED]! += c[OWED]! - rest;
    c[OWED] = rest;
  }
  return false;
}

/** Counts one fixed step, after its update ran. */
export function step(c: Float64Array): void {
  c[TICK]!++;
  c[STEPS]!++;
  c[OWED]! -= c[PER_STEP]!;
}

/** alpha = leftover / timestep, in [0, 1) even while whole steps are still owed. */
export function alpha(c: Float64Array): number {
  return Math.min(c[OWED]!, c[PER_STEP]! - 1) / c[PER_STEP]!;
}

/**
 * Forgets the previous timestamp, so the next good frame is a baseline that owes nothing; whole
 * steps owed are set aside then (`all`: all that is owed).
 */
export function resync(c: Float64Array, all: boolean): void {
  c[ORIGIN] = Number.NaN;
  c[ALL] = all ? 1 : 0;
}

/**
 * Takes `owed` units from what is owed and counts `simulated` units of simulated time; a
 * non-zero `simulated` counts one update (the modes whose updates are not whole steps).
 */
export function spend(c: Float64Array, owed: number, simulated: number): void {
  c[OWED]! -= owed;
  if (!simulated) return;
  const part = c[PART]! + simulated;
  const whole = Math.floor(part / c[PER_STEP]!);
  c[TICK]! += whole;
  c[PART] = part - whole * c[PER_STEP]!;
  c[STEPS]!++;
}

/** Drops all that is owed, as `maxSteps` does, when the policy is `drop` (semi-fixed). */
export function drop(c: Float64Array): void {
  if (!c[DROP]) return;
  c[DROPPED]! += c[OWED]!;
  c[OWED] = 0;
}
