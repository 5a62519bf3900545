import { describe, expect, it } from 'vitest';
import { extrapolateVec3, lerpVec2, lerpVec3 } from './vec.js';

describe('vector blending', () => {
  it('lerps every component of a 2D vector into out, and returns out', () => {
    const out = [0, 0];
    expect(lerpVec2(out, [0, 10], [8, -30], 0.25)).toBe(out);
    expect(out).toEqual([2, 0]);
  });

  it('lerps every component of a 3D vector, into typed arrays too', () => {
    const out = new Float64Array(3);
    expect(lerpVec3(out, [0, 10, -4], [8, -30, 4], 0.25)).toBe(out);
    expect(Array.from(out)).toEqual([2, 0, -2]);
  });

  it('is exact at t = 0 and t = 1, where a + (b − a) t is not', () => {
    const a = [-0.1, 3, 100.1];
    const b = [0.2, 0.1, 0.3];
    expect(lerpVec3([0, 0, 0], a, b, 1)).toEqual(b);
    expect(lerpVec3([0, 0, 0], a, b, 0)).toEqual(a);
    expect(lerpVec2([0, 0], a, b, 1)).toEqual([0.2, 0.1]);
    expect(lerpVec2([0, 0], a, b, 0)).toEqual([-0.1, 3]);
    // the one-product form misses b at t = 1 for these very values
    expect(a.map((x, i) => x + (b[i]! - x) * 1)).not.toEqual(b);
  });

  // The Game Loop (Gilles Bellot): x = 0 moving 800 px per update, drawn half an update ahead
  // (t_r = 1/2) at 400.
  it('extrapolates every component by velocity × lag (far seers)', () => {
    const out = [0, 0, 0];
    expect(extrapolateVec3(out, [0, 0, 0], [800, 0, 0], 0.5)).toBe(out);
    expect(out).toEqual([400, 0, 0]);
    expect(extrapolateVec3(out, [1, 2, 3], [10, -20, 40], 0.25)).toEqual([3.5, -3, 13]);
  });
});
