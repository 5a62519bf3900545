/**
 * Blended poses ready to draw, positions x, y, z and orientations x, y, z, w per body: what
 * {@link Poses} writes on the main thread, and what a page blends from a worker's snapshots
 * ({@link blendSnapshot}). What `@loop/rapier/three` draws from, in either mode.
 */
export interface DrawnPoses {
  readonly count: number;
  readonly drawnPositions: Float32Array;
  readonly drawnOrientations: Float32Array;
}

/** Drawn arrays of `count` bodies, for a page whose poses come from a worker. */
export function drawnPoses(count: number): DrawnPoses {
  if (!Number.isInteger(count) || count < 1) {
    throw new RangeError(`drawnPoses count must be an integer >= 1, got ${count}`);
  }
  const drawnOrientations = new Float32Array(4 * count);
  for (let i = 3; i < drawnOrientations.length; i += 4) drawnOrientations[i] = 1;
  return { count, drawnPositions: new Float32Array(3 * count), drawnOrientations };
}
