import { describe, expect, it } from 'vitest';
import { Series } from './series.js';

describe('a plot window', () => {
  it('fills from the front, then slides, keeping samples in order', () => {
    const series = new Series(3, 2);
    for (let i = 1; i <= 5; i++) {
      const k = series.advance(i);
      series.ys[0]![k] = i * 10;
      series.ys[1]![k] = -i;
      if (i === 2) expect([...series.x.subarray(0, series.count)]).toEqual([1, 2]);
    }
    expect(series.count).toBe(3);
    expect(series.version).toBe(5);
    expect([...series.x]).toEqual([3, 4, 5]);
    expect([...series.ys[0]!]).toEqual([30, 40, 50]);
    expect([...series.ys[1]!]).toEqual([-3, -4, -5]);
    series.clear();
    expect(series.count).toBe(0);
    expect(series.advance(9)).toBe(0);
  });
});
