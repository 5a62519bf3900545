import type { Game } from './game';

/** What the overlay shows of the physics in either mode. */
export interface PhysicsFigures {
  bodies: number;
  awake: number;
  /**
   * The most bodies faster than 1 m/s in one step since the last reading: what the eye sees
   * move (a settling pile's millimetres are awake but still). A test reads it to know the
   * physics is on show.
   */
  moving: number;
  /** Rapier's time per step in ms, averaged since the last reading. */
  stepMs: number;
  keyframeMs: number;
  keyframeBytes: number;
}

/**
 * Reads the physics figures of `game` (Rapier's step time averaged since the last call: one
 * step's time jumps around; kept as it was when no step ran since) into `out`.
 */
export function physicsFigures(game: Game): (out: PhysicsFigures) => PhysicsFigures {
  let stepsBefore = 0;
  let msBefore = 0;
  return (out) => {
    const steps = game.steps - stepsBefore;
    if (steps > 0) out.stepMs = (game.physics.stepMsTotal - msBefore) / steps;
    stepsBefore = game.steps;
    msBefore = game.physics.stepMsTotal;
    out.bodies = game.physics.count;
    out.awake = game.poses.active;
    out.moving = game.movingPeak;
    game.movingPeak = 0;
    out.keyframeMs = game.replays.keyframeMs;
    out.keyframeBytes = game.replays.keyframeBytes;
    return out;
  };
}
