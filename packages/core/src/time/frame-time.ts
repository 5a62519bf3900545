import { type TimeBase, toUnits } from './ticks.js';

/**
 * Turns raw timestamps into safe frame times in integer units. The browser's clock is trusted
 * only as far as it behaves: a timestamp that is NaN or infinite, or that goes backwards, is a
 * zero-length frame and never reaches the accumulator, and a frame longer than `maxDelta` is
 * clamped (Gaffer's 250 ms) so a stall is not replayed as a burst of catch-up steps.
 */
export class FrameClock {
  /** Real time of the first frame since the last resync, in ms; NaN until then. */
  private origin = Number.NaN;
  /** Units from origin to the last accepted frame. */
  private last = 0;
  /** Clamp in units. */
  private readonly maxDeltaUnits: number;
  /** Units cut off by the clamp in the last frame. */
  clamped = 0;

  constructor(
    private readonly base: TimeBase,
    maxDelta: number,
  ) {
    this.maxDeltaUnits = Math.max(1, toUnits(base, maxDelta));
  }

  /**
   * Forgets the previous timestamp, so the next frame advances nothing: used on start, on
   * resume and when a hidden page shows again.
   */
  resync(): void {
    this.origin = Number.NaN;
  }

  /** Units of real time since the previous frame, sanitized and clamped; 0 for a bad one. */
  delta(now: number): number {
    this.clamped = 0;
    if (!Number.isFinite(now)) return 0;
    if (Number.isNaN(this.origin)) {
      this.origin = now;
      this.last = 0;
      return 0;
    }
    const u = toUnits(this.base, now - this.origin);
    if (!Number.isFinite(u)) return 0;
    if (u <= this.last) {
      // A clock that went backwards starts a new baseline instead of freezing the game.
      this.last = u;
      return 0;
    }
    let d = u - this.last;
    this.last = u;
    if (d > this.maxDeltaUnits) {
      this.clamped = d - this.maxDeltaUnits;
      d = this.maxDeltaUnits;
    }
    return d;
  }
}
