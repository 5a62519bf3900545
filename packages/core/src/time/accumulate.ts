/** The accumulator's state, in integer units (see ticks.ts): what {@link accumulate} advances. */
export interface Accumulation {
  /** Fixed steps run so far. */
  tick: number;
  /** Simulated units so far: `tick × perStep`. */
  simUnits: number;
  /** Units owed to the simulation: the leftover after the updates. */
  overstep: number;
  /** Updates run in this frame (reset by the caller each frame). */
  steps: number;
  /** Units dropped by the `maxSteps` guard in this frame (reset by the caller each frame). */
  dropped: number;
}

/**
 * The fixed-step accumulator of "Fix Your Timestep" ("free the physics"): run one `step` for
 * each whole timestep owed, at most `maxSteps` in this frame (the seeds' maxFrameSkip), and
 * with `drop` throw away the whole steps still owed after that, keeping the phase so alpha stays
 * continuous. Shared by every loop that steps at a fixed rate.
 */
export function accumulate(
  state: Accumulation,
  perStep: number,
  maxSteps: number,
  drop: boolean,
  step: () => void,
): void {
  while (state.overstep >= perStep && state.steps < maxSteps) {
    step();
    state.tick++;
    state.simUnits += perStep;
    state.overstep -= perStep;
    state.steps++;
  }
  if (drop && state.overstep >= perStep) {
    const rest = state.overstep % perStep;
    state.dropped = state.overstep - rest;
    state.overstep = rest;
  }
}

/**
 * alpha = leftover / timestep, in [0, 1) even when whole steps are still owed (then just below
 * 1: the newest state), so interpolation never overshoots after a spiral-of-death guard.
 */
export function alphaOf(overstep: number, perStep: number): number {
  return overstep < perStep ? overstep / perStep : (perStep - 1) / perStep;
}
