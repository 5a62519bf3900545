import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../test-support/check.js';
import { nlerp, nlerpFlat, slerp, slerpFlat } from './quat.js';

/** Quaternion for a rotation of `angle` radians about the unit axis (x, y, z). */
function axisAngle(x: number, y: number, z: number, angle: number): number[] {
  const s = Math.sin(angle / 2);
  return [x * s, y * s, z * s, Math.cos(angle / 2)];
}

const len = (q: ArrayLike<number>) => Math.hypot(q[0]!, q[1]!, q[2]!, q[3]!);

/** Components spread evenly, and fast-check's edge values (0, ±1, tiny) for the corner cases. */
const component = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }).map((k) => k / 1000),
  fc.double({ min: -1, max: 1, noNaN: true }),
);
const unitQuat = fc
  .tuple(component, component, component, component)
  .filter((q) => len(q) > 0.1)
  .map((q) => q.map((c) => c / len(q)));
/** t spread evenly over (0, 1): the ends are exact copies, tested on their own. */
const inside = fc.integer({ min: 1, max: 999 }).map((k) => k / 1000);

/** The angle between two unit quaternions as rotations: the short way, in [0, π/2]. */
const between = (p: ArrayLike<number>, q: ArrayLike<number>) => {
  const dot = p[0]! * q[0]! + p[1]! * q[1]! + p[2]! * q[2]! + p[3]! * q[3]!;
  return Math.acos(Math.min(1, Math.abs(dot)));
};

describe('slerp', () => {
  it('turns at constant angular speed along the short way, for any pair and t', () => {
    check(
      fc.property(unitQuat, unitQuat, inside, (a, b, t) => {
        const theta = between(a, b);
        fc.pre(theta > 1e-3);
        const out = slerp([0, 0, 0, 0], a, b, t);
        expect(between(a, out)).toBeCloseTo(t * theta, 7);
        expect(between(out, b)).toBeCloseTo((1 - t) * theta, 7);
        expect(len(out)).toBeCloseTo(1, 12);
      }),
      500,
    );
  });

  it('is exact at t = 0 and t = 1', () => {
    const a = axisAngle(0, 0, 1, 0.3);
    const b = axisAngle(0, 1, 0, 2.1);
    expect(slerp([0, 0, 0, 0], a, b, 0)).toEqual(a);
    expect(slerp([0, 0, 0, 0], a, b, 1)).toEqual(b);
  });

  it('moves at constant angular speed: halfway between 0 and 90° about z is 45°', () => {
    const out = slerp([0, 0, 0, 0], axisAngle(0, 0, 1, 0), axisAngle(0, 0, 1, Math.PI / 2), 0.5);
    const expected = axisAngle(0, 0, 1, Math.PI / 4);
    for (let i = 0; i < 4; i++) expect(out[i]).toBeCloseTo(expected[i]!, 12);
    const quarter = slerp(
      [0, 0, 0, 0],
      axisAngle(0, 0, 1, 0),
      axisAngle(0, 0, 1, Math.PI / 2),
      0.25,
    );
    expect(2 * Math.acos(quarter[3]!)).toBeCloseTo(Math.PI / 8, 12);
  });

  it('takes the shortest path when the dot product is negative', () => {
    const a = axisAngle(0, 0, 1, 0.1);
    const b = axisAngle(0, 0, 1, 0.3).map((c) => -c); // same rotation as +0.3, other hemisphere
    const out = slerp([0, 0, 0, 0], a, b, 0.5);
    const expected = axisAngle(0, 0, 1, 0.2);
    const sign = Math.sign(out[3]!);
    for (let i = 0; i < 4; i++) expect(out[i]! * sign).toBeCloseTo(expected[i]!, 12);
  });

  it('falls back to a normalized lerp when nearly parallel, with no NaN', () => {
    const a = axisAngle(1, 0, 0, 1e-9);
    const b = axisAngle(1, 0, 0, 2e-9);
    const out = slerp([0, 0, 0, 0], a, b, 0.5);
    expect(out.every(Number.isFinite)).toBe(true);
    expect(len(out)).toBeCloseTo(1, 15);
    expect(slerp([0, 0, 0, 0], a, a, 0.5)).toEqual(a);
  });

  it('is the normalized lerp to the bit from a dot of 1 - 1e-6 up, the threshold included', () => {
    const cos = 1 - 1e-6;
    const a = [0, 0, 0, 1];
    const b = [Math.sqrt(1 - cos * cos), 0, 0, cos]; // its dot with a is cos exactly
    for (const t of [0.25, 0.5, 0.75]) {
      expect(slerp([0, 0, 0, 0], a, b, t)).toEqual(nlerp([0, 0, 0, 0], a, b, t));
    }
  });

  it('goes towards b as given when the two are a half turn apart (a dot of exactly 0)', () => {
    // Either way round is a quarter turn then; slerp, nlerp and slerpArray all take b's side.
    const a = [0, 0, 0, 1];
    const b = [1, 0, 0, 0]; // a half turn about x
    const expected = axisAngle(1, 0, 0, Math.PI / 2);
    for (const out of [slerp([0, 0, 0, 0], a, b, 0.5), nlerp([0, 0, 0, 0], a, b, 0.5)]) {
      for (let i = 0; i < 4; i++) expect(out[i]).toBeCloseTo(expected[i]!, 12);
    }
  });

  it('writes at offsets inside flat arrays and returns out from slerp', () => {
    const src = new Float32Array([9, ...axisAngle(0, 0, 1, 0), ...axisAngle(0, 0, 1, 1)]);
    const dst = new Float32Array(6);
    slerpFlat(dst, 2, src, 1, src, 5, 0.5);
    expect(dst[0]).toBe(0);
    expect(dst[1]).toBe(0);
    expect(2 * Math.acos(dst[5]!)).toBeCloseTo(0.5, 5);
    const out = [0, 0, 0, 0];
    expect(slerp(out, axisAngle(0, 0, 1, 0), axisAngle(0, 0, 1, 1), 0.5)).toBe(out);
  });
});

