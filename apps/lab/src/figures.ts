/**
 * The figures a lane reports, kept as running sums so a frame adds one number and reading
 * them allocates nothing.
 */

/**
 * Displayed-motion error, as packages/bench measures it: for two rendered frames in a row,
 * how far the drawn body moved minus how far the simulated time between them should have
 * moved it. It measures stutter (a frame that shows too little or too much motion), not the
 * constant latency of interpolation, which shows instead as an offset from the ghost.
 */
export function motionError(drawnStep: number, speed: number, simulatedSeconds: number): number {
  return drawnStep - speed * simulatedSeconds;
}

/** RMS and worst of a stream of errors, in the units of the errors. */
export class ErrorFigures {
  /** Errors added so far. */
  count = 0;
  /** Largest absolute error so far. */
  worst = 0;
  private sumSquares = 0;

  /** Adds one error. */
  add(error: number): void {
    this.count++;
    this.sumSquares += error * error;
    const size = Math.abs(error);
    // Stryker disable next-line EqualityOperator: at an equal size the assignment changes nothing (the <= sibling is killed)
    if (size > this.worst) this.worst = size;
  }

  /** Root mean square of the errors; 0 before the first. */
  get rms(): number {
    return this.count > 0 ? Math.sqrt(this.sumSquares / this.count) : 0;
  }
}

/**
 * Whole steps real time has called for: elapsed real time (ms) times the time scale, in
 * timesteps. A loop that runs fewer dropped time (its stall guards); one that runs more
 * (the naive fixed step on a fast display) is running the game too fast.
 */
export function stepsOwed(elapsedMs: number, timeScale: number, timestep: number): number {
  return Math.floor((elapsedMs * timeScale) / timestep + 1e-9);
}

/**
 * Rendered frames per second over a span: `frames` renders, the first at 0 and the last
 * `spanMs` later, make `frames - 1` frame times. 0 until there are two.
 */
export function achievedFps(frames: number, spanMs: number): number {
  // Stryker disable next-line EqualityOperator: one frame makes (1 − 1) × 1000 / span, 0 as well (the frames <= 1 and both spanMs siblings are killed)
  return frames > 1 && spanMs > 0 ? ((frames - 1) * 1000) / spanMs : 0;
}
