/**
 * The rule for time, written from its specification (README, "Time") as an oracle for property
 * tests: a timestamp that is not finite (or beyond ±2^53 ms), or not later than the previous
 * one, is a zero-length frame; a later one owes at most the time since the previous timestamp
 * and, when it is later than every earlier one, at most the time since the latest of them.
 * After a resync the next good timestamp is a baseline that owes nothing.
 *
 * It counts in the loop's integer units (`perMs` per millisecond, rounded to nearest, or
 * floored for timeslices) measured from the baseline, so its sums are exact and comparable with
 * `tick × UNITS_PER_STEP` without any tolerance.
 */
export class ClockModel {
  /** Units let through since the model was made: the loop's clock, which never goes back. */
  total = 0;
  /** Sum over resync segments of the latest timestamp's units past the baseline. */
  spans = 0;
  /** Timestamps fed since the baseline (good or bad); 0 for the baseline itself or before it. */
  sinceBaseline = 0;
  /** Units let through since the last call of {@link take}. */
  private pending = 0;
  private origin = Number.NaN;
  private prev = 0;
  private high = 0;
  private spanBefore = 0;

  constructor(
    private readonly perMs: number,
    private readonly half: number,
  ) {}

  /** Forgets the previous timestamp: the next good one is a baseline. */
  resync(): void {
    this.spanBefore = this.spans;
    this.origin = Number.NaN;
    this.sinceBaseline = 0;
  }

  /** Feeds one timestamp; returns the units it lets through. */
  stamp(t: number): number {
    if (!Number.isNaN(this.origin)) this.sinceBaseline++;
    if (!(Math.abs(t) <= 2 ** 53)) return 0;
    if (Number.isNaN(this.origin)) {
      this.origin = t;
      this.prev = 0;
      this.high = 0;
      return 0;
    }
    const u = Math.floor((t - this.origin) * this.perMs + this.half);
    let owed = 0;
    if (u >= this.high) {
      owed = u - this.high;
      this.high = u;
      this.spans = this.spanBefore + u;
    } else if (u > this.prev) {
      owed = u - this.prev;
    }
    this.prev = u;
    this.total += owed;
    this.pending += owed;
    return owed;
  }

  /** Units let through since the last call, and starts counting again. */
  take(): number {
    const p = this.pending;
    this.pending = 0;
    return p;
  }
}
