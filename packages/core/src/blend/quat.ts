import type { ReadonlyVec, Vec } from './vec.js';

/**
 * Quaternion blending for orientations, stored [x, y, z, w] as in three.js and gl-matrix.
 * Follows three.js `Quaternion.slerpFlat`: exact at t = 0 and 1, the shortest path (a negative
 * dot flips one end, since q and -q are the same rotation), a normalized lerp when the two are
 * nearly parallel (where slerp's sin(θ) division loses precision), and a normalized result.
 * The `Flat` forms read and write at offsets inside big arrays, for many entities at once.
 */

/** Below this angle's cosine distance, slerp and nlerp differ by less than float precision. */
const NEARLY_PARALLEL = 1 - 1e-6;

function normalizeAt(out: Vec, o: number): void {
  const x = out[o]!;
  const y = out[o + 1]!;
  const z = out[o + 2]!;
  const w = out[o + 3]!;
  const len = Math.sqrt(x * x + y * y + z * z + w * w);
  if (len > 0 && len !== 1) {
    const inv = 1 / len;
    out[o] = x * inv;
    out[o + 1] = y * inv;
    out[o + 2] = z * inv;
    out[o + 3] = w * inv;
  }
}

function copyAt(out: Vec, o: number, a: ReadonlyVec, ao: number): void {
  out[o] = a[ao]!;
  out[o + 1] = a[ao + 1]!;
  out[o + 2] = a[ao + 2]!;
  out[o + 3] = a[ao + 3]!;
}

/**
 * Spherical linear interpolation between the quaternions at `a[ao..ao+3]` and `b[bo..bo+3]`,
 * written to `out[o..o+3]`: constant angular speed, the shortest way round.
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
  if (t === 0 || t === 1) {
    if (t === 0) copyAt(out, o, a, ao);
    else copyAt(out, o, b, bo);
    return;
  }
  const x0 = a[ao]!;
  const y0 = a[ao + 1]!;
  const z0 = a[ao + 2]!;
  const w0 = a[ao + 3]!;
  const x1 = b[bo]!;
  const y1 = b[bo + 1]!;
  const z1 = b[bo + 2]!;
  const w1 = b[bo + 3]!;
  let cos = x0 * x1 + y0 * y1 + z0 * z1 + w0 * w1;
  const dir = cos >= 0 ? 1 : -1;
  cos *= dir;
  let s = 1 - t;
  let u = t;
  if (cos < NEARLY_PARALLEL) {
    const sin = Math.sqrt(1 - cos * cos);
    const angle = Math.atan2(sin, cos);
    s = Math.sin(s * angle) / sin;
    u = Math.sin(u * angle) / sin;
  }
  u *= dir;
  out[o] = x0 * s + x1 * u;
  out[o + 1] = y0 * s + y1 * u;
  out[o + 2] = z0 * s + z1 * u;
  out[o + 3] = w0 * s + w1 * u;
  normalizeAt(out, o);
}

/**
 * Normalized linear interpolation at offsets: cheaper than slerp, same path, slightly uneven
 * speed. Good enough when the two orientations are one small step apart (as in interpolation).
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
  if (t === 0 || t === 1) {
    if (t === 0) copyAt(out, o, a, ao);
    else copyAt(out, o, b, bo);
    return;
  }
  const dot =
    a[ao]! * b[bo]! + a[ao + 1]! * b[bo + 1]! + a[ao + 2]! * b[bo + 2]! + a[ao + 3]! * b[bo + 3]!;
  const s = 1 - t;
  const u = dot >= 0 ? t : -t;
  out[o] = a[ao]! * s + b[bo]! * u;
  out[o + 1] = a[ao + 1]! * s + b[bo + 1]! * u;
  out[o + 2] = a[ao + 2]! * s + b[bo + 2]! * u;
  out[o + 3] = a[ao + 3]! * s + b[bo + 3]! * u;
  normalizeAt(out, o);
}

/** out = slerp(a, b, t) for one quaternion [x, y, z, w]; returns out. */
export function slerp<T extends Vec>(out: T, a: ReadonlyVec, b: ReadonlyVec, t: number): T {
  slerpFlat(out, 0, a, 0, b, 0, t);
  return out;
}

/** out = nlerp(a, b, t) for one quaternion [x, y, z, w]; returns out. */
export function nlerp<T extends Vec>(out: T, a: ReadonlyVec, b: ReadonlyVec, t: number): T {
  nlerpFlat(out, 0, a, 0, b, 0, t);
  return out;
}
