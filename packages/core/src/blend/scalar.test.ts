import { describe, expect, it } from 'vitest';
import { Random } from '../random.js';
import { lerpArray } from './batch.js';
import { extrapolate, lerp, lerpAngle } from './scalar.js';
import { lerpVec2, lerpVec3 } from './vec.js';

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

  it('turns an exact half turn the way b - a says, ending on b itself', () => {
    expect(lerpAngle(0, Math.PI, 0.5)).toBe(Math.PI / 2);
    expect(lerpAngle(0, Math.PI, 1)).toBe(Math.PI);
    expect(lerpAngle(0, -Math.PI, 0.5)).toBe(-Math.PI / 2);
    expect(lerpAngle(0, -Math.PI, 1)).toBe(-Math.PI);
  });

  // Nystrom: a bullet 20 px from the left moving 400 px per update, half way through: 220 px.
  it('extrapolates by velocity × lag (far seers)', () => {
    expect(extrapolate(20, 400, 0.5)).toBe(220);
    expect(extrapolate(20, -400, 0.25)).toBe(-80);
  });
});

describe('one formula per blend', () => {
  it('gives the same bits for lerp, lerpVec2, lerpVec3 and lerpArray', () => {
    const random = new Random(20261122);
    for (let i = 0; i < 10_000; i++) {
      const a = (random.next() - 0.5) * 10 ** Math.floor(random.next() * 8);
      const b = (random.next() - 0.5) * 10 ** Math.floor(random.next() * 8);
      const t = i % 7 === 0 ? [0, 1, 0.5, 1e-17, 1 - 1e-16][i % 5]! : random.next();
      const one = lerp(a, b, t);
      expect(lerpVec2([0, 0], [a, a], [b, b], t)).toEqual([one, one]);
      expect(lerpVec3([0, 0, 0], [a, 0, a], [b, 0, b], t)[2]).toBe(one);
      expect(lerpArray(new Float64Array(1), [a], [b], t)[0]).toBe(one);
    }
  });
});
