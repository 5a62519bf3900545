import { describe, expect, it } from 'vitest';
import { fitDistance } from './fit-camera.js';

/**
 * Whether a sphere of `radius` at distance `d` straight ahead fits a camera of vertical `fov`
 * (degrees) and `aspect`: its silhouette's half-angle, asin(r / d), within both half-angles.
 */
function fits(radius: number, d: number, fov: number, aspect: number): boolean {
  const half = Math.asin(radius / d);
  const halfV = (fov * Math.PI) / 360;
  const halfH = Math.atan(Math.tan(halfV) * aspect);
  return half <= halfV + 1e-12 && half <= halfH + 1e-12;
}

describe('fitDistance', () => {
  it('fits the sphere to the vertical field of view in landscape', () => {
    // 60° vertical: half is 30°, sin 30° = 1/2, so twice the radius.
    expect(fitDistance(5, 60, 16 / 9)).toBeCloseTo(10, 12);
    expect(fitDistance(5, 60, 1)).toBeCloseTo(10, 12);
  });

  it('fits it to the narrower horizontal field of view in portrait, further away', () => {
    const aspect = 390 / 844;
    const d = fitDistance(5, 60, aspect);
    const halfH = Math.atan(Math.tan(Math.PI / 6) * aspect);
    expect(d).toBeCloseTo(5 / Math.sin(halfH), 12);
    expect(d).toBeGreaterThan(1.9 * fitDistance(5, 60, 1)); // about twice as far as square
  });

  it('is the nearest distance that fits, at every aspect and field of view', () => {
    for (const fov of [20, 45, 55, 90, 150]) {
      for (const aspect of [0.25, 390 / 844, 0.999, 1, 1.6, 4]) {
        const d = fitDistance(3, fov, aspect);
        expect(fits(3, d, fov, aspect), `fov ${fov} aspect ${aspect}`).toBe(true);
        expect(fits(3, d * 0.99, fov, aspect), `fov ${fov} aspect ${aspect} nearer`).toBe(false);
      }
    }
  });

  it('grows with the radius and is 0 for a point', () => {
    expect(fitDistance(0, 50, 1)).toBe(0);
    expect(fitDistance(8, 50, 0.5)).toBeCloseTo(2 * fitDistance(4, 50, 0.5), 12);
  });

  it('rejects a radius, field of view or aspect it cannot frame, naming it', () => {
    expect(() => fitDistance(-1, 50, 1)).toThrow(
      new RangeError('fitDistance radius must be a finite number >= 0, got -1'),
    );
    expect(() => fitDistance(Number.NaN, 50, 1)).toThrow(/radius .* got NaN/);
    expect(() => fitDistance(Infinity, 50, 1)).toThrow(/radius .* got Infinity/);
    expect(() => fitDistance(1, 0, 1)).toThrow(
      new RangeError('fitDistance fov must be between 0 and 180 degrees, got 0'),
    );
    expect(() => fitDistance(1, 180, 1)).toThrow(/fov .* got 180/);
    expect(() => fitDistance(1, 50, 0)).toThrow(
      new RangeError('fitDistance aspect must be a finite number > 0, got 0'),
    );
    expect(() => fitDistance(1, 50, Number.NaN)).toThrow(/aspect .* got NaN/);
    expect(() => fitDistance(1, 50, Infinity)).toThrow(/aspect .* got Infinity/);
  });
});
