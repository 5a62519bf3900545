import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../test-support/check.js';
import { hashNumbers } from './hash.js';

describe('hashNumbers', () => {
  it('gives these values on every engine: recordings made here verify anywhere', () => {
    // Pinned: a change of the function would make every saved recording fail to verify.
    expect(hashNumbers([])).toBe(0);
    expect(hashNumbers([0])).toBe(0xa9737b57);
    expect(hashNumbers([1, 2, 3])).toBe(0x248b6ad8);
    expect(hashNumbers(new Float32Array([0.5, -2.25]), 7)).toBe(0xcb6e0d92);
  });

  it('is an unsigned 32-bit integer', () => {
    check(
      fc.property(fc.array(fc.double()), fc.integer(), (values, seed) => {
        const h = hashNumbers(values, seed);
        expect(Number.isInteger(h) && h >= 0 && h <= 0xffffffff).toBe(true);
      }),
      200,
    );
  });

  it('tells apart states that differ in one bit of one number, or in order, or in length', () => {
    const base = [1.5, -3, 1e-300, 42];
    const h = hashNumbers(base);
    expect(hashNumbers([1.5, -3, 1e-300, 42])).toBe(h);
    expect(hashNumbers([1.5000000000000002, -3, 1e-300, 42])).not.toBe(h); // lowest mantissa bit
    expect(hashNumbers([1.5, -3, 1e-300, 43])).not.toBe(h);
    expect(hashNumbers([-3, 1.5, 1e-300, 42])).not.toBe(h);
    expect(hashNumbers([1.5, -3, 1e-300, 42, 0])).not.toBe(h);
    expect(hashNumbers([0])).not.toBe(hashNumbers([-0]));
    expect(hashNumbers([2 ** 32])).not.toBe(hashNumbers([1])); // the high word counts
    expect(hashNumbers(base, 1)).not.toBe(h);
  });

  it('chains: hashing two arrays in turn depends on both', () => {
    const a = hashNumbers([1, 2]);
    expect(hashNumbers([3], a)).not.toBe(hashNumbers([3], hashNumbers([1, 5])));
    expect(hashNumbers([3], a)).toBe(hashNumbers([3], hashNumbers(new Float64Array([1, 2]))));
  });

  it('collides no more than chance over many small states', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 20_000; i++) seen.add(hashNumbers([i % 100, Math.floor(i / 100) * 0.1]));
    expect(seen.size).toBe(20_000);
  });
});
