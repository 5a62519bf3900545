import type { ReadonlyVec, Vec } from './vec.js';

/**
 * Writes one 4×4 transform matrix per body into `out` (16 numbers each, column-major: the
 * layout of WebGL, three.js `Matrix4.elements` and `InstancedMesh.instanceMatrix.array`), from
 * the blended positions (x, y, z per body) and unit quaternions (x, y, z, w per body) that
 * {@link lerpArray} and {@link slerpArray} produce, and a scale: one number for every body
 * (default 1) or x, y, z per body.
 *
 * Why: drawing thousands of bodies means one instanced draw whose matrices are written straight
 * from flat arrays. Going through one scene object per body costs far more: three.js recomputes
 * Euler angles on every quaternion write and walks the scene graph to compose each matrix. This
 * is the same product as `Matrix4.compose` (rotation × scale, then translation), in one pass
 * over typed arrays, with no allocation. Returns out.
 *
 * @example
 * composeMatrices(instancedMesh.instanceMatrix.array, positions, orientations);
 * instancedMesh.instanceMatrix.needsUpdate = true;
 */
export function composeMatrices<T extends Vec>(
  out: T,
  positions: ReadonlyVec,
  orientations: ReadonlyVec,
  scale: number | ReadonlyVec = 1,
): T {
  const count = positions.length / 3;
  const uniform = typeof scale === 'number';
  if (
    !Number.isInteger(count) ||
    orientations.length !== count * 4 ||
    out.length < count * 16 ||
    (!uniform && scale.length !== count * 3)
  ) {
    throw new RangeError(
      `composeMatrices: a body takes 3 numbers of positions (got ${positions.length}), 4 of orientations (got ${orientations.length}), 3 of a scale array (got ${uniform ? 'a number' : scale.length}) and 16 of out (got ${out.length})`,
    );
  }
  for (let i = 0; i < count; i++) {
    const p = 3 * i;
    const q = 4 * i;
    const m = 16 * i;
    const x = orientations[q]!;
    const y = orientations[q + 1]!;
    const z = orientations[q + 2]!;
    const w = orientations[q + 3]!;
    const sx = uniform ? scale : scale[p]!;
    const sy = uniform ? scale : scale[p + 1]!;
    const sz = uniform ? scale : scale[p + 2]!;
    const x2 = x + x;
    const y2 = y + y;
    const z2 = z + z;
    const xx = x * x2;
    const xy = x * y2;
    const xz = x * z2;
    const yy = y * y2;
    const yz = y * z2;
    const zz = z * z2;
    const wx = w * x2;
    const wy = w * y2;
    const wz = w * z2;
    out[m] = (1 - (yy + zz)) * sx;
    out[m + 1] = (xy + wz) * sx;
    out[m + 2] = (xz - wy) * sx;
    out[m + 3] = 0;
    out[m + 4] = (xy - wz) * sy;
    out[m + 5] = (1 - (xx + zz)) * sy;
    out[m + 6] = (yz + wx) * sy;
    out[m + 7] = 0;
    out[m + 8] = (xz + wy) * sz;
    out[m + 9] = (yz - wx) * sz;
    out[m + 10] = (1 - (xx + yy)) * sz;
    out[m + 11] = 0;
    out[m + 12] = positions[p]!;
    out[m + 13] = positions[p + 1]!;
    out[m + 14] = positions[p + 2]!;
    out[m + 15] = 1;
  }
  return out;
}
