import { describe, expect, it } from 'vitest';
import { Accumulator } from './accumulator.js';
import { TimeScale } from './scale.js';
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
    expect(acc.now).toBe(160);
  });

  it('owes only the time past the latest stamp when the clock comes back to its timeline', () => {
    const acc = make();
    acc.add(100);
    acc.add(200);
    expect(acc.add(150)).toBe(0);
    expect(acc.add(210)).toBe(10 * perMs);
    expect(acc.add(220)).toBe(10 * perMs);
    expect(acc.elapsed).toBe(120 * perMs);
  });

  it('accepts a timestamp of exactly ±2^53 ms, as a baseline and after one', () => {
    const first = make();
    first.add(2 ** 53);
    expect(first.now).toBe(2 ** 53);
    const later = make();
    later.add(2 ** 53 - 1000);
    // longer than maxDelta, so the frame takes the checked path
    expect(later.add(2 ** 53)).toBe(1000 * perMs);
    expect(later.now).toBe(2 ** 53);
    const negative = make();
    negative.add(-(2 ** 53));
    expect(negative.now).toBe(-(2 ** 53));
  });

  it('keeps its clock (elapsed) going across a resync, never back', () => {
    const acc = make();
    acc.add(0);
    acc.add(100);
    expect(acc.elapsed).toBe(100 * perMs);
    acc.resync();
    acc.add(5000);
    expect(acc.elapsed).toBe(100 * perMs);
    acc.add(5010);
    expect(acc.elapsed).toBe(110 * perMs);
  });

  it('treats a repeated timestamp, and one beyond 2^53 ms, as zero-length', () => {
    const acc = make();
    acc.add(100);
    expect(acc.add(100)).toBe(0);
    expect(acc.add(2 ** 54)).toBe(0);
    expect(acc.now).toBe(100);
    expect(acc.add(110)).toBe(10 * perMs);
  });

  it('clamps a long frame to maxDelta and adds up what it cut until the caller clears it', () => {
    const acc = make();
    acc.add(0);
    expect(acc.add(1000)).toBe(1000 * perMs);
    expect(acc.overstep).toBe(250 * perMs);
    expect(acc.clamped).toBe(750 * perMs);
    acc.add(1010);
    expect(acc.overstep).toBe(260 * perMs);
    expect(acc.clamped).toBe(750 * perMs);
    acc.clamped = 0;
    acc.add(1310);
    expect(acc.clamped).toBe(50 * perMs);
    expect(acc.elapsed).toBe(1310 * perMs);
  });

  it('starts a new baseline after resync, setting owed steps aside for one frame', () => {
    const acc = make(10, false);
    acc.add(0);
    acc.add(25);
    acc.resync();
    expect(acc.add(60_000)).toBe(0);
    expect(runDue(acc)).toBe(0);
    expect(acc.alpha).toBe(0.5);
    expect(acc.add(60_010)).toBe(10 * perMs);
    expect(runDue(acc)).toBe(3);
  });

  it('sets everything aside across a resync when the phase need not be kept', () => {
    const acc = new Accumulator(base, 250, 10, true, false);
    acc.add(0);
    acc.add(25);
    acc.resync();
    acc.add(Number.NaN);
    expect(acc.overstep).toBe(0);
    acc.add(100);
    expect(acc.overstep).toBe(0);
    acc.add(100);
    expect(acc.overstep).toBe(25 * perMs);
  });

  /** An accumulator with a time scale, and a way to change it as the loop does. */
  function scaled(value: number) {
    const speed = new TimeScale();
    const acc = new Accumulator(base, 250, 10, true, true, speed);
    const set = (v: number) => {
      if (speed.set(v)) acc.refresh();
    };
    set(value);
    return { acc, set };
  }

  it('scales the time owed by timeScale, after the clamp, and returns the real time', () => {
    const { acc, set } = scaled(0.5);
    acc.add(0);
    expect(acc.add(20)).toBe(20 * perMs);
    expect(acc.overstep).toBe(perStep);
    expect(acc.add(1020)).toBe(1000 * perMs);
    expect(acc.overstep).toBe(perStep + 125 * perMs);
    set(0);
    acc.add(1030);
    expect(acc.overstep).toBe(perStep + 125 * perMs);
  });

  it('rounds scaled time from the running total, not frame by frame', () => {
    const { acc } = scaled(1 / 3);
    acc.add(0);
    // 1 unit per frame, scaled: rounding each frame alone would owe nothing at all
    for (let i = 1; i <= 300; i++) acc.add(i / perMs);
    expect(acc.overstep).toBe(100);
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
