/**
 * A sliding window of samples for a live plot: one x array (time) and one y array per lane, all
 * preallocated typed arrays, so recording a frame writes numbers and allocates nothing. Until
 * the window is full the arrays fill from the front; then each new sample shifts them left by
 * one (copyWithin), so the data stays in order, as uPlot wants it.
 */
export class Series {
  /** Sample times (s). */
  readonly x: Float64Array;
  /** One array of values per lane. */
  readonly ys: Float64Array[];
  /** Samples held, up to `capacity`. */
  count = 0;
  /** Samples written since the last {@link clear}; lets a view tell when to redraw. */
  version = 0;

  constructor(
    readonly capacity: number,
    lanes: number,
  ) {
    this.x = new Float64Array(capacity);
    this.ys = [];
    for (let i = 0; i < lanes; i++) this.ys.push(new Float64Array(capacity));
  }

  /**
   * Starts a sample at time `x` and returns the index where each lane writes its value
   * (`ys[lane][index] = value`).
   */
  advance(x: number): number {
    this.version++;
    if (this.count < this.capacity) {
      this.x[this.count] = x;
      return this.count++;
    }
    const last = this.capacity - 1;
    this.x.copyWithin(0, 1);
    const { ys } = this;
    for (let i = 0; i < ys.length; i++) ys[i]!.copyWithin(0, 1);
    this.x[last] = x;
    return last;
  }

  /** Forgets every sample. */
  clear(): void {
    this.count = 0;
    this.version = 0;
  }
}
