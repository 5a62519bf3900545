import { describe, expect, it } from 'vitest';
import { splitRanges } from './ranges';

describe('splitRanges', () => {
  it('covers every body once, in order, with sizes differing by at most one', () => {
    for (const count of [0, 1, 3, 4, 5, 48, 1001]) {
      for (const parts of [1, 2, 4, 7]) {
        const ranges = splitRanges(count, parts);
        expect(ranges).toHaveLength(parts);
        let next = 0;
        for (const range of ranges) {
          expect(range.start).toBe(next);
          next += range.count;
        }
        expect(next).toBe(count);
        const sizes = ranges.map((r) => r.count);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('gives the extra bodies to the first ranges', () => {
    expect(splitRanges(10, 4)).toEqual([
      { start: 0, count: 3 },
      { start: 3, count: 3 },
      { start: 6, count: 2 },
      { start: 8, count: 2 },
    ]);
  });

  it('rejects a count or a number of parts that cannot be split, naming both', () => {
    expect(() => splitRanges(-1, 4)).toThrow(/got -1 and 4/);
    expect(() => splitRanges(10, 0)).toThrow(RangeError);
    expect(() => splitRanges(2.5, 4)).toThrow(RangeError);
  });
});
