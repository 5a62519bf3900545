import { describe, expect, it } from 'vitest';
import { capStamps, coreCap, naiveCap } from './cap.js';
import { walk } from './drift.js';
import { EXPERIMENTS, experimentValues, findExperiment } from './index.js';
import { exactPosition, integrate } from './integrator.js';
import { fullSpeedFloor, spiral } from './spiral.js';
import { replay } from './trace.js';

const figure = (id: string, values: Record<string, number>, key: string) =>
  findExperiment(id)!
    .run(values)
    .find((row) => row.key === key)!;

describe("seed 002's drift", () => {
  it('runs exactly seconds × fps steps at any rate; the float loop overshoots at some', () => {
    for (const fps of [30, 60, 120, 144, 240]) expect(walk(fps, 10).ticks).toBe(fps * 10);
    expect(walk(60, 10).distance).toBeCloseTo(25 / 3, 10);
    expect(walk(30, 10).floatSteps).toBe(301);
    expect(walk(240, 10).floatSteps).toBe(2401);
  });

  it('shows the seed figure and follows its parameters', () => {
    expect(figure('drift', {}, 'a-distance')).toMatchObject({ ours: '8.3333' });
    expect(figure('drift', {}, 'a-distance').seed).toContain('8.3472');
    expect(figure('drift', { a: 30 }, 'a-ticks').ours).toBe('300');
    expect(figure('drift', { seconds: 2 }, 'exact').ours).toBe('1.6667');
  });
});

describe("seed 003's integrator", () => {
  it("reproduces the seed's table", () => {
    const rows = integrate(250, 1);
    expect(rows.map((r) => r.position)).toEqual([0, 0.75, 1.4375, 2.0625, 2.625]);
    expect(rows.map((r) => r.velocity)).toEqual([3, 2.75, 2.5, 2.25, 2]);
    expect(integrate(1000, 1).at(-1)!.position).toBe(3);
    expect(exactPosition(1)).toBe(2.5);
  });

  it('follows the step size', () => {
    expect(figure('integrator', { small: 500 }, 'small').ours).toBe('2.7500');
    expect(figure('integrator', { large: 100 }, 'large').ours).toBe('2.5500');
  });
});

describe("seed 004's trace", () => {
  it('ticks once, at the third frame, carrying the leftover', () => {
    const frames = replay([10, 15, 18, 16], 1000 / 30);
    expect(frames.map((f) => f.ticks)).toEqual([0, 0, 1, 0]);
    expect(frames[2]!.leftover).toBeCloseTo(43 - 1000 / 30, 4);
    expect(frames[3]!.leftover).toBeCloseTo(59 - 1000 / 30, 4);
    expect(figure('trace', {}, 'first-tick').ours).toBe('3');
    expect(figure('trace', { d1: 40 }, 'first-tick').ours).toBe('1');
    expect(figure('trace', { timestep: 1000 }, 'first-tick').ours).toBe('none');
  });
});

describe('the spiral of death', () => {
  it('without a guard frames keep growing; maxDelta and maxSteps bound them', () => {
    const none = spiral(20, 1000 / 60, 1e9, 1e9, 5);
    const clamped = spiral(20, 1000 / 60, 250, 1e9, 5);
    const capped = spiral(20, 1000 / 60, 1e9, 10, 5);
    expect(none.lastFrame).toBeGreaterThan(500);
    expect(clamped.lastFrame).toBeCloseTo(300, 6);
    expect(capped.lastFrame).toBeCloseTo(200, 6);
    expect(capped.lastSteps).toBe(10);
    expect(capped.gameSpeed).toBeLessThan(0.9);
    expect(capped.dropped).toBeGreaterThan(0);
  });

  it('keeps up when an update costs less than its timestep', () => {
    const cheap = spiral(5, 1000 / 60, 1e9, 1e9, 5);
    expect(cheap.lastFrame).toBeCloseTo(1000 / 60, 6);
    expect(cheap.gameSpeed).toBeCloseTo(1, 2);
  });

  it("finds deWiTTERS' floor: rate / maxSteps", () => {
    expect(fullSpeedFloor(50, 10)).toBe(5);
    expect(fullSpeedFloor(60, 10)).toBe(6);
    expect(figure('spiral', { maxSteps: 5 }, 'floor').ours).toBe('10 fps');
  });
});

describe('the FPS cap', () => {
  it('renders the cap on 60, 120 and 144 Hz; the naive cap falls short', () => {
    for (const hz of [60, 120, 144]) {
      const stamps = capStamps(hz, 0.3, 10);
      expect(coreCap(30, stamps)).toBeCloseTo(30, 1);
      expect(naiveCap(30, stamps)).toBeLessThan(29.5);
    }
    expect(Number(figure('cap', { cap: 20 }, 'core-60').ours)).toBeCloseTo(20, 1);
  });
});

describe('the experiment list', () => {
  it('has five experiments, each with a seed figure and a figure of ours', () => {
    expect(EXPERIMENTS.map((e) => e.id)).toEqual(['drift', 'integrator', 'trace', 'spiral', 'cap']);
    for (const experiment of EXPERIMENTS) {
      const rows = experiment.run({});
      expect(
        rows.some((row) => row.seed !== null),
        experiment.id,
      ).toBe(true);
      expect(
        rows.every((row) => row.ours !== ''),
        experiment.id,
      ).toBe(true);
      expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
    }
  });

  it('reads parameters from the lab state, ignoring those out of bounds', () => {
    const drift = findExperiment('drift')!;
    expect(experimentValues(drift, { 'drift.a': 30, 'drift.b': 1e9, 'cap.cap': 5 })).toEqual({
      a: 30,
    });
    expect(findExperiment('nope')).toBeUndefined();
  });
});
