import type { TimeScale } from './scale.js';
import { MAX_STAMP, type TimeBase, toUnits } from './ticks.js';

/**
 * The fixed-step accumulator of "Fix Your Timestep" ("free the physics") in integer units (see
 * ticks.ts), with its two guards: real time in through {@link Accumulator.add}, fixed steps out
 * through {@link Accumulator.due} and {@link Accumulator.step}. Shared by every loop here, so the
 * same frames always give the same ticks.
 *
 * The rule for time: a timestamp that is not finite, or not later than the previous one, is a
 * zero-length frame; a later one owes at most the time since the previous timestamp and, when
 * it is later than every earlier one, at most the time since the latest of them. So a stamp
 * that glitches back and returns to the old timeline adds no time, and a clock that really
 * jumped back goes on from its new value at once, neither adding time nor freezing. Then a
 * frame longer than `maxDelta` is clamped (Gaffer's 250 ms), time is scaled, and at most
 * `maxSteps` steps run in one frame (the seeds' maxFrameSkip).
 *
 * The caller runs the update itself, so the hot path is one flat loop with no callback:
 *
 *     acc.add(now);
 *     for (let n = 0; acc.due(n); n++) { update(dt); acc.step(); }
 *     render(acc.alpha);
 *
 * Every field is a number updated in place: nothing here allocates.
 */
export class Accumulator implements TimeBase {
  /** Updates run so far: fixed steps, or in the other modes updates of any length. */
  tick = 0;
  /** Units owed to the simulation: the leftover after the updates. */
  overstep = 0;
  /**
   * Units dropped by the `maxSteps` guard. Added up, never cleared here: a loop that reports
   * drops reads it after a frame and sets it back to 0 (rare, so the hot path never writes it).
   */
  dropped = 0;
  /** Units of real time cut off by the `maxDelta` clamp; added up and cleared like {@link dropped}. */
  clamped = 0;

  /** The last good timestamp in ms (a step back included); 0 before the first. */
  now = 0;
  readonly perStep: number;
  readonly perMs: number;
  readonly half: number;
  /** Timestamp of the first good frame since the last resync, in ms; NaN until then. */
  private origin = Number.NaN;
  /** Units from origin to the latest timestamp. */
  private high = 0;
  /** `elapsed − high`: constant on the fast branch, so that branch need not count elapsed. */
  private offset = 0;
  /** Units from origin to the previous timestamp: below `high` only after the clock went back. */
  private last = 0;
  /** True while `last` is below `high`. */
  // Stryker disable next-line BooleanLiteral: set by the baseline frame before anything reads it
  private behind = false;
  /** True when {@link add} may take its fast branch: scale 1, on the latest stamp, nothing held. */
  // Stryker disable next-line BooleanLiteral: no frame can take the fast branch before the baseline (the origin is NaN)
  private plain = false;
  /** Whole steps set aside by a resync, owed again from the frame after the baseline. */
  private held = 0;
  /** `maxDelta` in units: the most one frame may owe. */
  private readonly clamp: number;

  /**
   * `drop` throws away the whole steps still owed after `maxSteps` updates (the game slows
   * down instead of spiralling, keeping the phase so alpha stays continuous); otherwise they are
   * carried over to the next frames. `keepPhase` (the fixed modes) keeps the leftover below one
   * step across a resync, so alpha does not jump; the other modes set all of it aside. `speed`,
   * if given, scales the time owed (call {@link refresh} after changing it).
   */
  constructor(
    base: TimeBase,
    maxDelta: number,
    readonly maxSteps: number,
    private readonly drop: boolean,
    private readonly keepPhase = true,
    private readonly speed: TimeScale | null = null,
  ) {
    // Copied, not referenced: the frame path reads only this object's own fields.
    this.perStep = base.perStep;
    this.perMs = base.perMs;
    this.half = base.half;
    this.clamp = Math.max(1, toUnits(base, maxDelta));
  }

  /**
   * Real time the rule let through since the loop was made, in units, before the clamp and the
   * time scale: a clock that never goes back, for frame statistics and the FPS cap.
   */
  get elapsed(): number {
    return this.offset + this.high;
  }

  /**
   * Forgets the previous timestamp, so the next good frame is a baseline that owes nothing and
   * runs no step: on start, on resume and when a hidden page shows again. The whole steps still
   * owed (carried, or those of an update that threw) are set aside when that frame comes and
   * owed again from the frame after it, so nothing is lost and nothing bursts.
   */
  resync(): void {
    this.origin = Number.NaN;
    // Stryker disable next-line BooleanLiteral: with the origin NaN no frame can take the fast branch anyway; this only says so
    this.plain = false;
  }

