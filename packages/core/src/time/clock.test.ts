import { describe, expect, it } from 'vitest';
import { Clock } from './clock.js';
import { UNITS_PER_STEP } from './rule.js';

const perStep = UNITS_PER_STEP;
const perMs = perStep / 10;
const make = (maxSteps = 10, drop = true) =>
  new Clock({ timestep: 10, maxDelta: 250, maxSteps, overflow: drop ? 'drop' : 'carry' });

/** Runs the steps owed, as a loop does, and returns how many ran. */
function runDue(acc: Clock): number {
  let n = 0;
  for (; acc.due(); n++) acc.step();
  return n;
}

describe('Clock: real time in', () => {
  it('makes the first frame a baseline that owes nothing', () => {
    const acc = make();
    expect(acc.advance(5000)).toBe(0);
    expect(acc.advance(5010)).toBe(10 * perMs);
    expect(acc.owed).toBe(perStep);
  });

  it('treats NaN and Infinity as zero-length frames without moving the baseline', () => {
    const acc = make();
    acc.advance(0);
    expect(acc.advance(Number.NaN)).toBe(0);
    expect(acc.advance(Number.POSITIVE_INFINITY)).toBe(0);
    expect(acc.advance(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(acc.advance(20)).toBe(20 * perMs);
    expect(acc.owed).toBe(20 * perMs);
  });

  it('treats a backwards timestamp as zero-length and measures from it afterwards', () => {
    const acc = make();
    acc.advance(100);
    acc.advance(200);
    expect(acc.advance(150)).toBe(0);
    expect(acc.advance(160)).toBe(10 * perMs);
    expect(acc.now).toBe(160);
  });

  it('owes only the time past the latest stamp when the clock comes back to its timeline', () => {
    const acc = make();
    acc.advance(100);
    acc.advance(200);
    expect(acc.advance(150)).toBe(0);
    expect(acc.advance(210)).toBe(10 * perMs);
    expect(acc.advance(220)).toBe(10 * perMs);
    expect(acc.elapsed).toBe(120 * perMs);
  });

  it('accepts a timestamp of exactly ±2^53 ms, as a baseline and after one', () => {
    const first = make();
    first.advance(2 ** 53);
    expect(first.now).toBe(2 ** 53);
    const later = make();
    later.advance(2 ** 53 - 1000);
    // longer than maxDelta, so the frame takes the checked path
    expect(later.advance(2 ** 53)).toBe(1000 * perMs);
    expect(later.now).toBe(2 ** 53);
    const negative = make();
    negative.advance(-(2 ** 53));
    expect(negative.now).toBe(-(2 ** 53));
  });

  it('keeps its clock (elapsed) going across a resync, never back', () => {
    const acc = make();
    acc.advance(0);
    acc.advance(100);
    expect(acc.elapsed).toBe(100 * perMs);
    acc.resync();
    acc.advance(5000);
    expect(acc.elapsed).toBe(100 * perMs);
    acc.advance(5010);
    expect(acc.elapsed).toBe(110 * perMs);
  });

  it('treats a repeated timestamp, and one beyond 2^53 ms, as zero-length', () => {
    const acc = make();
    acc.advance(100);
    expect(acc.advance(100)).toBe(0);
    expect(acc.advance(2 ** 54)).toBe(0);
    expect(acc.now).toBe(100);
    expect(acc.advance(110)).toBe(10 * perMs);
  });

  it('treats a stamp just beyond 2^53 ms as bad, even within maxDelta of the last good one', () => {
    const acc = make();
    acc.advance(2 ** 53 - 100);
    expect(acc.advance(2 ** 53 + 100)).toBe(0);
    expect(acc.now).toBe(2 ** 53 - 100);
    expect(acc.elapsed).toBe(0);
    expect(acc.advance(2 ** 53)).toBe(100 * perMs);
  });

  it('clamps a long frame to maxDelta and adds up what it cut', () => {
    const acc = make();
    acc.advance(0);
    expect(acc.advance(1000)).toBe(1000 * perMs);
    expect(acc.owed).toBe(250 * perMs);
    expect(acc.clamped).toBe(750 * perMs);
    acc.advance(1010);
    expect(acc.owed).toBe(260 * perMs);
    expect(acc.clamped).toBe(750 * perMs);
    acc.advance(1310);
    expect(acc.clamped).toBe(800 * perMs);
    expect(acc.elapsed).toBe(1310 * perMs);
  });

  it('starts a new baseline after resync, setting owed steps aside for one frame', () => {
    const acc = make(10, false);
    acc.advance(0);
    acc.advance(25);
    acc.resync();
    expect(acc.advance(60_000)).toBe(0);
    expect(runDue(acc)).toBe(0);
    expect(acc.alpha).toBe(0.5);
    expect(acc.advance(60_010)).toBe(10 * perMs);
    expect(runDue(acc)).toBe(3);
  });

  it('sets everything aside across a resync when the phase need not be kept', () => {
    const acc = make();
    acc.advance(0);
    acc.advance(25);
    acc.resync(true);
    acc.advance(Number.NaN);
    expect(acc.owed).toBe(0);
    acc.advance(100);
    expect(acc.owed).toBe(0);
    acc.advance(100);
    expect(acc.owed).toBe(25 * perMs);
  });

  /** A clock with a time scale, and a way to change it as the loop does. */
  function scaled(value: number) {
    const acc = make();
    acc.timeScale = value;
    const set = (v: number) => {
      acc.timeScale = v;
    };
    return { acc, set };
  }

  it('scales the time owed by timeScale, after the clamp, and returns the real time', () => {
    const { acc, set } = scaled(0.5);
    acc.advance(0);
    expect(acc.advance(20)).toBe(20 * perMs);
    expect(acc.owed).toBe(perStep);
    expect(acc.advance(1020)).toBe(1000 * perMs);
    expect(acc.owed).toBe(perStep + 125 * perMs);
    set(0);
    acc.advance(1030);
    expect(acc.owed).toBe(perStep + 125 * perMs);
  });

  it('rounds scaled time from the running total, not frame by frame', () => {
    const { acc } = scaled(1 / 3);
    acc.advance(0);
    // 1 unit per frame, scaled: rounding each frame alone would owe nothing at all
    for (let i = 1; i <= 300; i++) acc.advance(i / perMs);
    expect(acc.owed).toBe(100);
  });

  it('rounds from the origin, so 10 000 frames of 1/3 ms stay within one unit', () => {
    const acc = make();
    acc.advance(0);
    let t = 0;
    for (let i = 0; i < 10_000; i++) {
      t += 1 / 3;
      acc.advance(t);
    }
    expect(Math.abs(acc.owed - (10_000 / 3) * perMs)).toBeLessThanOrEqual(0.5);
  });
});

describe('Clock: fixed steps out', () => {
  it('owes one step per whole timestep and keeps the leftover as alpha', () => {
    const acc = make();
    acc.advance(0);
    acc.advance(25);
    expect(runDue(acc)).toBe(2);
    expect(acc.tick).toBe(2);
    expect(acc.alpha).toBe(0.5);
    acc.advance(30);
    expect(runDue(acc)).toBe(1);
    expect(acc.alpha).toBe(0);
  });

  it('stops at maxSteps and drops the whole steps left, keeping the phase', () => {
    const acc = make(3, true);
    acc.advance(0);
    acc.advance(57);
    expect(runDue(acc)).toBe(3);
    expect(acc.dropped).toBe(2 * perStep);
    expect(acc.owed).toBe(Math.round(57 * perMs) - 5 * perStep);
    expect(acc.alpha).toBeCloseTo(0.7, 6);
  });

  it('carries the whole steps left without drop, with alpha just below 1', () => {
    const acc = make(3, false);
    acc.advance(0);
    acc.advance(57);
    expect(runDue(acc)).toBe(3);
    expect(acc.dropped).toBe(0);
    expect(acc.alpha).toBe((perStep - 1) / perStep);
    acc.advance(57); // the same timestamp: nothing new is owed, the carried steps run
    expect(runDue(acc)).toBe(2);
    expect(acc.alpha).toBeCloseTo(0.7, 6);
  });
});

describe('Clock: the time scale', () => {
  /** Owed units after feeding `units` of real time per frame, `frames` times, at `scale`. */
  const owedAt = (scale: number, frames: number, unitsPerFrame: number) => {
    const clock = new Clock({ timestep: 10, maxDelta: 1e9, timeScale: scale });
    clock.advance(0);
    for (let i = 1; i <= frames; i++) clock.advance((i * unitsPerFrame) / perMs);
    return clock.owed;
  };

  it('owes the same total however the real time is cut into frames', () => {
    // 6 000 steps of real time at 0.7: 4 200 steps, in one frame or in 6 000
    expect(owedAt(0.7, 1, 6000 * perStep)).toBe(4200 * perStep);
    expect(owedAt(0.7, 6000, perStep)).toBe(4200 * perStep);
  });

  it('ignores the value in force and starts a new total on a change', () => {
    const clock = make();
    clock.advance(0);
    clock.timeScale = 0.5;
    clock.advance(3 / perMs); // 3 units at 0.5: 1.5, rounded to 2
    expect(clock.owed).toBe(2);
    clock.timeScale = 0.5; // the value in force: the total goes on (3 + 3 = 6 → 3)
    clock.advance(6 / perMs);
    expect(clock.owed).toBe(3);
    clock.timeScale = 2;
    clock.advance(9 / perMs);
    expect(clock.owed).toBe(9);
    clock.timeScale = 0;
    clock.advance(1009 / perMs);
    expect(clock.owed).toBe(9);
  });
});

describe('Clock: the figures and the steps of other lengths', () => {
  it('shows simulated time, the leftover as lag, and the real time let through', () => {
    const clock = make();
    clock.advance(0);
    clock.advance(25);
    expect([clock.elapsed, clock.lag, clock.time, clock.steps]).toEqual([25 * perMs, 0.025, 0, 0]);
    runDue(clock);
    expect(clock.time).toBe(2 * 0.01);
    expect(clock.lag).toBeCloseTo(0.005, 12);
    expect(clock.steps).toBe(2);
  });

  it('counts updates of any length through spend(): whole steps as ticks, the rest as time', () => {
    const clock = make();
    clock.advance(0);
    clock.advance(25);
    clock.spend(15 * perMs, 15 * perMs);
    expect([clock.tick, clock.steps, clock.owed]).toEqual([1, 1, 10 * perMs]);
    expect(clock.time).toBeCloseTo(0.015, 12);
    clock.spend(10 * perMs, 0); // taken, not simulated: no update counted
    expect([clock.tick, clock.steps, clock.owed]).toEqual([1, 1, 0]);
    clock.spend(0, 5 * perMs);
    expect([clock.tick, clock.time]).toEqual([2, 0.02]);
  });

  it('drops all that is owed with policy drop, and keeps it with carry', () => {
    const dropping = make(10, true);
    dropping.advance(0);
    dropping.advance(25);
    dropping.drop();
    expect([dropping.owed, dropping.dropped]).toEqual([0, 25 * perMs]);
    const carrying = make(10, false);
    carrying.advance(0);
    carrying.advance(25);
    carrying.drop();
    expect([carrying.owed, carrying.dropped]).toEqual([25 * perMs, 0]);
  });
});
