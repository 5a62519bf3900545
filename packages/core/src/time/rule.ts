import {
  checkMaxDelta,
  checkMaxSteps,
  checkOverflow,
  checkTimeslice,
  checkTimestep,
} from '../checks.js';
import type { ClockOptions } from './clock.js';

/**
 * The rule for time, written once: the fixed-step accumulator of "Fix Your Timestep!" (Glenn
 * Fiedler) in integer units, with the `maxDelta` clamp, the `maxSteps` cap and its overflow
 * policy, the time scale and alpha, as functions over one plain object of state. The
 * {@link Clock} class is its public face, with the state private; createBasicLoop calls the
 * functions it needs directly, so a bundle that does not use the time scale or the other
 * modes does not carry them (the smallest loop stays smaller than MainLoop.js).
 *
 * Why functions over a plain object: V8 keeps the numbers of an object's fields unboxed and
 * inlines these small functions into a loop's frame path (a closure variable would box each
 * large number written: an allocation a frame), and nothing here allocates.
 *
 * The rule: a timestamp that is not finite (or beyond ±2^53 ms), or not later than the previous
 * one, is a zero-length frame; a later one owes at most the time since the previous timestamp
 * and, when it is later than every earlier one, at most the time since the latest of them. So
 * a stamp that glitches back and returns adds no time, and a clock that really jumped back goes
 * on from its new value at once, neither adding time nor freezing. Then a frame longer than
 * `maxDelta` is clamped, time is scaled, and at most `maxSteps` steps run in one frame.
 */

/**
 * Units in one fixed step: real time is counted in whole units and simulated time is
 * `tick × timestep`, never summed as `t += dt` (which, "The Game Loop" by Gilles Bellot shows,
 * runs an extra step in ten seconds at 60 Hz). A power of two, so `alpha = leftover /
 * UNITS_PER_STEP` is an exact division, and a step of 1/60 s is still cut into ~16 ns units:
 * far below timer resolution.
 */
export const UNITS_PER_STEP = 2 ** 20;

/** A timestamp beyond ±2^53 ms (285 000 years) is no clock reading: it counts as a bad one. */
export const MAX_STAMP = 2 ** 53;

/**
 * The state of one clock. Times are in units measured from the origin; the last six fields
 * are fixed by the options.
 */
export interface ClockState {
  /** Units owed to the simulation and not yet stepped: the leftover (overstep). */
  owed: number;
  /** Whole fixed steps of simulated time. */
  tick: number;
  /** Simulated units past `tick × perStep`: non-zero only after updates of other lengths. */
  part: number;
  /** Updates run in the current frame. */
  steps: number;
  /** The last good timestamp in ms. */
  now: number;
  /** The timestamp of the baseline (the first good frame since the last resync); NaN until then. */
  origin: number;
  /** The latest time seen, and the previous frame's (below `high` after the clock stepped back). */
  high: number;
  last: number;
  /** Real time let through since the clock was made (never goes back). */
  elapsed: number;
  /** Units set aside by a resync, owed again from the frame after the baseline. */
  held: number;
  /** Units of simulated time dropped by `maxSteps` (policy `drop`). */
  dropped: number;
  /** The time scale, and the real and scaled units owed since it took its value. */
  scale: number;
  scaledIn: number;
  scaledOut: number;
  /**
   * Adds the real units a frame lets through to what is owed: as they are at a scale of 1,
   * scaled otherwise ({@link setScale} picks it, so a loop that never scales time does not
   * carry the scaling).
   */
  owe: (c: ClockState, units: number) => void;
  /** The timestep in seconds; units per step and per ms; 0.5 to round (0 to floor:
   * timeslices); maxDelta in units. */
  readonly dt: number;
  readonly perStep: number;
  readonly perMs: number;
  readonly half: number;
  readonly clamp: number;
  readonly maxSteps: number;
  /** The overflow policy is `drop`. */
  readonly drop: boolean;
}

/**
 * A new state: no time owed, no baseline yet, at a time scale of 1 (`options.timeScale` is for
 * {@link setScale}). Checks every option (a RangeError names the option and the value) and
 * applies the defaults.
 */
export function clockState(options: ClockOptions): ClockState {
  const timestep = checkTimestep(options.timestep);
  const timeslice = options.timeslice === true;
  if (timeslice) checkTimeslice(timestep);
  const perMs = timeslice ? 1 : UNITS_PER_STEP / timestep;
  const half = timeslice ? 0 : 0.5;
  return {
    owed: 0,
    tick: 0,
    part: 0,
    steps: 0,
    now: 0,
    origin: Number.NaN,
    high: 0,
    last: 0,
    elapsed: 0,
    held: 0,
    dropped: 0,
    scale: 1,
    scaledIn: 0,
    scaledOut: 0,
    owe: oweAsIs,
    dt: timestep / 1000,
    perStep: timeslice ? timestep : UNITS_PER_STEP,
    perMs,
    half,
    clamp: Math.max(1, Math.floor(checkMaxDelta(options.maxDelta) * perMs + half)),
    maxSteps: checkMaxSteps(options.maxSteps),
    drop: checkOverflow(options.overflow) === 'drop',
  };
}

/**
 * Starts a frame at `now` ms: owes the real time the rule allows since the previous one,
 * clamped and scaled, and returns the real time it let through, in units (0 for a baseline or
 * a zero-length frame). Times are measured from the origin and rounded as a whole, so the
 * rounding error never accumulates.
 */
