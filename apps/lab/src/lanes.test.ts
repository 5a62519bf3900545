import { lerp, lerpAngle } from '@loop/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANES, type LaneId } from './lane-specs.js';
import { Lane, type LoopParams } from './lanes.js';
import { stubPage, TEST_PARAMS } from './test-support/loop.js';
import { ANGLE, trueState, VY, X, Y } from './world.js';

const PARAMS = TEST_PARAMS;

function lane(id: LaneId, params: Partial<LoopParams> = {}): Lane {
  return new Lane(LANES.find((spec) => spec.id === id)!, { ...PARAMS, ...params });
}

/**
 * Runs `l` on a display of `hz` for `seconds`, one frame per vsync from time 0, and returns the
 * updates it ran (its work over the cost of one update).
 */
function run(l: Lane, hz: number, seconds: number): number {
  let updates = 0;
  for (let i = 0; i <= hz * seconds; i++) {
    l.frame((i * 1000) / hz, (i * 1000) / hz);
    updates += l.work / PARAMS.cost;
  }
  return Math.round(updates);
}

describe('a lane runs the loop its label names', () => {
  /** The mode each label says, written out apart from LANES. */
  const MODES: Record<LaneId, string> = {
    naive: 'naive',
    variable: 'variable',
    semifixed: 'semi-fixed',
    fixed: 'fixed',
    interp: 'fixed',
    extrap: 'fixed',
    timeslice: 'timeslice',
    capped: 'fixed',
  };
  /** Updates in one second of 60 Hz steps on 30 and 144 Hz displays, per mode. */
  const UPDATES: Record<string, [number, number]> = {
    naive: [30, 144],
    variable: [30, 144],
    'semi-fixed': [60, 144],
    fixed: [60, 60],
    timeslice: [62, 62],
  };

  for (const spec of LANES) {
    it(`${spec.id}: ${spec.label}`, () => {
      const mode = MODES[spec.id];
      expect(spec.mode).toBe(mode);
      const at30 = lane(spec.id, { timestep: 1000 / 60 });
      const at144 = lane(spec.id, { timestep: 1000 / 60 });
      expect([run(at30, 30, 1), run(at144, 144, 1)]).toEqual(UPDATES[mode]);
      expect(at30.loop.options.mode).toBe(mode);
      // Only the capped lane caps its frames (30 a second; the others draw every vsync).
      expect(at144.rendered).toBe(spec.id === 'capped' ? 31 : 145);
      expect(at144.fps).toBeCloseTo(spec.id === 'capped' ? 30 : 144, 0);
    });
  }

  it('a lane takes the timestep, maxDelta, maxSteps, overflow and time scale it is given', () => {
    const l = lane('fixed', { timeScale: 0.5, overflow: 'carry', maxSteps: 3, maxDelta: 100 });
    expect(l.timestep).toBe(20);
    expect(l.loop.options).toMatchObject({
      timestep: 20,
      maxDelta: 100,
      maxSteps: 3,
      overflow: 'carry',
      timeScale: 0.5,
      maxFps: Number.POSITIVE_INFINITY,
    });
    expect(lane('capped').loop.options.maxFps).toBe(30);
    expect(lane('timeslice', { timestep: 1000 / 60 }).timestep).toBe(16);
    expect(lane('timeslice', { timestep: 16 }).timestep).toBe(16);
    expect(lane('timeslice', { timestep: 0.5 }).timestep).toBe(1);
  });
});