  /**
   * Starts a frame at `now` ms: owes the real time the rule allows since the previous one,
   * clamped and scaled, and returns the real time it let through, in units (0 for a baseline or
   * a zero-length frame). Times are measured from the origin and rounded as a whole, so the
   * rounding error never accumulates: after any number of frames it is under one unit.
   */
  add(now: number): number {
    const u = toUnits(this, now - this.origin);
    const d = u - this.high;
    // One test for the usual frame: a later stamp, on the timeline, no longer than maxDelta.
    // NaN fails it too. The rest is off the hot path, which stays small enough for V8 to
    // inline into a loop's frame.
    // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: the fast branch of add() only saves work: the cold branch owes exactly the same for any frame it lets through (d = 0, d = clamp)
    if (d > 0 && d <= this.clamp && this.plain) {
      this.high = u;
      this.now = now;
      this.overstep += d;
      return d;
    }
    return this.addUnusual(now, u);
  }

  /**
   * The frames {@link add} does not expect: a baseline, a bad timestamp, a clock going back or
   * coming back, one longer than `maxDelta`, a time scale other than 1, steps to give back.
   */
  private addUnusual(now: number, u: number): number {
    if (Number.isNaN(this.origin)) return this.baseline(now);
    this.overstep += this.held;
    this.held = 0;
    if (!(Math.abs(now) <= MAX_STAMP)) {
      this.refresh();
      return 0;
    }
    if (!this.behind) this.last = this.high;
    const elapsed = this.offset + this.high;
    let d = 0;
    if (u >= this.high) {
      // On the timeline: in the latest stamp's unit or past it, owe only what is past it.
      d = u - this.high;
      this.high = u;
    } else {
      // Stryker disable next-line EqualityOperator: u = last owes u - last = 0 either way
      if (u > this.last) d = u - this.last;
    }
    this.last = u;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a wrong true only keeps frames off the fast branch; the fast branch of add() only saves work: the cold branch owes exactly the same for any frame it lets through
    this.behind = u < this.high;
    this.now = now;
    this.offset = elapsed + d - this.high;
    this.refresh();
    // Stryker disable next-line ConditionalExpression: a shortcut; owing 0 through the rest adds 0 everywhere
    if (d === 0) return 0;
    let owed = d;
    // Stryker disable next-line EqualityOperator: owed = clamp cuts 0
    if (owed > this.clamp) {
      this.clamped += owed - this.clamp;
      owed = this.clamp;
    }
    // Stryker disable next-line ConditionalExpression: a scale of 1 applies as the identity
    if (this.speed !== null && this.speed.value !== 1) owed = this.speed.apply(owed);
    this.overstep += owed;
    return d;
  }

  /** A frame with no baseline yet: sets owed steps aside, and takes `now` as the origin if good. */
  private baseline(now: number): number {
    const aside = this.keepPhase ? this.overstep - (this.overstep % this.perStep) : this.overstep;
    this.held += aside;
    this.overstep -= aside;
    if (Math.abs(now) <= MAX_STAMP) {
      this.offset += this.high;
      this.origin = now;
      this.now = now;
      this.high = 0;
      this.last = 0;
      // Stryker disable next-line BooleanLiteral: a wrong true only keeps frames off the fast branch, and last = high here
      this.behind = false;
      this.refresh();
    }
    return 0;
  }

  /** Works out whether the fast branch applies; call after the time scale changed. */
  // Stryker disable next-line BlockStatement: the fast branch of add() only saves work: the cold branch owes exactly the same for any frame it lets through; plain then stays false
  refresh(): void {
    this.plain =
      // Stryker disable next-line ConditionalExpression: a false here only keeps frames off the fast branch
      !this.behind &&
      this.held === 0 &&
      // Stryker disable next-line BooleanLiteral: the fast branch needs an origin anyway (else d is NaN)
      !Number.isNaN(this.origin) &&
      // Stryker disable next-line ConditionalExpression: a false here only keeps frames off the fast branch
      (this.speed === null || this.speed.value === 1);
  }

  /**
   * True while a whole step is owed and `steps`, the updates run so far in this frame, is
   * under `maxSteps`. When the cap stops it, the whole steps still owed are dropped (with
   * `drop`) before it answers false.
   */
  due(steps: number): boolean {
    if (this.overstep < this.perStep) return false;
    return steps < this.maxSteps || this.overflow();
  }

  /** `maxSteps` ran with whole steps still owed: drops them (with `drop`) or carries them. */
  private overflow(): false {
    if (this.drop) {
      const rest = this.overstep % this.perStep;
      this.dropped += this.overstep - rest;
      this.overstep = rest;
    }
    return false;
  }

  /** Counts one fixed step, after its update ran. */
  step(): void {
    this.tick++;
    this.overstep -= this.perStep;
  }

  /**
   * alpha = leftover / timestep, in [0, 1) even when whole steps are still owed (then just
   * below 1: the newest state), so interpolation never overshoots after the cap.
   */
  get alpha(): number {
    const { overstep, perStep } = this;
    return overstep < perStep ? overstep / perStep : (perStep - 1) / perStep;
  }
}
