import { describe, expect, it } from 'vitest';
import { Accumulator } from './accumulator.js';
import { timeBase } from './ticks.js';

const base = timeBase(10, false);
const { perMs, perStep } = base;
const make = (maxSteps = 10, drop = true) => new Accumulator(base, 250, maxSteps, drop);

/** Runs the steps owed, as a loop does, and returns how many ran. */
function runDue(acc: Accumulator): number {
  let n = 0;
  for (; acc.due(n); n++) acc.step();
  return n;
}

describe('Accumulator: real time in', () => {
  it('makes the first frame a baseline that owes nothing', () => {
    const acc = make();
    expect(acc.add(5000)).toBe(0);
    expect(acc.add(5010)).toBe(10 * perMs);
    expect(acc.overstep).toBe(perStep);
  });

  it('treats NaN and Infinity as zero-length frames without moving the baseline', () => {
    const acc = make();
    acc.add(0);
    expect(acc.add(Number.NaN)).toBe(0);
    expect(acc.add(Number.POSITIVE_INFINITY)).toBe(0);
    expect(acc.add(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(acc.add(20)).toBe(20 * perMs);
    expect(acc.overstep).toBe(20 * perMs);
  });

  it('treats a backwards timestamp as zero-length and measures from it afterwards', () => {
    const acc = make();
    acc.add(100);
    acc.add(200);
    expect(acc.add(150)).toBe(0);
    expect(acc.add(160)).toBe(10 * perMs);
  });

  it('clamps a long frame to maxDelta and adds up what it cut until the caller clears it', () => {
    const acc = make();
    acc.add(0);
    expect(acc.add(1000)).toBe(250 * perMs);
    expect(acc.clamped).toBe(750 * perMs);
    expect(acc.add(1010)).toBe(10 * perMs);
    expect(acc.clamped).toBe(750 * perMs);
    acc.clamped = 0;
    acc.add(1310);
    expect(acc.clamped).toBe(50 * perMs);
  });

  it('starts a new baseline after resync', () => {
    const acc = make();
    acc.add(0);
    acc.add(10);
    acc.resync();
    expect(acc.add(60_000)).toBe(0);
    expect(acc.add(60_010)).toBe(10 * perMs);
  });

  it('scales the time owed by timeScale, after the clamp', () => {
    const acc = make();
    acc.timeScale = 0.5;
    acc.add(0);
    expect(acc.add(20)).toBe(perStep);
    expect(acc.add(1020)).toBe(125 * perMs);
    acc.timeScale = 0;
    expect(acc.add(1030)).toBe(0);
  });

  it('rounds from the origin, so 10 000 frames of 1/3 ms stay within one unit', () => {
    const acc = make();
    acc.add(0);
    let t = 0;
    for (let i = 0; i < 10_000; i++) {
      t += 1 / 3;
      acc.add(t);
    }
    expect(Math.abs(acc.overstep - (10_000 / 3) * perMs)).toBeLessThanOrEqual(0.5);
  });
});

describe('Accumulator: fixed steps out', () => {
  it('owes one step per whole timestep and keeps the leftover as alpha', () => {
    const acc = make();
    acc.add(0);
    acc.add(25);
    expect(runDue(acc)).toBe(2);
    expect(acc.tick).toBe(2);
    expect(acc.alpha).toBe(0.5);
    acc.add(30);
    expect(runDue(acc)).toBe(1);
    expect(acc.alpha).toBe(0);
  });

  it('stops at maxSteps and drops the whole steps left, keeping the phase', () => {
    const acc = make(3, true);
    acc.add(0);
    acc.add(57);
    expect(runDue(acc)).toBe(3);
    expect(acc.dropped).toBe(2 * perStep);
    expect(acc.overstep).toBe(Math.round(57 * perMs) - 5 * perStep);
    expect(acc.alpha).toBeCloseTo(0.7, 6);
  });

  it('carries the whole steps left without drop, with alpha just below 1', () => {
    const acc = make(3, false);
    acc.add(0);
    acc.add(57);
    expect(runDue(acc)).toBe(3);
    expect(acc.dropped).toBe(0);
    expect(acc.alpha).toBe((perStep - 1) / perStep);
    acc.add(57); // the same timestamp: nothing new is owed, the carried steps run
    expect(runDue(acc)).toBe(2);
    expect(acc.alpha).toBeCloseTo(0.7, 6);
  });
});
