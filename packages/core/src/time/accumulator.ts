import { type TimeBase, toUnits } from './ticks.js';

/**
 * The fixed-step accumulator of "Fix Your Timestep" ("free the physics") in integer units (see
 * ticks.ts), with its two guards: real time in through {@link Accumulator.add}, fixed steps out
 * through {@link Accumulator.due} and {@link Accumulator.step}. Shared by every loop here, so the
 * same frames always give the same ticks.
 *
 * The browser's clock is trusted only as far as it behaves: a timestamp that is NaN or
 * infinite, or that goes backwards, is a zero-length frame and never reaches the accumulator; a
 * frame longer than `maxDelta` is clamped (Gaffer's 250 ms) so a stall is not replayed as a
 * burst of catch-up steps; and at most `maxSteps` steps run in one frame (the seeds'
 * maxFrameSkip), the whole steps still owed after that being dropped or carried.
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
  /** Game speed: real time is multiplied by it before it is owed; 0 owes nothing. */
  timeScale = 1;
  readonly perStep: number;
  readonly perMs: number;
  readonly half: number;
  /** Real time of the first frame since the last resync, in ms; NaN until then. */
  private origin = Number.NaN;
  /** Units from origin to the last accepted frame. */
  private last = 0;
  /** `maxDelta` in units: the most one frame may owe. */
  private readonly clamp: number;

  /**
   * `drop` throws away the whole steps still owed after `maxSteps` updates (the game slows
   * down instead of spiralling, keeping the phase so alpha stays continuous); otherwise they are
   * carried over to the next frames.
   */
  constructor(
    base: TimeBase,
    maxDelta: number,
    readonly maxSteps: number,
    private readonly drop: boolean,
  ) {
    // Copied, not referenced: the frame path reads only this object's own fields.
    this.perStep = base.perStep;
    this.perMs = base.perMs;
    this.half = base.half;
    this.clamp = Math.max(1, toUnits(this, maxDelta));
  }

  /**
   * Forgets the previous timestamp, so the next frame owes nothing: on start, on resume and
   * when a hidden page shows again.
   */
  resync(): void {
    this.origin = Number.NaN;
  }

  /**
   * Starts a frame at `now` ms: owes the real time since the previous one, sanitized, clamped
   * and scaled, and returns it in units (0 for the first frame after a resync or a bad
   * timestamp). Times are measured from the origin and rounded as a whole, so the rounding
   * error never accumulates: after any number of frames it is under one unit.
   */
  add(now: number): number {
    const u = toUnits(this, now - this.origin);
    const d = u - this.last;
    // One test for the usual frame; NaN (no origin yet, a bad timestamp) fails it too. The
    // rest is off the hot path, which stays small enough for V8 to inline into a loop's frame.
    if (d > 0 && d <= this.clamp && this.timeScale === 1) {
      this.last = u;
      this.overstep += d;
      return d;
    }
    return this.addUnusual(now, u, d);
  }

  /**
   * The frames {@link add} does not expect: the first, a bad timestamp, a clock going
   * backwards, one longer than `maxDelta`, or a time scale other than 1.
   */
  private addUnusual(now: number, u: number, d: number): number {
    if (!Number.isFinite(now)) return 0;
    if (Number.isNaN(this.origin)) {
      this.origin = now;
      this.last = 0;
      return 0;
    }
    // An overflowing clock is ignored.
    if (!Number.isFinite(u)) return 0;
    this.last = u;
    // A clock that went backwards starts a new baseline instead of freezing the game.
    if (d <= 0) return 0;
    if (d > this.clamp) {
      this.clamped += d - this.clamp;
      d = this.clamp;
    }
    const scaled = this.timeScale === 1 ? d : Math.round(d * this.timeScale);
    this.overstep += scaled;
    return scaled;
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
