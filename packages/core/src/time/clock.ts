import { checkTimeScale } from '../checks.js';
import { checkKnownOptions } from '../known-options.js'; // development build only
import type { OverflowPolicy } from '../options.js';
import * as rule from './rule.js';

/** Options of a {@link Clock}; times in milliseconds, like `performance.now()`. */
export interface ClockOptions {
  /** The fixed step. Default 1000/60 (the package README says why 60 and not Bevy's 64). */
  timestep?: number;
  /** Clamp on one frame's real time, the spiral-of-death guard. Default 250 (Fiedler's). */
  maxDelta?: number;
  /** Cap on updates in one frame (maxFrameSkip in the tutorials). Default 10. */
  maxSteps?: number;
  /** What happens to whole steps still owed after `maxSteps`: `drop` (default) or `carry`. */
  overflow?: OverflowPolicy;
  /** Game speed: 0 pauses, 0.5 is slow motion, 2 fast forward. Default 1. */
  timeScale?: number;
  /**
   * Integer timeslices (Fabien Sanglard on the Quake engines): timestamps floored to whole
   * milliseconds and a whole-millisecond timestep, so every quantity is a small integer.
   */
  timeslice?: boolean;
}

/**
 * The one owner of time, shared by every loop here (createLoop in all its modes,
 * createBasicLoop, the replay driver) and by loops you build yourself (a worker, a server): the
 * fixed-step accumulator of "Fix Your Timestep!" (Glenn Fiedler) in integer units, with the
 * rule for time (written once, in rule.ts), the `maxDelta` clamp, the `maxSteps` cap and its overflow policy, the time
 * scale, drops and alpha. Its state is private; real time goes in through {@link advance} and
 * comes out as fixed steps through {@link due} and {@link step}:
 *
 *     clock.advance(now);
 *     while (clock.due()) { update(clock.dt); clock.step(); }
 *     render(clock.alpha);
 *
 * Why integers: summing `t += dt` in floating point drifts (at 60 Hz it runs an extra step in
 * ten seconds), so real time is counted in whole units, 2^20 (`UNITS_PER_STEP`) a step (whole
 * milliseconds for timeslices), measured from an origin and rounded as a whole; every
 * comparison is exact and simulated time is `tick × timestep`, the same at any frame rate.
 *
 * The rule for time: a timestamp that is not finite (or beyond ±2^53 ms), or not later than
 * the previous one, is a zero-length frame; a later one owes at most the time since the
 * previous timestamp and, when it is later than every earlier one, at most the time since the
 * latest of them. So a stamp that glitches back and returns adds no time, and a clock that
 * really jumped back goes on from its new value at once, neither adding time nor freezing.
 *
 * Modes whose updates are not whole steps (semi-fixed, variable, naive) are strategies over
 * {@link owed}, {@link spend} and {@link drop}. Nothing here allocates.
 */
export class Clock {
  /** The timestep in seconds: the `dt` every fixed step simulates. */
  readonly dt: number;
  /** The cap on updates in one frame. */
  readonly maxSteps: number;
  /** Units in one fixed step: an integer (2^20, or the timeslice's milliseconds). */
  readonly perStep: number;
  /** Units in one millisecond of real time. */
  readonly perMs: number;
  readonly #c: rule.ClockState;
  /** Units of real time cut by the `maxDelta` clamp so far. */
  #clamped = 0;

  /** Checks every option (a RangeError names the option and the value) and applies defaults. */
  constructor(options?: ClockOptions) {
    const given = options ?? {};
    checkKnownOptions(given, 'Clock'); // development build only
    const c = rule.clockState(given);
    if (given.timeScale !== undefined) rule.setScale(c, checkTimeScale(given.timeScale));
    this.#c = c;
    this.dt = c.dt;
    this.maxSteps = c.maxSteps;
    this.perStep = c.perStep;
    this.perMs = c.perMs;
  }

