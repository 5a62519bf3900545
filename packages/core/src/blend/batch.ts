import { slerpFlat } from './quat.js';
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

/** out[i] = a[i] + (b[i] - a[i]) * t for every component; exact at t = 0 and 1. Returns out. */
export function lerpArray<T extends Vec>(out: T, a: ReadonlyVec, b: ReadonlyVec, t: number): T {
  checkLengths('lerpArray', out, a, b);
  const n = a.length;
  if (t === 1) {
    for (let i = 0; i < n; i++) out[i] = b[i]!;
    return out;
  }
  const s = 1 - t;
  for (let i = 0; i < n; i++) out[i] = a[i]! * s + b[i]! * t;
  return out;
}

/** Slerps every quaternion (stride 4) of `a` towards the matching one of `b`. Returns out. */
export function slerpArray<T extends Vec>(out: T, a: ReadonlyVec, b: ReadonlyVec, t: number): T {
  checkLengths('slerpArray', out, a, b);
  if (a.length % 4 !== 0) {
    throw new RangeError(`slerpArray: length must be a multiple of 4, got ${a.length}`);
  }
  for (let i = 0; i < a.length; i += 4) slerpFlat(out, i, a, i, b, i, t);
  return out;
}
