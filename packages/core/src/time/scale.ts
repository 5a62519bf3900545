/**
 * Game speed (time scale): slow motion, fast forward, 0 to pause the simulation while render
 * goes on. Real time is multiplied by it before the accumulator owes it.
 *
 * Scaled time is rounded from the running total since the speed took its value, never frame by
 * frame: rounding each frame's share alone would lose the remainder differently at each frame
 * rate (100 s at a third of real speed would run 2000 steps at 144 Hz but 1999 at 60 Hz), and
 * the same game would no longer give the same results at any frame rate.
 */
export class TimeScale {
  /** The speed in force: 1 is real time. */
  value = 1;
  /** Real units owed since the speed took its value, and the scaled units handed out since. */
  private input = 0;
  private output = 0;

  /** Sets the speed; returns false, changing nothing, for the value in force. */
  set(value: number): boolean {
    if (value === this.value) return false;
    this.value = value;
    this.input = 0;
    this.output = 0;
    return true;
  }

  /** Scales `units` of real time into whole units, rounded from the running total. */
  apply(units: number): number {
    this.input += units;
    const out = Math.round(this.input * this.value);
    const owed = out - this.output;
    this.output = out;
    return owed;
  }
}
