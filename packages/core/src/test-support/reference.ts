import { Clock } from '../time/clock.js';
import { MAX_STAMP } from '../time/rule.js';

/**
 * What the property tests hold every loop to: the one {@link Clock}, fed the same timestamps
 * (so a loop that owes other time than the clock, freezes, or counts old time twice shows as a
 * difference), and beside it a figure read from the timestamps alone, not from any rule: the
 * span from each baseline to the latest good timestamp after it. The rule itself is checked
 * against its specification by `time/rule.property.test.ts`, as relations between traces
 * rather than a second implementation.
 */
export class Reference {
  /** Timestamps fed since the baseline (good or bad); 0 for the baseline itself or before it. */
  sinceBaseline = 0;
  private readonly clock: Clock;
  /** Units of the spans of the segments before the current one. */
  private spansBefore = 0;
  /** The current segment: its baseline (NaN before it) and its latest good timestamp, in ms. */
  private first = Number.NaN;
  private latest = Number.NaN;
  /** Units let through up to the last call of {@link take}. */
  private taken = 0;

  /** For a loop with this timestep; `timeslice` when it counts whole milliseconds. */
  constructor(
    timestep: number,
    private readonly timeslice: boolean,
  ) {
    // Time let through is measured before the clamp and the time scale: neither matters here.
    this.clock = new Clock({ timestep, timeslice, maxDelta: 1e15 });
  }

  /** Units let through since the reference was made: the loop's clock, which never goes back. */
  get total(): number {
    return this.clock.elapsed;
  }

  /**
   * Sum over the segments between resyncs of (latest good timestamp − the segment's first), in
   * units: no loop may simulate more than this, at a time scale of 1, whatever its rule.
   */
  get spans(): number {
    if (Number.isNaN(this.first)) return this.spansBefore;
    return this.spansBefore + this.units(this.latest - this.first);
  }

  /** Forgets the previous timestamp: the next good one is a baseline. */
  resync(): void {
    this.spansBefore = this.spans;
    this.first = Number.NaN;
    this.sinceBaseline = 0;
    this.clock.resync();
  }

  /** Feeds one timestamp. */
  stamp(t: number): void {
    if (!Number.isNaN(this.first)) this.sinceBaseline++;
    this.clock.advance(t);
    if (!(Math.abs(t) <= MAX_STAMP)) return;
    if (Number.isNaN(this.first)) this.first = this.latest = t;
    else this.latest = Math.max(this.latest, t);
  }

  /** Units let through since the last call, and starts counting again. */
  take(): number {
    const owed = this.total - this.taken;
    this.taken = this.total;
    return owed;
  }

  /** Milliseconds as the loop's units, rounded as its clock rounds them. */
  private units(ms: number): number {
    const clock = this.clock;
    return this.timeslice ? Math.floor(ms) : Math.floor(ms * clock.perMs + 0.5);
  }
}
