import type { ReadonlyVec, Vec } from './vec.js';

/**
 * Quaternion blending for orientations, stored [x, y, z, w] as in three.js and gl-matrix.
 * Follows three.js `Quaternion.slerpFlat`: exact at t = 0 and 1, the shortest path (a negative
 * dot flips one end, since q and -q are the same rotation; a dot of exactly 0 keeps b as given),
 * a normalized lerp when the two are nearly parallel (where slerp's sin(θ) division loses
 * precision), and a normalized result.
 * The `Flat` forms read and write at offsets inside big arrays, for many entities at once.
 */

/**
 * Below this angle's cosine distance, slerp and nlerp differ by less than float precision: from
 * this dot up, the threshold included, slerp is the normalized lerp to the bit.
 */
const NEARLY_PARALLEL = 1 - 1e-6;

/** The dot product of the quaternions at `a[ao..]` and `b[bo..]`: the cosine of half their angle. */
export function dotAt(a: ReadonlyVec, ao: number, b: ReadonlyVec, bo: number): number {
  return (
    a[ao]! * b[bo]! + a[ao + 1]! * b[bo + 1]! + a[ao + 2]! * b[bo + 2]! + a[ao + 3]! * b[bo + 3]!
  );
}

/**
 * Writes the normalized blend `a × s + b × u` of two quaternions at offsets: the last step of
 * slerp, nlerp and the batch slerp, which differ only in how they pick the weights.
 */
export function blendAt(
  out: Vec,
  o: number,
  a: ReadonlyVec,
  ao: number,
  b: ReadonlyVec,
  bo: number,
  s: number,
  u: number,
): void {
  const x = a[ao]! * s + b[bo]! * u;
  const y = a[ao + 1]! * s + b[bo + 1]! * u;
  const z = a[ao + 2]! * s + b[bo + 2]! * u;
  const w = a[ao + 3]! * s + b[bo + 3]! * u;
  const len = Math.sqrt(x * x + y * y + z * z + w * w);
  const inv = len > 0 ? 1 / len : 0;
  out[o] = x * inv;
  out[o + 1] = y * inv;
  out[o + 2] = z * inv;
  out[o + 3] = w * inv;
}

/**
 * Copies `a` for t = 0 and `b` for t = 1, exactly, and returns true; false for any other t.
 * Exact ends mean an interpolated state at alpha 0 is the previous state to the bit.
 */
function copyEnd(
  out: Vec,
  o: number,
  a: ReadonlyVec,
  ao: number,
  b: ReadonlyVec,
  bo: number,
  t: number,
): boolean {
  if (t !== 0 && t !== 1) return false;
  const from = t === 0 ? a : b;
  const at = t === 0 ? ao : bo;
  out[o] = from[at]!;
  out[o + 1] = from[at + 1]!;
  out[o + 2] = from[at + 2]!;
  out[o + 3] = from[at + 3]!;
  return true;
}

/**
 * Spherical linear interpolation between the quaternions at `a[ao..ao+3]` and `b[bo..bo+3]`,
 * written to `out[o..o+3]`: constant angular speed, the shortest way round. For orientations
 * kept in one flat array of your own (an animation track, a physics engine's pose buffer),
 * blended one body at a time without a copy, as three.js's `Quaternion.slerpFlat` does.
 */
export function slerpFlat(
  out: Vec,
  o: number,
  a: ReadonlyVec,
  ao: number,
  b: ReadonlyVec,
  bo: number,
  t: number,
): void {
  if (copyEnd(out, o, a, ao, b, bo, t)) return;
  let cos = dotAt(a, ao, b, bo);
  // At cos = 0 (a half turn, a quarter turn either way) b's side, as nlerp and slerpArray take it.
  const dir = cos >= 0 ? 1 : -1;
  // Stryker disable next-line AssignmentOperator: dir is ±1, and x ÷ ±1 is x × ±1 to the bit, so `/=` gives the same cos for every input
  cos *= dir;
  let s = 1 - t;
  let u = t;
  // At the threshold itself the normalized lerp, to the bit.
  if (cos < NEARLY_PARALLEL) {
    const sin = Math.sqrt(1 - cos * cos);
    const angle = Math.atan2(sin, cos);
    s = Math.sin(s * angle) / sin;
    u = Math.sin(u * angle) / sin;
  }
  // Stryker disable next-line ArithmeticOperator: dir is ±1, and u ÷ ±1 is u × ±1 to the bit, so `u / dir` gives the same weight for every input
  blendAt(out, o, a, ao, b, bo, s, u * dir);
}

/**
 * Normalized linear interpolation at offsets: cheaper than slerp, same path, slightly uneven
 * speed. Good enough when the two orientations are one small step apart (as in interpolation).
 * Why a game would use it over {@link slerpFlat}: no trigonometry, so many bodies blended every
 * frame cost less, and between two fixed steps the angle is small enough that the uneven speed
 * cannot be seen.
 */
export function nlerpFlat(
  out: Vec,
  o: number,
  a: ReadonlyVec,
  ao: number,
  b: ReadonlyVec,
  bo: number,
  t: number,
): void {
  if (copyEnd(out, o, a, ao, b, bo, t)) return;
  blendAt(out, o, a, ao, b, bo, 1 - t, dotAt(a, ao, b, bo) >= 0 ? t : -t);
}

/**
 * out = slerp(a, b, t) for one quaternion [x, y, z, w]; returns out. For a few objects blended
 * one by one (a camera, a player); many bodies go faster through `Interpolated` or `slerpArray`.
 */
export function slerp<T extends Vec>(out: T, a: ReadonlyVec, b: ReadonlyVec, t: number): T {
  slerpFlat(out, 0, a, 0, b, 0, t);
  return out;
}

/**
 * out = nlerp(a, b, t) for one quaternion [x, y, z, w]; returns out. Cheaper than
 * {@link slerp} (no trigonometry) and as good for the small angle between two fixed steps.
 */
export function nlerp<T extends Vec>(out: T, a: ReadonlyVec, b: ReadonlyVec, t: number): T {
  nlerpFlat(out, 0, a, 0, b, 0, t);
  return out;
}
