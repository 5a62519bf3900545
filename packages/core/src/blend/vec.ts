/**
 * Vector blending in gl-matrix style: the output comes first and is returned, so a caller can
 * reuse one scratch vector per frame and never allocate. Vectors are any indexable numbers:
 * plain arrays, typed arrays, or three.js `Vector3.toArray` buffers.
 */

/** A writable vector of numbers. */
export type Vec = { [index: number]: number; readonly length: number };
/** A readable vector of numbers. */
export type ReadonlyVec = { readonly [index: number]: number; readonly length: number };

/**
 * out = a × (1 − t) + b × t for 2D vectors. Written as two products, it is exact at t = 0 and
 * t = 1 with no special case (a + (b − a) × t is not: −0.1 + (0.2 + 0.1) is 0.20000000000000004).
 */
export function lerpVec2<T extends Vec>(out: T, a: ReadonlyVec, b: ReadonlyVec, t: number): T {
  const s = 1 - t;
  out[0] = a[0]! * s + b[0]! * t;
  out[1] = a[1]! * s + b[1]! * t;
  return out;
}

/** out = a × (1 − t) + b × t for 3D vectors; exact at t = 0 and t = 1 (see {@link lerpVec2}). */
export function lerpVec3<T extends Vec>(out: T, a: ReadonlyVec, b: ReadonlyVec, t: number): T {
  const s = 1 - t;
  out[0] = a[0]! * s + b[0]! * t;
  out[1] = a[1]! * s + b[1]! * t;
  out[2] = a[2]! * s + b[2]! * t;
  return out;
}

/** out = position + velocity * lag, in 3D: extrapolation ("far seers") for a vector. */
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