describe('the flat variants at offsets', () => {
  it('copy the ends from the offsets they are given, a at t = 0 and b at t = 1', () => {
    const a = [9, 9, 0.1, 0.2, 0.3, 0.9];
    const b = [0.5, -0.5, 0.5, -0.5, 7];
    for (const blend of [slerpFlat, nlerpFlat]) {
      const out = [0, 0, 0, 0, 0, 0];
      blend(out, 1, a, 2, b, 0, 0);
      expect(out).toEqual([0, 0.1, 0.2, 0.3, 0.9, 0]);
      blend(out, 2, a, 2, b, 0, 1);
      expect(out).toEqual([0, 0.1, 0.5, -0.5, 0.5, -0.5]);
    }
  });
});

describe('nlerp', () => {
  it('is the normalized sum halfway between two quaternions on the same side', () => {
    const a = axisAngle(0, 0, 1, 0.2);
    const b = axisAngle(0, 0, 1, 0.8);
    const mid = nlerp([0, 0, 0, 0], a, b, 0.5);
    expect(2 * Math.atan2(mid[2]!, mid[3]!)).toBeCloseTo(0.5, 12);
  });

  it('normalizes quaternions that are not unit length, and gives zeros, not NaN, for zeros', () => {
    const out = nlerp([0, 0, 0, 0], [0, 0, 0, 2], [0, 0, 3, 0], 0.5);
    expect(len(out)).toBeCloseTo(1, 15);
    expect(out[2]! / out[3]!).toBeCloseTo(1.5, 12);
    expect(nlerp([1, 1, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0], 0.5)).toEqual([0, 0, 0, 0]);
  });

  it('writes into out and returns it, gl-matrix style', () => {
    const out = [9, 9, 9, 9];
    const a = axisAngle(0, 0, 1, 0.2);
    const b = axisAngle(0, 0, 1, 0.8);
    for (const t of [0, 0.5, 1]) {
      expect(nlerp(out, a, b, t)).toBe(out);
      expect(out).toEqual(nlerp([0, 0, 0, 0], a, b, t));
    }
    expect(out).toEqual(b);
  });

  it('is exact at the ends, normalized, and on the short path', () => {
    const a = axisAngle(0, 1, 0, 0.2);
    const b = axisAngle(0, 1, 0, 0.6).map((c) => -c);
    expect(nlerp([0, 0, 0, 0], a, b, 0)).toEqual(a);
    expect(nlerp([0, 0, 0, 0], a, b, 1)).toEqual(b);
    const mid = nlerp([0, 0, 0, 0], a, b, 0.5);
    expect(len(mid)).toBeCloseTo(1, 15);
    expect(2 * Math.acos(Math.abs(mid[3]!))).toBeCloseTo(0.4, 10);
  });
});