  /** Fixed steps of simulated time so far: `time / timestep`, rounded down. */
  get tick(): number {
    return this.#c.tick;
  }

  /** Simulated seconds: `tick × dt` (never summed, so it cannot drift) plus any part step. */
  get time(): number {
    return rule.time(this.#c);
  }

  /**
   * alpha = leftover / timestep, in [0, 1) even while whole steps are still owed (then just
   * below 1: the newest state), so interpolation never overshoots after the cap.
   */
  get alpha(): number {
    return rule.alpha(this.#c);
  }

  /** The leftover in seconds: how far real time is ahead of the last step (extrapolation). */
  get lag(): number {
    return rule.lag(this.#c);
  }

  /** The last good timestamp, in ms; 0 before the first. */
  get now(): number {
    return this.#c.now;
  }

  /** Units owed to the simulation and not yet stepped (for step strategies). */
  get owed(): number {
    return this.#c.owed;
  }

  /** Updates run in the current frame: counted by {@link step} and {@link spend}. */
  get steps(): number {
    return this.#c.steps;
  }

  /**
   * Real time let through since the clock was made, in units, before the clamp and the time
   * scale: a clock that never goes back, for frame statistics and the FPS cap.
   */
  get elapsed(): number {
    return this.#c.elapsed;
  }

  /**
   * Units of real time cut by the `maxDelta` clamp since the clock was made: a loop that reports
   * drops compares it with the figure it saw last.
   */
  get clamped(): number {
    return this.#clamped;
  }

  /**
   * Units of simulated time dropped by the `maxSteps` guard since the clock was made (policy
   * `drop`): a loop that reports drops compares it with the figure it saw last.
   */
  get dropped(): number {
    return this.#c.dropped;
  }

  /**
   * Game speed: 0 pauses the simulation, 0.5 is slow motion, 2 fast forward. Scaled time is
   * rounded from the running total since the speed took its value, never frame by frame, so
   * the same game gives the same steps at any frame rate.
   */
  get timeScale(): number {
    return this.#c.scale;
  }

  /** Sets the game speed (checked: a finite number from 0 to 1000); the value in force changes nothing. */
  set timeScale(value: number) {
    rule.setScale(this.#c, checkTimeScale(value));
  }

  /**
   * Forgets the previous timestamp, so the next good frame is a baseline that owes nothing and
   * runs no step: on start, on resume and when a hidden page shows again. Whole steps still
   * owed are set aside then and owed again from the frame after it, so nothing is lost and
   * nothing bursts; the leftover below one step stays, so alpha does not jump. `all` sets all
   * of it aside (for modes whose leftover is no phase).
   */
  resync(all = false): void {
    rule.resync(this.#c, all);
  }

  /**
   * Starts a frame at `now` ms: owes the real time the rule allows since the previous one,
   * clamped and scaled, and returns the real time it let through, in units (0 for a baseline
   * or a zero-length frame).
   */
  advance(now: number): number {
    const c = this.#c;
    const passed = rule.advance(c, now);
    this.#clamped += Math.max(0, passed - c.clamp);
    return passed;
  }

  /**
   * True while a whole step is owed and fewer than `maxSteps` updates ran in this frame. When
   * the cap stops it, the whole steps still owed are dropped (policy `drop`) or carried.
   */
  due(): boolean {
    return rule.due(this.#c);
  }

  /** Counts one fixed step, after its update ran. */
  step(): void {
    rule.step(this.#c);
  }

  /**
   * For modes whose updates are not whole steps: takes `owed` units from what is owed and
   * counts `simulated` units of simulated time; a non-zero `simulated` counts one update.
   */
  spend(owed: number, simulated: number): void {
    rule.spend(this.#c, owed, simulated);
  }

  /**
   * Drops all that is owed, counted as dropped by the `maxSteps` guard, when the overflow policy
   * is `drop` (the semi-fixed step after its pieces); with `carry` it stays owed.
   */
  drop(): void {
    rule.drop(this.#c);
  }
}
