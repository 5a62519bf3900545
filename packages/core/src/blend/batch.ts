import { blendAt, dotAt } from './quat.js';
import { SlerpRatio } from './slerp-fit.js';
import type { ReadonlyVec, Vec } from './vec.js';

/**
 * Batch blending for many entities laid out flat in typed arrays (positions as x, y, z, x, y,
 * z…; quaternions as x, y, z, w…): one call per frame instead of one object per entity, no
 * allocation, and memory the CPU can stream through.
 */

function checkLengths(name: string, out: ReadonlyVec, a: ReadonlyVec, b: ReadonlyVec): void {
  if (a.length !== b.length || out.length < a.length) {
    throw new RangeError(
      `${name}: out (${out.length}) must be at least as long as a and b, which must match (${a.length}, ${b.length})`,
    );
  }
}

/**
 * out[i] = a[i] × (1 − t) + b[i] × t for every component; exact at t = 0 and 1 (two products,
 * see `lerpVec2`). Returns out.
 */
export function lerpArray<T extends Vec>(out: T, a: ReadonlyVec, b: ReadonlyVec, t: number): T {
  checkLengths('lerpArray', out, a, b);
  const n = a.length;
  const s = 1 - t;
  for (let i = 0; i < n; i++) out[i] = a[i]! * s + b[i]! * t;
  return out;
}

/** The fitted weight ratio of b over a, refitted per call. */
const ratio = new SlerpRatio();

/**
 * Slerps every quaternion (stride 4) of `a` towards the matching one of `b`, the shortest way,
 * normalized, exact at t = 0 and 1. The slerp weights come from a polynomial fitted once per
 * call (see slerp-fit.ts): within about 1e-8 of `slerp`, several times faster. Returns out.
 */
export function slerpArray<T extends Vec>(out: T, a: ReadonlyVec, b: ReadonlyVec, t: number): T {
  checkLengths('slerpArray', out, a, b);
  const n = a.length;
  if (n % 4 !== 0) {
    throw new RangeError(`slerpArray: length must be a multiple of 4, got ${n}`);
  }
  if (t === 0 || t === 1) {
    const from = t === 0 ? a : b;
    for (let i = 0; i < n; i++) out[i] = from[i]!;
    return out;
  }
  // Weight a by 1 and b by the fitted ratio (negated for the short way round), then normalize.
  ratio.fit(t);
  for (let i = 0; i < n; i += 4) {
    const dot = dotAt(a, i, b, i);
    const r = ratio.at(Math.abs(dot));
    // At a dot of exactly 0 (a half turn) b's side, as slerp takes it.
    blendAt(out, i, a, i, b, i, 1, dot < 0 ? -r : r);
  }
  return out;
}
