import { lerpArray, slerpArray } from '@loop/core';
import type { Fields, Snapshot } from '@loop/core/worker';
import type { DrawnPoses } from './drawn-poses.js';
import type { Poses } from './poses.js';

/** What worker mode's snapshots hold: every body's position and orientation. */
export type PoseLayout = {
  readonly positions: number;
  readonly orientations: number;
};

/**
 * The snapshot layout of worker mode (`@loop/core/worker`), derived from the bodies: 3 numbers
 * of position and 4 of orientation per body, published after every step. Give it the body count
 * or what holds the bodies (a {@link WorldState}, {@link Poses}): both ends of the worker then
 * agree on it from the world itself rather than from a number written twice.
 */
export function poseLayout(bodies: number | { readonly count: number }): PoseLayout {
  const count = typeof bodies === 'number' ? bodies : bodies?.count;
  if (!Number.isInteger(count) || count < 1) {
    throw new RangeError(`poseLayout bodies must be an integer >= 1, got ${String(count)}`);
  }
  return { positions: 3 * count, orientations: 4 * count };
}

/**
 * The worker's `write`: the poses before the step into `prev` and after it into `curr`, so the
 * page blends the very arrays a main-thread game blends (a body that jumped has equal halves).
 */
export function writePoses(poses: Poses, prev: Fields<PoseLayout>, curr: Fields<PoseLayout>): void {
  prev.positions.set(poses.positions.previous);
  prev.orientations.set(poses.orientations.previous);
  curr.positions.set(poses.positions.current);
  curr.orientations.set(poses.orientations.current);
}

/**
 * The page's blend of a worker's snapshot into `out` at `alpha`: the batch lerp and slerp of
 * `@loop/core`, as {@link Poses.blend} does on the main thread. Allocates nothing.
 */
export function blendSnapshot(
  out: DrawnPoses,
  snapshot: Snapshot<PoseLayout>,
  alpha: number,
): void {
  const { prev, curr } = snapshot;
  lerpArray(out.drawnPositions, prev.positions, curr.positions, alpha);
  slerpArray(out.drawnOrientations, prev.orientations, curr.orientations, alpha);
}
