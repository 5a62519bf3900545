/** The delay never exceeds this: past a second, a game is better told the network is bad. */
export const MAX_DELAY_MS = 1000;
/** How fast the delay in force may change: 10 % of real time, so drawn time runs at 0.9–1.1×. */
export const DELAY_RATE = 0.1;
/** Jitters of margin: the delay covers four mean deviations of the arrival times. */
export const JITTER_MARGIN = 4;

/**
 * The interpolation delay, adapted to the network: how far behind the estimated server time
 * the page draws others, so the snapshot after the render time has almost always arrived.
 * It starts at two snapshot intervals (one to blend across, one to ride out a late packet)
 * and grows with the measured jitter and loss:
 *
 *     target = 2 × interval + 4 × jitter + interval × (packets lost in a row, at most 3)
 *
 * where jitter is RFC 3550's interarrival jitter (the smoothed mean deviation of transit
 * times, `J += (|D| − J) / 16`) and a lost run is seen from the gap in snapshot times. A burst
 * raises the target at once; it falls back as the jitter settles and the run is forgotten
 * (after 10 s without loss). The delay in force follows the target at {@link DELAY_RATE}, so
 * the render time keeps moving forward, just slower or faster, never jumping.
 */
export class InterpolationDelay {
  /** The delay in force, in ms: render time = estimated server time − current. */
  current: number;
  /** Where the delay is heading. */
  target: number;
  /** RFC 3550 interarrival jitter, in ms. */
  jitter = 0;
  /** Snapshots received, and snapshots missing from the gaps between them. */
  received = 0;
  lost = 0;
  #run = 0;
  #runAt = 0;
  #lastTransit = Number.NaN;
  #lastTime = Number.NaN;

  /** `interval`: ms between two snapshots, as the server sends them (1000 / snapshot rate). */
  constructor(readonly interval: number) {
    if (!(interval > 0))
      throw new RangeError(`snapshot interval must be above 0 ms, got ${interval}`);
    this.current = this.target = 2 * interval;
  }

  /**
   * A snapshot of server time `time` arrived when the estimated server time was `arrival`
   * (both ms; the local receive time works as well, as only differences count).
   */
  arrived(time: number, arrival: number): void {
    this.received++;
    const transit = arrival - time;
    if (!Number.isNaN(this.#lastTransit)) {
      this.jitter += (Math.abs(transit - this.#lastTransit) - this.jitter) / 16;
    }
    this.#lastTransit = transit;
    if (!Number.isNaN(this.#lastTime)) {
      // Integer snapshot schedules (25 Hz alternates 2 and 3 ticks) give gaps under 1.5 intervals.
      const missing = Math.max(0, Math.round((time - this.#lastTime) / this.interval) - 1);
      this.lost += missing;
      if (missing > 0) {
        this.#run = Math.max(this.#run, Math.min(3, missing));
        this.#runAt = arrival;
      }
    }
    this.#lastTime = time;
    if (arrival - this.#runAt > 10_000) this.#run = 0;
    const wanted = (2 + this.#run) * this.interval + JITTER_MARGIN * this.jitter;
    this.target = Math.min(MAX_DELAY_MS, wanted);
  }

  /** Moves the delay in force toward the target by at most {@link DELAY_RATE} × `elapsed` ms. */
  advance(elapsed: number): number {
    const step = Math.max(0, elapsed) * DELAY_RATE;
    const off = this.target - this.current;
    this.current += Math.max(-step, Math.min(step, off));
    return this.current;
  }
}
