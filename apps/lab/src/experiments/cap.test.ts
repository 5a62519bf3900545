import { describe, expect, it } from 'vitest';
import { capStamps, coreCap, naiveCap } from './cap.js';

describe('the FPS cap experiment', () => {
  it('a steady 50 Hz display shows 51 frames in a second, both ends included', () => {
    const stamps = capStamps(50, 0, 1);
    expect(stamps).toHaveLength(51);
    expect(stamps[50]! - stamps[0]!).toBeCloseTo(1000, 9);
  });

  it('the naive cap keeps a frame that comes exactly one interval after the last', () => {
    const steady = capStamps(50, 0, 1);
    expect(naiveCap(25, steady)).toBeCloseTo(25, 9);
    expect(coreCap(25, steady)).toBeCloseTo(25, 9);
  });

  it('with vsync jitter the naive cap falls short of its cap and ours holds it', () => {
    const jittery = capStamps(60, 0.5, 4);
    expect(naiveCap(30, jittery)).toBeLessThan(27);
    expect(coreCap(30, jittery)).toBeCloseTo(30, 0);
  });

  it('no rate from fewer than two frames', () => {
    for (const stamps of [[], [1000]]) {
      expect(naiveCap(30, stamps)).toBe(0);
      expect(coreCap(30, stamps)).toBe(0);
    }
  });
});
