import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../test-support/check.js';
import { lerpArray, slerpArray } from './batch.js';
import { slerp } from './quat.js';

describe('batch blending', () => {
  it('lerps every component of flat arrays, exact at both ends', () => {
    const out = new Float64Array(6);
    expect(lerpArray(out, [0, 0, 0, 10, 10, 10], [2, 4, 6, 20, 30, 40], 0.5)).toBe(out);
    expect(Array.from(out)).toEqual([1, 2, 3, 15, 20, 25]);
    const a = [-0.1, 3, 100.1, 1, 2, 3];
    const b = [0.2, 0.1, 0.3, 4, 5, 6];
    expect(Array.from(lerpArray(out, a, b, 1))).toEqual(b);
    expect(Array.from(lerpArray(out, a, b, 0))).toEqual(a);
  });

  it('writes only as many components as a and b have into a longer out', () => {
    const out = new Float64Array([9, 9, 9, 9, 9, 9, 9, 9, 9]);
    lerpArray(out, [0, 0, 0, 0], [4, 4, 4, 4], 0.5);
    expect(Array.from(out)).toEqual([2, 2, 2, 2, 9, 9, 9, 9, 9]);
    slerpArray(out, [0, 0, 0, 1], [0, 0, 1, 0], 0.5);
    expect(Array.from(out.slice(4))).toEqual([9, 9, 9, 9, 9]);
    slerpArray(out, [0, 0, 0, 1], [0, 0, 1, 0], 0);
    expect(Array.from(out.slice(4))).toEqual([9, 9, 9, 9, 9]);
  });

  it('slerps every quaternion as slerp does one, within 1e-8, for any pair and t', () => {
    const unit = fc
      .array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 4, maxLength: 4 })
      .filter((q) => Math.hypot(...q) > 0.1)
      .map((q) => q.map((c) => c / Math.hypot(...q)));
    // t uniform in (0, 1): fast-check's doubles favour 0, 1 and tiny values, the easy cases
    const t = fc.integer({ min: 1, max: 999 }).map((k) => k / 1000);
    check(
      fc.property(
        fc.array(fc.tuple(unit, unit), { minLength: 1, maxLength: 20 }),
        t,
        (pairs, t) => {
          const a = pairs.flatMap(([p]) => p);
          const b = pairs.flatMap(([, q]) => q);
          const out = slerpArray(new Float64Array(a.length), a, b, t);
          for (let i = 0; i < a.length; i += 4) {
            const one = slerp([0, 0, 0, 0], a.slice(i, i + 4), b.slice(i, i + 4), t);
            for (let j = 0; j < 4; j++) expect(Math.abs(out[i + j]! - one[j]!)).toBeLessThan(1e-8);
          }
        },
      ),
      300,
    );
  });

  it('is exact at t = 0 and t = 1, as given, and takes the short way', () => {
    // unit quaternions that normalizing again would change in the last bit
    const a = [-0.3964334447431315, 0.6275288504828905, 0.17072047381027072, 0.6479989085814212];
    const b = [-0.15820633052076777, 0.15721066935058525, 0.3451711554053116, 0.9116536819986286];
    expect(Array.from(slerpArray(new Float64Array(4), a, b, 0))).toEqual(a);
    expect(Array.from(slerpArray(new Float64Array(4), a, b, 1))).toEqual(b);
    const z = [0, 0, 0, 1];
    const far = [0, 0, -Math.SQRT1_2, -Math.SQRT1_2]; // +90 degrees about z, other hemisphere
    const mid = slerpArray(new Float64Array(4), z, far, 0.5);
    expect(2 * Math.acos(Math.abs(mid[3]!))).toBeCloseTo(Math.PI / 4, 8);
    expect(Math.sign(mid[2]!)).toBe(Math.sign(mid[3]!)); // the short way: z and w agree
  });

  it('goes towards b as given when two are a half turn apart (a dot of exactly 0), as slerp does', () => {
    const a = [0, 0, 0, 1];
    const b = [1, 0, 0, 0]; // a half turn about x: either way round is a quarter turn
    const out = slerpArray(new Float64Array(4), a, b, 0.5);
    const quarter = slerp([0, 0, 0, 0], a, b, 0.5); // a quarter turn about +x, b's side
    expect(quarter[0]).toBeCloseTo(Math.SQRT1_2, 12);
    for (let i = 0; i < 4; i++) expect(out[i]).toBeCloseTo(quarter[i]!, 8);
  });

  it('writes into out and returns it, at the ends and between', () => {
    const a = [0, 0, 0, 1, 0, 0, 0, 1];
    const b = [0, 0, Math.SQRT1_2, Math.SQRT1_2, 0, 1, 0, 0];
    const out = new Float32Array(8);
    for (const t of [0, 0.5, 1]) {
      out.fill(9);
      expect(slerpArray(out, a, b, t)).toBe(out);
      expect(Array.from(out)).toEqual(Array.from(slerpArray(new Float32Array(8), a, b, t)));
    }
    expect(Array.from(out)).toEqual(Array.from(new Float32Array(b)));
  });

  it('rejects mismatched lengths and quaternion arrays not in fours, saying so', () => {
    expect(() => lerpArray(new Float32Array(2), [1, 2, 3], [1, 2, 3], 0.5)).toThrow(
      'lerpArray: out (2) must be at least as long as a and b, which must match (3, 3)',
    );
    expect(() => lerpArray(new Float32Array(3), [1, 2, 3], [1, 2], 0.5)).toThrow(RangeError);
    expect(() => slerpArray(new Float32Array(4), [0, 0, 0, 1], [0, 0, 1], 0.5)).toThrow(
      'slerpArray: out (4) must be at least as long as a and b, which must match (4, 3)',
    );
    expect(() =>
      slerpArray(new Float32Array(6), [0, 0, 0, 1, 0, 0], [0, 0, 0, 1, 0, 0], 0.5),
    ).toThrow('slerpArray: length must be a multiple of 4, got 6');
  });
});