export function advance(c: ClockState, now: number): number {
  c.steps = 0;
  const u = Math.floor((now - c.origin) * c.perMs + c.half);
  const d = u - c.high;
  // One test for the usual frame: a later stamp (past the latest, so off a glitch back too),
  // within maxDelta, no later than MAX_STAMP, at a scale of 1 with nothing held (NaN, before a
  // baseline, fails it too). The rest is off the hot path. The fast branch only saves work:
  // unusual() owes exactly the same for any frame it takes, so a change that sends fewer
  // frames its way changes nothing; nor does one that adds d = 0 (owed nothing either way).
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: equivalent are `false` for the whole or any part, an empty branch, `d < c.clamp` and `now < MAX_STAMP` (fewer frames this way) and `d >= 0` (adds d = 0); `true` for the whole or any part, `d <= 0`, `d > c.clamp`, `now > MAX_STAMP`, `c.held !== 0` and `c.scale !== 1` send other frames this way (the clock's tests kill them)
  if (d > 0 && d <= c.clamp && now <= MAX_STAMP && c.held === 0 && c.scale === 1) {
    c.high = c.last = u;
    c.now = now;
    c.owed += d;
    c.elapsed += d;
    return d;
  }
  return unusual(c, now, u);
}

/** Every frame the fast branch of {@link advance} does not take. */
function unusual(c: ClockState, now: number, u: number): number {
  const good = Math.abs(now) <= MAX_STAMP;
  let d = 0;
  if (Number.isNaN(c.origin)) {
    // A baseline: owes nothing (what was owed was set aside by resync).
    if (good) {
      c.origin = c.now = now;
      c.high = c.last = 0;
    }
  } else {
    c.owed += c.held;
    c.held = 0;
    if (good) {
      // At or past the latest stamp, owe what is past it; behind it (the clock stepped back),
      // what is past the previous stamp, if anything.
      const high = c.high;
      d = Math.max(0, u - (u < high ? c.last : high));
      c.high = Math.max(u, high);
      c.last = u;
      c.now = now;
      c.elapsed += d;
      // A frame longer than maxDelta owes maxDelta (the caller sees the cut: d > clamp).
      c.owe(c, Math.min(d, c.clamp));
    }
  }
  return d;
}

/** At a scale of 1: real units are owed as they are. */
function oweAsIs(c: ClockState, units: number): void {
  c.owed += units;
}

/**
 * Real units into scaled ones, rounded from the running total since the scale took its value,
 * never frame by frame, so the same game gives the same steps at any frame rate.
 */
function oweScaled(c: ClockState, units: number): void {
  c.scaledIn += units;
  const out = Math.round(c.scaledIn * c.scale);
  c.owed += out - c.scaledOut;
  c.scaledOut = out;
}

/** Sets the time scale; the running totals start again. */
export function setScale(c: ClockState, value: number): void {
  if (value === c.scale) return;
  c.scale = value;
  c.scaledIn = c.scaledOut = 0;
  // Scaling at 1 owes the units as they are, exactly: once scaled, always through it.
  c.owe = oweScaled;
}

/**
 * True while a whole step is owed and fewer than `maxSteps` updates ran in this frame. When the
 * cap stops it, the whole steps still owed are dropped (policy `drop`) or carried.
 */
export function due(c: ClockState): boolean {
  return c.owed >= c.perStep && (c.steps < c.maxSteps || overflow(c));
}

/** `maxSteps` ran with whole steps still owed: drops them (policy `drop`) or carries them. */
function overflow(c: ClockState): false {
  if (c.drop) {
    const rest = c.owed % c.perStep;
    c.dropped += c.owed - rest;
    c.owed = rest;
  }
  return false;
}

/** Counts one fixed step, after its update ran. */
export function step(c: ClockState): void {
  c.tick++;
  c.steps++;
  c.owed -= c.perStep;
}

/** Simulated seconds: `tick × dt` (never summed, so it cannot drift) plus any part step. */
export function time(c: ClockState): number {
  return c.part ? (c.tick * c.perStep + c.part) / c.perMs / 1000 : c.tick * c.dt;
}

/** The leftover in seconds: how far real time is ahead of the last step (extrapolation). */
export function lag(c: ClockState): number {
  return c.owed / c.perMs / 1000;
}

/** alpha = leftover / timestep, in [0, 1) even while whole steps are still owed. */
export function alpha(c: ClockState): number {
  return Math.min(c.owed, c.perStep - 1) / c.perStep;
}

/**
 * Forgets the previous timestamp, so the next good frame is a baseline that owes nothing, and
 * sets the whole steps owed aside (`all`: all that is owed), owed again from the frame after the
 * baseline: nothing lost, nothing bursting.
 */
export function resync(c: ClockState, all: boolean): void {
  c.origin = Number.NaN;
  const aside = all ? c.owed : c.owed - (c.owed % c.perStep);
  c.held += aside;
  c.owed -= aside;
}

/**
 * Takes `owed` units from what is owed and counts `simulated` units of simulated time; a
 * non-zero `simulated` counts one update (the modes whose updates are not whole steps).
 */
export function spend(c: ClockState, owed: number, simulated: number): void {
  c.owed -= owed;
  if (!simulated) return;
  const part = c.part + simulated;
  const whole = Math.floor(part / c.perStep);
  c.tick += whole;
  c.part = part - whole * c.perStep;
  c.steps++;
}

/** Drops all that is owed, as `maxSteps` does, when the policy is `drop` (semi-fixed). */
export function drop(c: ClockState): void {
  if (!c.drop) return;
  c.dropped += c.owed;
  c.owed = 0;
}
