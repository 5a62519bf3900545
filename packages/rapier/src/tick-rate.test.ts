import { describe, expect, it } from 'vitest';
import { TickRate } from './tick-rate.js';

describe('the ticks-per-second figure', () => {
  it('is the ticks between two readings over the real time between them', () => {
    const rate = new TickRate();
    expect(rate.read(10, 1000)).toBe(0);
    expect(rate.read(40, 1500)).toBe(60);
    expect(rate.read(49, 2000)).toBe(18);
    // A reading at the same moment keeps the figure instead of dividing by zero.
    expect(rate.read(60, 2000)).toBe(18);
    expect(rate.perSecond).toBe(18);
  });
});
