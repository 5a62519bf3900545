/// <reference path="../../../templates/rapier/src/rapier-wasm.d.ts" />

import { loadRapier } from 'virtual:rapier-wasm';
import { Poses } from '@loop/rapier';
import { CONTROLS } from '../../../templates/rapier/src/controls';
import { Physics } from '../../../templates/rapier/src/physics';

/**
 * Real poses to blend: the rapier template's own world (its pile of `boxes` boxes and the
 * ball), stepped `steps` times at 60 Hz with no input, its poses read by the template's own
 * `Poses`. Each step's positions (x, y, z per body) and orientations (x, y, z, w) are kept, so
 * the frame benchmarks replay the same motion without paying for Rapier. Rapier's own cost is
 * measured here, apart: the step, and reading every pose back (no bulk call exists).
 */
export interface PoseSequence {
  count: number;
  positions: Float32Array[];
  orientations: Float32Array[];
  /** Mean ms per `world.step()`. */
  stepMs: number;
  /** Mean ms to read every body's pose after a step. */
  readMs: number;
}

/** Steps the template's world of `boxes` boxes `steps` times and keeps every pose. */
export async function recordPoses(boxes: number, steps: number): Promise<PoseSequence> {
  await loadRapier();
  const physics = new Physics(boxes);
  const poses = new Poses(physics.count);
  const controls = new Float64Array(CONTROLS);
  const positions: Float32Array[] = [];
  const orientations: Float32Array[] = [];
  let readMs = 0;
  for (let s = 0; s < steps; s++) {
    physics.step(1 / 60, controls);
    const t = performance.now();
    poses.readAll(physics.bodies);
    readMs += performance.now() - t;
    positions.push(Float32Array.from(poses.positions.current));
    orientations.push(Float32Array.from(poses.orientations.current));
  }
  const stepMs = physics.state.stepMsTotal / steps;
  physics.state.free();
  return { count: physics.count, positions, orientations, stepMs, readMs: readMs / steps };
}