describe('what a lane draws at alpha 0.25 and lag 5 ms', () => {
  /** A lane after frames at 0 and 25 ms: one 20 ms step, 5 ms left over. */
  function after25(id: LaneId): Lane {
    const l = lane(id);
    l.frame(0, 0);
    l.frame(25, 25);
    expect(l.loop.tick).toBe(1);
    return l;
  }

  it('interpolation blends the last two steps at alpha (not 1 - alpha), the angle the short way', () => {
    const l = after25('interp');
    const { previous, current } = l.world;
    expect(l.shown[X]).toBeCloseTo(0.01, 12); // a quarter of the 0.04 m step
    for (const i of [X, Y, VY]) {
      expect(l.shown[i]).toBeCloseTo(lerp(previous[i]!, current[i]!, 0.25), 12);
    }
    expect(l.shown[ANGLE]).toBeCloseTo(lerpAngle(previous[ANGLE]!, current[ANGLE]!, 0.25), 12);
    expect(l.shown[ANGLE]).toBeCloseTo(0.25 * 3 * 0.02, 12);
  });

  it('extrapolation pushes the latest step ahead by the lag', () => {
    const l = after25('extrap');
    expect(l.shown[X]).toBeCloseTo(0.04 + 2 * 0.005, 12);
    expect(l.shown[ANGLE]).toBeCloseTo(3 * 0.025, 12);
    expect(l.shown[Y]).toBeCloseTo(l.world.current[Y]! + l.world.current[VY]! * 0.005, 12);
  });

  it('the fixed step without interpolation draws the latest step', () => {
    const l = after25('fixed');
    expect([...l.shown]).toEqual([...l.world.current]);
    expect(l.shown[X]).toBeCloseTo(0.04, 12);
  });

  it('the ghost is the exact state at the simulated time of the render', () => {
    const l = after25('interp');
    expect(l.truthSeconds).toBeCloseTo(0.025, 12);
    expect([...l.truth]).toEqual([...trueState(new Float64Array(4), 0.025)]);
    expect(l.truth[X]).toBeCloseTo(0.05, 12);
    expect(l.offset).toBeCloseTo(0.01 - 0.05, 12);
    // Scaled time moves the ghost at half the speed.
    const half = lane('interp', { timeScale: 0.5 });
    half.frame(0, 0);
    half.frame(50, 50);
    expect(half.truth[X]).toBeCloseTo(0.05, 12);
  });
});

describe('the figures a lane keeps', () => {
  it('counts the work of its updates, its speed, steps owed and motion errors', () => {
    const l = lane('fixed');
    l.frame(0, 0);
    expect(l.motion.count).toBe(0);
    l.frame(45, 45);
    expect(l.work).toBe(1); // two updates of 0.5 ms
    expect(l.elapsed).toBe(45);
    expect(l.owed).toBe(2);
    expect(l.speed).toBeCloseTo((0.08 * 1000) / 45, 12);
    expect(l.motion.count).toBe(1);
    // Drew 0.08 m for 0.045 s of 2 m/s.
    expect(l.motion.worst).toBeCloseTo(0.09 - 0.08, 12);
    l.frame(50, 50);
    expect(l.work).toBe(0);
    expect(l.lastRenderAt).toBe(50);
    expect(l.rendered).toBe(3);
  });

  it('a resumed lane does not count the paused time', () => {
    const l = lane('interp');
    l.frame(0, 0);
    l.frame(20, 20);
    l.pause();
    expect(l.loop.running).toBe(false);
    l.resume();
    expect(l.loop.running).toBe(true);
    l.frame(5000, 5000);
    expect(l.elapsed).toBe(20);
    expect(l.loop.tick).toBe(1);
    l.frame(5020, 5020);
    expect(l.elapsed).toBe(40);
    expect(l.loop.tick).toBe(2);
  });

  it('a speed of 0 before any time has run', () => {
    expect(lane('fixed').speed).toBe(0);
  });
});

describe('a hidden page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('does not pause or resync a lane: the session feeds it frames whatever the page shows', () => {
    const page = stubPage();
    const l = lane('fixed');
    l.frame(0, 0);
    l.frame(20, 20);
    page.hideAndShow();
    // A loop that watched the page would start over here and run nothing for this frame.
    l.frame(100, 100);
    expect(l.loop.tick).toBe(5);
  });
});
