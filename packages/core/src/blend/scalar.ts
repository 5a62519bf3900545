/**
 * Scalar blending: the `currentState * alpha + previousState * (1 - alpha)` of Fix Your
 * Timestep, for one number, an angle, or a far-seer guess. Pure functions, no allocation.
 */

/**
 * Linear interpolation from `a` (t = 0) to `b` (t = 1): `a × (1 − t) + b × t`, exact at both
 * ends with no special case, and the same formula as `lerpVec2`, `lerpVec3` and `lerpArray`, so
 * one value blended alone or in a batch gives the same bits.
 */
export function lerp(a: number, b: number, t: number): number {
  return a * (1 - t) + b * t;
}

const TAU = Math.PI * 2;

/**
 * Interpolates angles in radians along the shorter way round, so a heading that wraps from
 * 359° to 1° turns 2° instead of spinning back through 180°. An exact half turn goes the way
 * `b - a` says: from 0 to π it turns up to π, from 0 to −π down to −π.
 */
export function lerpAngle(a: number, b: number, t: number): number {
  let d = (b - a) % TAU;
  // An exact half turn is as short either way: it goes the way b - a says, and ends on b itself.
  if (d > Math.PI) d -= TAU;
  if (d < -Math.PI) d += TAU;
  return a + d * t;
}

/**
 * Extrapolation ("far seers", Nystrom, the Canonical Game Loop): draws an object where it will
 * be `lag` seconds after its last step, at its current velocity. No visual delay, but a guess
 * that the next step may correct.
 */
export function extrapolate(position: number, velocity: number, lag: number): number {
  return position + velocity * lag;
}
