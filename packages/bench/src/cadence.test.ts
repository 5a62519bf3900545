import { describe, expect, it } from 'vitest';
import { measureCadence, RENDER_MS, runCadence, STEP_MS } from './cadence.js';
import {
  CADENCE_DISPLAYS,
  type DisplaySpec,
  displayTrace,
  jitterBound,
} from './cadence-displays.js';
import { CADENCE_NOTES, cadenceTable } from './cadence-table.js';

// Facts the step counts must obey whatever the machine's speed: exact where the arithmetic
// allows it (integer time in @loop/core), bounded where jitter is involved.

const spec = (hz: number, jitterMs: number, missed = 0): DisplaySpec => ({
  name: 'test',
  hz,
  shape: 'uniform',
  jitterMs,
  missed,
});
const STEP_60 = 1000 / 60;
const STEP_64 = 1000 / 64;
const steps = (counts: readonly number[]) => counts[1]! + 2 * counts[2]!;

describe('display traces', () => {
  it('are seeded, increasing, and keep each stamp within the jitter of its vsync', () => {
    for (const display of CADENCE_DISPLAYS) {
      const a = displayTrace(display, 1000, 5);
      expect(Array.from(a.stamps)).toEqual(Array.from(displayTrace(display, 1000, 5).stamps));
      for (let k = 1; k < a.stamps.length; k++) {
        expect(a.stamps[k]!).toBeGreaterThan(a.stamps[k - 1]!);
        expect(Math.abs(a.stamps[k]! - a.vsyncs[k]!)).toBeLessThanOrEqual(jitterBound(display));
      }
    }
  });

  it('refuses jitter that could reorder frames', () => {
    expect(() => displayTrace(spec(60, 9), 10)).toThrow(RangeError);
  });
});

describe('60 Hz step on a 60 Hz display', () => {
  it('runs exactly one step every frame with no jitter, at any phase', () => {
    const trace = displayTrace(spec(60, 0), 1201);
    for (const phase of [0, 0.25, 0.5, 0.9]) {
      const run = runCadence(trace, STEP_60, phase);
      expect(run.counts).toEqual([0, 1200, 0, 0]);
      expect(run.cpuSd).toBe(0);
      expect(run.overBudget).toBe(0);
      expect(run.latest.judder).toBeLessThan(1e-9);
    }
  });

  it('runs exactly one step every frame under ±0.25 ms jitter when started half a step off', () => {
    const trace = displayTrace(spec(60, 0.25), 1220, 3);
    for (let first = 0; first < 20; first++) {
      const run = runCadence(trace, STEP_60, 0.5, first, 1199);
      expect(run.counts).toEqual([0, 1199, 0, 0]);
      expect(run.pairs02).toBe(0);
    }
  });

  it('alternates 0 and 2 steps under the same jitter when started on a vsync', () => {
    const run = runCadence(displayTrace(spec(60, 0.25), 1201, 3), STEP_60, 0);
    expect(run.counts[0]).toBeGreaterThan(0);
    expect(Math.abs(run.counts[0] - run.counts[2])).toBeLessThanOrEqual(1);
    expect(run.pairs02).toBeGreaterThan(0);
    expect(steps(run.counts)).toBeGreaterThanOrEqual(1199);
    expect(steps(run.counts)).toBeLessThanOrEqual(1201);
  });

  it('runs as many steps in a frame as vsyncs passed, when vsyncs are missed', () => {
    const trace = displayTrace(spec(60, 0, 0.05), 3001, 9);
    const expected = [0, 0, 0, 0];
    for (let k = 1; k < trace.vsyncs.length; k++) {
      const vsyncs = Math.round((trace.vsyncs[k]! - trace.vsyncs[k - 1]!) / STEP_60);
      expected[Math.min(vsyncs, 3)]!++;
    }
    expect(expected[2]).toBeGreaterThan(0);
    expect(runCadence(trace, STEP_60, 0.5).counts).toEqual(expected);
  });
});

describe('64 Hz step on a 60 Hz display', () => {
  it('runs 16 steps in 15 frames: 2 steps exactly once in 15, never 0', () => {
    const trace = displayTrace(spec(60, 0), 1501);
    for (const phase of [0.1, 0.5, 0.7]) {
      const run = runCadence(trace, STEP_64, phase);
      expect(run.counts).toEqual([0, 1400, 100, 0]);
      expect(steps(run.counts)).toBe(1600);
      expect(run.stepsPerSecond).toBeCloseTo(64, 1);
      // With 6 ms steps and 5 ms of render, every 2-step frame (17 ms) misses the budget.
      expect(run.overBudget).toBe(100);
      expect(run.cpuMax).toBe(RENDER_MS + 2 * STEP_MS);
      expect(run.cpuMean).toBeCloseTo(RENDER_MS + (STEP_MS * 16) / 15, 9);
      // Rendering the latest state moves 1 step in 14 frames of 15 and 2 in the 15th.
      expect(run.latest.judder).toBeCloseTo(STEP_64 * Math.sqrt(14 / 225), 1);
    }
  });

  it('never runs 0 or 3 steps under ±0.25 ms jitter (frames of 1.03–1.10 steps)', () => {
    const trace = displayTrace(spec(60, 0.25), 1501, 4);
    for (const phase of [0, 0.3, 0.6, 0.9]) {
      const run = runCadence(trace, STEP_64, phase);
      expect(run.counts[0]).toBe(0);
      expect(run.counts[3]).toBe(0);
      expect(Math.abs(run.counts[2] - 100)).toBeLessThanOrEqual(2);
    }
  });
});

describe('the picture', () => {
  it('interpolated on a jitter-free display: steady, exactly one step behind', () => {
    for (const step of [STEP_60, STEP_64]) {
      const run = runCadence(displayTrace(spec(60, 0), 1201), step, 0.3);
      expect(run.interpolated.judder).toBeLessThan(1e-3);
      expect(run.interpolated.wobble).toBeLessThan(1e-3);
      expect(run.interpolated.lag).toBeCloseTo(step, 3);
    }
  });
});

describe('measureCadence and its table', () => {
  it('is deterministic and prints a row per display and step rate', () => {
    const a = measureCadence(300, 2);
    expect(measureCadence(300, 2)).toEqual(a);
    expect(a).toHaveLength(CADENCE_DISPLAYS.length * 2 + 2);
    const text = cadenceTable(a);
    expect(text.trim().split('\n')).toHaveLength(3 + a.length);
    expect(CADENCE_NOTES.length).toBeGreaterThan(0);
  });
});
