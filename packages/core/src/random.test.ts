import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Random } from './random.js';
import { check } from './test-support/check.js';

/** The first `n` numbers of a generator. */
function take(random: Random, n: number): number[] {
  return Array.from({ length: n }, () => random.next());
}

describe('Random', () => {
  it('is mulberry32: the published first numbers for seed 1, on every engine', () => {
    // Reference values of mulberry32(1), the generator as its author published it.
    expect(take(new Random(1), 3)).toEqual([
      0.6270739405881613, 0.002735721180215478, 0.5274470399599522,
    ]);
  });

  it('gives the same sequence for the same seed, another for another seed', () => {
    expect(take(new Random(42), 100)).toEqual(take(new Random(42), 100));
    expect(take(new Random(42), 100)).not.toEqual(take(new Random(43), 100));
  });

  it('continues from a saved state exactly', () => {
    const random = new Random(7);
    take(random, 10);
    const saved = random.state;
    const next = take(random, 50);
    take(random, 5);
    random.state = saved;
    expect(take(random, 50)).toEqual(next);
  });

  it('takes any integer seed by its low 32 bits, Date.now() and negatives included', () => {
    expect(take(new Random(2 ** 32 + 5), 5)).toEqual(take(new Random(5), 5));
    expect(take(new Random(-1), 5)).toEqual(take(new Random(2 ** 32 - 1), 5));
    expect(new Random(1_763_800_000_000).state).toBe(1_763_800_000_000 % 2 ** 32);
  });

  it('stays in [0, 1) and spreads evenly: ten buckets of 100 000 numbers within 2 %', () => {
    const random = new Random(2026);
    const buckets = new Array<number>(10).fill(0);
    let outside = 0;
    for (let i = 0; i < 100_000; i++) {
      const x = random.next();
      if (x < 0 || x >= 1) outside++;
      else buckets[Math.floor(x * 10)]!++;
    }
    expect(outside).toBe(0);
    for (const count of buckets) expect(Math.abs(count - 10_000)).toBeLessThan(200);
  });

  it('never leaves [0, 1), its state a 32-bit unsigned integer, from any seed', () => {
    check(
      fc.property(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), (seed) => {
        const random = new Random(seed);
        for (let i = 0; i < 50; i++) {
          const x = random.next();
          if (!(x >= 0 && x < 1)) return false;
          if (!Number.isInteger(random.state) || random.state < 0 || random.state >= 2 ** 32) {
            return false;
          }
        }
        return true;
      }),
      500,
    );
  });

  it('refuses a seed that is not an integer, naming it', () => {
    expect(() => new Random(1.5)).toThrow(
      new RangeError('Random seed must be an integer, got 1.5'),
    );
    expect(() => new Random(Number.NaN)).toThrow(/got NaN/);
    expect(() => new Random('7' as never)).toThrow('got "7"');
  });
});
