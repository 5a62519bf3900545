import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lerpArray, slerpArray } from './batch.js';
import { Interpolated } from './interpolated.js';
import { slerp } from './quat.js';

describe('batch blending', () => {
  it('lerps every component of flat arrays', () => {
    const out = new Float32Array(6);
    lerpArray(out, [0, 0, 0, 10, 10, 10], [2, 4, 6, 20, 30, 40], 0.5);
    expect(Array.from(out)).toEqual([1, 2, 3, 15, 20, 25]);
    lerpArray(out, [0.1, 0, 0, 0, 0, 0], [0.3, 0, 0, 0, 0, 0], 1);
    expect(out[0]).toBe(Math.fround(0.3));
  });

  it('slerps every quaternion as slerp does one, within 1e-8, for any pair and t', () => {
    const unit = fc
      .array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 4, maxLength: 4 })
      .filter((q) => Math.hypot(...q) > 0.1)
      .map((q) => q.map((c) => c / Math.hypot(...q)));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(unit, unit), { minLength: 1, maxLength: 20 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
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
    );
  });

  it('is exact at t = 0 and t = 1 and takes the short way', () => {
    const a = [0, 0, 0, 1];
    const b = [0, 0, -Math.SQRT1_2, -Math.SQRT1_2]; // +90 degrees about z, other hemisphere
    expect(Array.from(slerpArray(new Float64Array(4), a, b, 0))).toEqual(a);
    expect(Array.from(slerpArray(new Float64Array(4), a, b, 1))).toEqual(b);
    const mid = slerpArray(new Float64Array(4), a, b, 0.5);
    expect(2 * Math.acos(Math.abs(mid[3]!))).toBeCloseTo(Math.PI / 4, 8);
  });

  it('rejects mismatched lengths and quaternion arrays not in fours', () => {
    expect(() => lerpArray(new Float32Array(2), [1, 2, 3], [1, 2, 3], 0.5)).toThrow(RangeError);
    expect(() =>
      slerpArray(new Float32Array(6), [0, 0, 0, 1, 0, 0], [0, 0, 0, 1, 0, 0], 0.5),
    ).toThrow(/multiple of 4/);
  });
});

describe('Interpolated', () => {
  it('blends previous and current after save()', () => {
    const p = new Interpolated(2);
    p.teleport([0, 0]);
    p.save();
    p.current[0] = 10;
    p.current[1] = -4;
    expect(Array.from(p.blend(new Float64Array(2), 0.25))).toEqual([2.5, -1]);
  });

  it('does not smear a teleport across frames', () => {
    const p = new Interpolated(1);
    p.save();
    p.current[0] = 1;
    p.save();
    p.teleport([500]);
    expect(p.blend([0], 0.5)[0]).toBe(500);
  });

  it('slerps orientations and wraps angles', () => {
    const q = new Interpolated(4, 'slerp');
    q.teleport([0, 0, 0, 1]);
    q.current.set([0, 0, Math.SQRT1_2, Math.SQRT1_2]);
    const out = q.blend([0, 0, 0, 0], 0.5);
    expect(2 * Math.acos(out[3]!)).toBeCloseTo(Math.PI / 4, 12);
    const h = new Interpolated(1, 'angle');
    h.teleport([Math.PI - 0.1]);
    h.current[0] = -Math.PI + 0.1;
    expect(Math.abs(h.blend([0], 0.5)[0]!)).toBeCloseTo(Math.PI, 12);
  });

  it('checks its size and kind', () => {
    expect(() => new Interpolated(0)).toThrow(/size.*0/);
    expect(() => new Interpolated(6, 'slerp')).toThrow(/multiple of 4.*6/);
    expect(() => new Interpolated(3, 'cubic' as never)).toThrow(/kind.*cubic/);
  });
});
