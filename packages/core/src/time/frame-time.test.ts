import { describe, expect, it } from 'vitest';
import { FrameClock } from './frame-time.js';
import { timeBase } from './ticks.js';

const base = timeBase(10, false);
const perMs = base.perMs;

describe('FrameClock', () => {
  it('makes the first frame a baseline that advances nothing', () => {
    const clock = new FrameClock(base, 250);
    expect(clock.delta(5000)).toBe(0);
    expect(clock.delta(5010)).toBe(10 * perMs);
  });

  it('treats NaN and Infinity as zero-length frames without moving the baseline', () => {
    const clock = new FrameClock(base, 250);
    clock.delta(0);
    expect(clock.delta(Number.NaN)).toBe(0);
    expect(clock.delta(Number.POSITIVE_INFINITY)).toBe(0);
    expect(clock.delta(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(clock.delta(20)).toBe(20 * perMs);
  });

  it('treats a backwards timestamp as zero-length and measures from it afterwards', () => {
    const clock = new FrameClock(base, 250);
    clock.delta(100);
    clock.delta(200);
    expect(clock.delta(150)).toBe(0);
    expect(clock.delta(160)).toBe(10 * perMs);
  });

  it('clamps a long frame to maxDelta and reports what it cut', () => {
    const clock = new FrameClock(base, 250);
    clock.delta(0);
    expect(clock.delta(1000)).toBe(250 * perMs);
    expect(clock.clamped).toBe(750 * perMs);
    expect(clock.delta(1010)).toBe(10 * perMs);
    expect(clock.clamped).toBe(0);
  });

  it('starts a new baseline after resync', () => {
    const clock = new FrameClock(base, 250);
    clock.delta(0);
    clock.delta(10);
    clock.resync();
    expect(clock.delta(60_000)).toBe(0);
    expect(clock.delta(60_010)).toBe(10 * perMs);
  });
});
