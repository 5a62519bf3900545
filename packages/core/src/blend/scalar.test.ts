import { describe, expect, it } from 'vitest';
import { extrapolate, lerp, lerpAngle } from './scalar.js';
import { extrapolateVec3, lerpVec2, lerpVec3 } from './vec.js';

describe('scalar and vector blending', () => {
  it('lerps exactly at the ends and linearly between', () => {
    expect(lerp(0.1, 0.7, 0)).toBe(0.1);
    expect(lerp(0.1, 0.7, 1)).toBe(0.7);
    expect(lerp(10, 20, 0.25)).toBe(12.5);
  });

  it('lerps angles the short way round the wrap', () => {
    const deg = Math.PI / 180;
    expect(lerpAngle(359 * deg, 1 * deg, 0.5) / deg).toBeCloseTo(360, 10);
    expect(lerpAngle(1 * deg, 359 * deg, 0.5) / deg).toBeCloseTo(0, 10);
    expect(lerpAngle(0, Math.PI / 2, 0.5)).toBeCloseTo(Math.PI / 4, 12);
    expect(lerpAngle(-170 * deg, 170 * deg, 0.5) / deg).toBeCloseTo(-180, 10);
  });

  // Nystrom: a bullet 20 px from the left moving 400 px per update, half way through: 220 px.
  it('extrapolates by velocity × lag (far seers)', () => {
    expect(extrapolate(20, 400, 0.5)).toBe(220);
    // seed 002: x = 0 moving 800 px per update, t_r = 1/2, drawn at 400
    expect(extrapolateVec3([0, 0, 0], [0, 0, 0], [800, 0, 0], 0.5)).toEqual([400, 0, 0]);
  });

  it('lerps 2D and 3D vectors into out and returns it', () => {
    const out2 = [0, 0];
    expect(lerpVec2(out2, [0, 10], [10, 20], 0.5)).toBe(out2);
    expect(out2).toEqual([5, 15]);
    const out3 = new Float32Array(3);
    lerpVec3(out3, [0.3, 0.1, 0.7], [1, 2, 3], 1);
    expect(Array.from(out3)).toEqual([1, 2, 3]);
    lerpVec3(out3, [0.5, 0.25, 0.75], [1, 2, 3], 0);
    expect(Array.from(out3)).toEqual([0.5, 0.25, 0.75]);
  });
});
