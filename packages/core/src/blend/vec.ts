/**
 * Vector blending in gl-matrix style: the output comes first and is returned, so a caller can
 * reuse one scratch vector per frame and never allocate. For a few objects blended one by one
 * (a camera, a player, a UI marker); many bodies go faster through `Interpolated` or
 * `lerpArray`, which use the same formula. Vectors are any indexable numbers:
 * plain arrays, typed arrays, or three.js `Vector3.toArray` buffers.
 */

/** A writable vector of numbers. */
export type Vec = { [index: number]: number; readonly length: number };
/** A readable vector of numbers. */
export type ReadonlyVec = { readonly [index: number]: number; readonly length: number };

/**
 * out = a × (1 − t) + b × t for 2D vectors. Written as two products, it is exact at t = 0 and
 * t = 1 with no special case (a + (b − a) × t is not: −0.1 + (0.2 + 0.1) is 0.20000000000000004).
 * For per-object blending in gl-matrix style: a game that keeps each object's previous and
 * current position as small vectors of its own, rather than in one `Interpolated` array.
 */
export function lerpVec2<T extends Vec>(out: T, a: ReadonlyVec, b: ReadonlyVec, t: number): T {
  const s = 1 - t;
  out[0] = a[0]! * s + b[0]! * t;
  out[1] = a[1]! * s + b[1]! * t;
  return out;
}

/**
 * out = a × (1 − t) + b × t for 3D vectors; exact at t = 0 and t = 1 (see {@link lerpVec2}). For
 * per-object blending in gl-matrix style, one object's previous and current position at a time.
 */
export function lerpVec3<T extends Vec>(out: T, a: ReadonlyVec, b: ReadonlyVec, t: number): T {
  const s = 1 - t;
  out[0] = a[0]! * s + b[0]! * t;
  out[1] = a[1]! * s + b[1]! * t;
  out[2] = a[2]! * s + b[2]! * t;
  return out;
}

/**
 * out = position + velocity * lag, in 3D: extrapolation ("far seers") for a vector. For a game
 * that draws ahead of the last step instead of between the last two (no previous state to
 * keep, at the cost of overshoot when velocity changes), with `loop.lag` as the lag.
 */
export function extrapolateVec3<T extends Vec>(
  out: T,
  position: ReadonlyVec,
  velocity: ReadonlyVec,
  lag: number,
): T {
  out[0] = position[0]! + velocity[0]! * lag;
  out[1] = position[1]! + velocity[1]! * lag;
  out[2] = position[2]! + velocity[2]! * lag;
  return out;
}
