import { describe, expect, it } from 'vitest';
import { extrapolate, lerp, lerpAngle } from './scalar.js';

describe('scalar blending', () => {
  it('lerps exactly at the ends and linearly between', () => {
    expect(lerp(0.1, 0.7, 0)).toBe(0.1);
    expect(lerp(0.1, 0.7, 1)).toBe(0.7);
    // where a + (b − a) × 1 misses b
    expect(lerp(-0.1, 0.2, 1)).toBe(0.2);
    expect(lerp(3, 0.1, 1)).toBe(0.1);
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
    expect(extrapolate(20, -400, 0.25)).toBe(-80);
  });
});
