import { describe, expect, it } from 'vitest';
import { accepts, allowed, readBounded } from './bounds.js';

const whole = { min: 1, max: 1000, step: 1 } as const;
const real = { min: 0, max: 8, step: 'any' } as const;

describe('what a numeric setting accepts', () => {
  it('a finite number within bounds, whole where the step is 1', () => {
    expect(accepts(whole, 10)).toBe(true);
    expect(accepts(whole, 2.5)).toBe(false);
    expect(accepts(whole, 0)).toBe(false);
    expect(accepts(whole, 1001)).toBe(false);
    expect(accepts(real, 2.5)).toBe(true);
    expect(accepts(real, Number.NaN)).toBe(false);
    expect(accepts(real, Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('reads text, refusing blanks and anything it does not accept', () => {
    expect(readBounded('10', whole)).toBe(10);
    expect(readBounded('2.5', whole)).toBeUndefined();
    expect(readBounded(' ', whole)).toBeUndefined();
    expect(readBounded(null, whole)).toBeUndefined();
    expect(readBounded(undefined, real)).toBeUndefined();
    expect(readBounded(' ', real)).toBeUndefined();
    expect(readBounded('', real)).toBeUndefined();
    expect(readBounded('0.12345', real)).toBe(0.12345);
  });

  it('says what is allowed', () => {
    expect(allowed('maxSteps', whole)).toBe('maxSteps must be a whole number from 1 to 1000');
    expect(allowed('jitter', real)).toBe('jitter must be a number from 0 to 8');
  });
});
