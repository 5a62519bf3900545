import { describe, expect, it } from 'vitest';
import { accepts } from '../bounds.js';
import { capStamps, coreCap, naiveCap } from './cap.js';
import { walk } from './drift.js';
import { EXPERIMENTS, experimentValues, findExperiment, readValues } from './index.js';
import { exactPosition, integrate } from './integrator.js';
import { fullSpeedFloor, spiral } from './spiral.js';
import { replay } from './trace.js';
import type { ExperimentParam } from './types.js';

const figure = (id: string, values: Record<string, number>, key: string) =>
  findExperiment(id)!
    .run(values)
    .find((row) => row.key === key)!;

describe("Bellot's drift (The Game Loop)", () => {
  it('runs exactly seconds × fps steps at any rate; the float loop overshoots at some', () => {
    for (const fps of [30, 60, 120, 144, 240]) expect(walk(fps, 10).ticks).toBe(fps * 10);
    expect(walk(60, 10).distance).toBeCloseTo(25 / 3, 10);
    expect(walk(30, 10).floatSteps).toBe(301);
    expect(walk(240, 10).floatSteps).toBe(2401);
  });

  it('runs fps × seconds steps below 4 fps too, where a frame is longer than 250 ms', () => {
    for (const fps of [1, 3]) {
      const result = walk(fps, 10);
      expect(result.ticks).toBe(fps * 10);
      expect(result.distance).toBeCloseTo(25 / 3, 10);
    }
    expect(figure('drift', { a: 1 }, 'a-ticks').ours).toBe('10');
    expect(figure('drift', { a: 1 }, 'a-distance').ours).toBe('8.3333');
    expect(figure('drift', { b: 3 }, 'b-distance').ours).toBe('8.3333');
  });

  it("opens showing the drift: the article's loop one step over beside its figure, ours exact", () => {
    expect(figure('drift', {}, 'a-float')).toMatchObject({ ours: '301, 8.3611' });
    expect(figure('drift', {}, 'a-float').seed).toContain('601, 8.3472 at 60 fps');
    expect(figure('drift', {}, 'b-float')).toMatchObject({ ours: '2401, 8.3368' });
    expect(figure('drift', {}, 'b-float').seed).toContain('1201, 8.3403 at 120 fps');
    expect(figure('drift', {}, 'a-distance')).toMatchObject({ ours: '8.3333', seed: null });
    expect(figure('drift', {}, 'b-ticks').ours).toBe('2400');
    expect(figure('drift', { a: 60 }, 'a-float').ours).toBe('600, 8.3333');
    expect(figure('drift', { a: 60 }, 'a-ticks').ours).toBe('600');
    expect(figure('drift', { seconds: 2 }, 'exact').ours).toBe('1.6667');
  });
});

describe("Palmer's integrator (Game Loops)", () => {
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

  it('takes each error against the exact position at the time its last step reached', () => {
    expect(figure('integrator', {}, 'small-error').ours).toBe('0.1250');
    expect(figure('integrator', {}, 'large-error').ours).toBe('0.5000');
    // 300 ms steps to 1 s end at 0.9 s: 2.43 m against the exact 2.295 m there, not 2.5 m.
    const small = figure('integrator', { small: 300 }, 'small');
    expect(small).toMatchObject({ ours: '2.4300', label: expect.stringContaining('0.900 s') });
    expect(figure('integrator', { small: 300 }, 'small-error').ours).toBe('0.1350');
    expect(exactPosition(0.9)).toBeCloseTo(2.295, 12);
  });
});

describe("Petersen's trace (Interpolated Physics Rendering)", () => {
  it('ticks once, at the third frame, carrying the leftover', () => {
    const frames = replay([10, 15, 18, 16], 1000 / 30);
    expect(frames.map((f) => f.ticks)).toEqual([0, 0, 1, 0]);
    expect(frames[2]!.leftover).toBeCloseTo(43 - 1000 / 30, 4);
    expect(frames[3]!.leftover).toBeCloseTo(59 - 1000 / 30, 4);
    expect(figure('trace', {}, 'first-tick').ours).toBe('3');
    expect(figure('trace', { d1: 40 }, 'first-tick').ours).toBe('1');
    expect(figure('trace', { timestep: 1000 }, 'first-tick').ours).toBe('none');
  });

  it('keeps the whole of a long delta, as the unguarded accumulator does', () => {
    // Core's defaults would clamp 1000 ms to 250 ms (7 ticks) and cap a frame at 10 steps.
    expect(replay([1000], 1000 / 30)[0]!.ticks).toBe(30);
    expect(replay([1000], 1)[0]!.ticks).toBe(1000);
    expect(figure('trace', { d1: 1000 }, 'frame-1').ours).toMatch(/^30, /);
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

  it('refuses a fractional value for a whole-number parameter, and sets it aside', () => {
    const spiral = findExperiment('spiral')!;
    const params = { 'spiral.maxSteps': 2.5, 'spiral.seconds': 3, 'spiral.cost': 2.5 };
    // Strict: a parameter not given must not appear, even as undefined.
    expect(readValues(spiral, params)).toStrictEqual({
      values: { seconds: 3, cost: 2.5 },
      rejected: { maxSteps: 2.5 },
    });
    expect(() => spiral.run(experimentValues(spiral, params))).not.toThrow();
    for (const experiment of EXPERIMENTS) {
      for (const param of experiment.params.filter((p) => p.step === 1)) {
        const key = `${experiment.id}.${param.key}`;
        expect(experimentValues(experiment, { [key]: param.min + 0.5 }), key).toEqual({});
      }
    }
  });
});

describe('every parameter', () => {
  /** A value the parameter accepts, well away from its default: halfway to the farther bound. */
  function awayFromDefault(param: ExperimentParam): number {
    const far = param.value - param.min > param.max - param.value ? param.min : param.max;
    const value = (param.value + far) / 2;
    return param.step === 1 ? Math.round(value) : value;
  }

  it.for(EXPERIMENTS.flatMap((e) => e.params.map((p) => [`${e.id}.${p.key}`, e, p] as const)))(
    '%s moves the figures of ours when it leaves its default',
    ([, experiment, param]) => {
      const value = awayFromDefault(param);
      expect(accepts(param, value)).toBe(true);
      expect(value).not.toBe(param.value);
      const ours = (values: Record<string, number>) =>
        experiment.run(values).map((row) => `${row.key}: ${row.ours}`);
      expect(ours({ [param.key]: value })).not.toEqual(ours({}));
    },
  );
});
