/**
 * Ticks per second of real time, measured between two readings (the overlay's refreshes): the
 * figure a "busy page" shows best: on the main thread a blocked page drops or
 * bursts steps and this falls below the step rate; in worker mode it stays at the step rate.
 */
export class TickRate {
  private tick = 0;
  private time = Number.NaN;
  /** The latest figure; 0 until two readings. */
  perSecond = 0;

  /** Takes a reading: the tick now and the time now (ms). Returns the rate since the last one. */
  read(tick: number, now: number): number {
    if (now > this.time) this.perSecond = ((tick - this.tick) * 1000) / (now - this.time);
    this.tick = tick;
    this.time = now;
    return this.perSecond;
  }
}
