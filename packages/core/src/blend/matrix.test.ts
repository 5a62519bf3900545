import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../test-support/check.js';
import { composeMatrices } from './matrix.js';

/** Rotates v by the unit quaternion q: v + 2w(q × v) + 2 q × (q × v), the textbook form. */
function rotate(q: readonly number[], v: readonly number[]): number[] {
  const [x, y, z, w] = q as [number, number, number, number];
  const [vx, vy, vz] = v as [number, number, number];
  const cx = y * vz - z * vy;
  const cy = z * vx - x * vz;
  const cz = x * vy - y * vx;
  return [
    vx + 2 * w * cx + 2 * (y * cz - z * cy),
    vy + 2 * w * cy + 2 * (z * cx - x * cz),
    vz + 2 * w * cz + 2 * (x * cy - y * cx),
  ];
}

/** The column-major matrix at body i applied to the point v (w = 1). */
function apply(m: ArrayLike<number>, i: number, v: readonly number[]): number[] {
  const o = 16 * i;
  const [x, y, z] = v as [number, number, number];
  const r: number[] = [];
  for (let row = 0; row < 4; row++) {
    r.push(m[o + row]! * x + m[o + 4 + row]! * y + m[o + 8 + row]! * z + m[o + 12 + row]!);
  }
  return r;
}

const unit = fc
  .tuple(
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
  )
  .filter((q) => Math.sqrt(q[0] ** 2 + q[1] ** 2 + q[2] ** 2 + q[3] ** 2) > 0.1)
  .map((q) => {
    const n = Math.sqrt(q[0] ** 2 + q[1] ** 2 + q[2] ** 2 + q[3] ** 2);
    return q.map((c) => c / n);
  });
const coordinate = fc.double({ min: -100, max: 100, noNaN: true });
const vec3 = fc.tuple(coordinate, coordinate, coordinate);
const factor = fc.double({ min: 0.1, max: 10, noNaN: true });

describe('composeMatrices', () => {
  it('writes translation and scale exactly for the identity rotation, and returns out', () => {
    const out = new Float32Array(32);
    expect(composeMatrices(out, [1, 2, 3, -4, 5, -6], [0, 0, 0, 1, 0, 0, 0, 1], 2)).toBe(out);
    expect(Array.from(out.subarray(0, 16))).toEqual([
      2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 1, 2, 3, 1,
    ]);
    expect(Array.from(out.subarray(16))).toEqual([
      2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, -4, 5, -6, 1,
    ]);
  });

  it('scales by 1 when no scale is given, and per axis from a scale array', () => {
    const out = new Float64Array(16);
    composeMatrices(out, [0, 0, 0], [0, 0, 0, 1]);
    expect(Array.from(out)).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    composeMatrices(out, [7, 8, 9], [0, 0, 0, 1], [2, 3, 4]);
    expect(Array.from(out)).toEqual([2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 7, 8, 9, 1]);
  });

  it('turns x into y for a quarter turn about z (column-major, as WebGL reads it)', () => {
    const h = Math.SQRT1_2;
    const m = composeMatrices(new Float64Array(16), [0, 0, 0], [0, 0, h, h]);
    const at = (v: number[]) => apply(m, 0, v).map((c) => Math.round(c * 1e12) / 1e12 + 0);
    expect(at([1, 0, 0])).toEqual([0, 1, 0, 1]);
    expect(at([0, 1, 0])).toEqual([-1, 0, 0, 1]);
    expect(at([0, 0, 1])).toEqual([0, 0, 1, 1]);
  });

  it('maps every point v to rotate(q, scale × v) + position, for any bodies', () => {
    check(
      fc.property(
        fc.array(fc.tuple(vec3, unit, fc.tuple(factor, factor, factor), vec3), {
          minLength: 1,
          maxLength: 8,
        }),
        (bodies) => {
          const positions = bodies.flatMap(([p]) => p);
          const orientations = bodies.flatMap(([, q]) => q);
          const scales = bodies.flatMap(([, , s]) => s);
          const out = composeMatrices(
            new Float64Array(16 * bodies.length),
            positions,
            orientations,
            scales,
          );
          bodies.forEach(([p, q, s, v], i) => {
            const scaled = [v[0] * s[0], v[1] * s[1], v[2] * s[2]];
            const expected = rotate(q, scaled).map((c, k) => c + p[k]!);
            const got = apply(out, i, v);
            for (let k = 0; k < 3; k++) expect(got[k]).toBeCloseTo(expected[k]!, 8);
            expect(got[3]).toBe(1);
          });
        },
      ),
      300,
    );
  });

  it('writes nothing beyond the bodies into a longer out', () => {
    const out = new Float64Array(20).fill(9);
    composeMatrices(out, [1, 1, 1], [0, 0, 0, 1]);
    expect(Array.from(out.subarray(16))).toEqual([9, 9, 9, 9]);
  });

  it('refuses arrays that do not describe the same bodies, naming what it got', () => {
    const q = [0, 0, 0, 1];
    const out = new Float64Array(32);
    expect(() => composeMatrices(out, [1, 2], q)).toThrow(
      'composeMatrices: a body takes 3 numbers of positions (got 2), 4 of orientations (got 4), 3 of a scale array (got a number) and 16 of out (got 32)',
    );
    expect(() => composeMatrices(out, [1, 2, 3], [0, 0, 1])).toThrow(RangeError);
    expect(() => composeMatrices(out, [1, 2, 3], [...q, ...q])).toThrow(RangeError);
    expect(() => composeMatrices(new Float64Array(15), [1, 2, 3], q)).toThrow(RangeError);
    expect(() => composeMatrices(out, [1, 2, 3], q, [1, 1])).toThrow('(got 2)');
    expect(() => composeMatrices(out, [1, 2, 3], q, [1, 1, 1, 1])).toThrow(RangeError);
    expect(() => composeMatrices(new Float64Array(16), [1, 2, 3], q)).not.toThrow();
  });
});
