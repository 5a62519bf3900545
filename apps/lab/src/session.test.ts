import { describe, expect, it, vi } from 'vitest';
import type { DisplayKind } from './displays.js';
import { LANE_IDS, LANES, type LaneId, laneTimestep } from './lane-specs.js';
import { busyWait, frameWork, Session } from './session.js';
import { DEFAULT_STATE, type LabState } from './url-state.js';

function run(hz: number, seconds = 10, over: Partial<LabState> = {}, kind: DisplayKind = 'hz') {
  const state = { ...DEFAULT_STATE, ...over };
  const session = new Session(state.lanes, state, { ...state, kind, hz });
  session.stepFrames(Math.round(hz * seconds) + 1);
  const lane = (id: LaneId) => session.lanes.find((l) => l.spec.id === id)!;
  return { session, lane };
}

describe('the lanes on simulated displays', () => {
  it('runs every lane on the same frames', () => {
    const { session } = run(60, 1);
    expect(session.lanes.map((l) => l.spec.id)).toEqual(LANE_IDS);
    for (const lane of session.lanes) expect(lane.elapsed).toBeCloseTo(1000, 9);
  });

  it('the naive fixed step runs the game 2.4× too fast on 144 Hz', () => {
    const at60 = run(60).lane('naive');
    const at144 = run(144).lane('naive');
    expect(at60.speed).toBeCloseTo(2, 9);
    expect(at144.speed).toBeCloseTo(4.8, 9);
    expect(at144.loop.tick).toBe(1440);
    expect(at144.owed).toBe(600);
  });

  it('interpolation removes the fixed step stutter on 144 Hz; its offset is one step', () => {
    const { lane } = run(144);
    expect(lane('fixed').motion.rms).toBeGreaterThan(0.01);
    expect(lane('interp').motion.rms).toBeLessThan(1e-6);
    expect(lane('interp').offset).toBeCloseTo(-2 / 60, 6);
    expect(lane('extrap').offset).toBeCloseTo(0, 6);
  });

  it('the variable step ends elsewhere on 30 and 144 Hz; fixed steps identically', () => {
    const a = run(30).lane;
    const b = run(144).lane;
    expect(
      Math.abs(a('variable').world.current[1]! - b('variable').world.current[1]!),
    ).toBeGreaterThan(1e-3);
    expect([...a('fixed').world.current]).toEqual([...b('fixed').world.current]);
    expect(a('fixed').loop.tick).toBe(600);
  });

  it('runs integer timeslices of whole milliseconds (16 ms for 1000/60)', () => {
    const spec = LANES.find((l) => l.id === 'timeslice')!;
    expect(laneTimestep(spec, 1000 / 60)).toBe(16);
    expect(laneTimestep(spec, 0.5)).toBe(1);
    expect(laneTimestep(LANES[0]!, 1000 / 60)).toBe(1000 / 60);
    expect(run(60).lane('timeslice').loop.tick).toBe(625);
  });

  it('a time scale of one half runs half the steps, and the ghost follows scaled time', () => {
    const { lane } = run(60, 10, { timeScale: 0.5 });
    expect(lane('interp').loop.tick).toBe(300);
    expect(lane('interp').owed).toBe(300);
    expect(lane('interp').speed).toBeCloseTo(1, 9);
    expect(lane('interp').motion.rms).toBeLessThan(1e-9);
    expect(lane('naive').loop.tick).toBe(600);
  });

  it('caps only the capped lane', () => {
    const { lane } = run(144, 10, { maxFps: 30 });
    expect(lane('capped').fps).toBeCloseTo(30, 1);
    expect(lane('interp').fps).toBeCloseTo(144, 6);
  });

  it('an update cost above the timestep delays the frames and the guards drop time', () => {
    const { session, lane } = run(60, 2, { cost: 20, lanes: ['interp'] });
    expect(session.lastReal - 1000).toBeGreaterThan(2 * 2000);
    expect(lane('interp').loop.stats.dropped).toBeGreaterThan(0);
    expect(lane('interp').loop.stats.updates).toBeLessThanOrEqual(10);
  });

  it('a hidden-tab gap is dropped by maxDelta, not simulated', () => {
    const { lane } = run(60, 6, { lanes: ['interp'], gap: 2000 }, 'hidden');
    const interp = lane('interp');
    expect(interp.loop.stats.dropped).toBeGreaterThan(1500);
    expect(interp.owed - interp.loop.tick).toBeGreaterThan(90);
    expect(interp.motion.worst).toBeLessThan(1e-6);
  });

  it('runUntil feeds only the frames due, and pause/resume does not count the pause', () => {
    const state = { ...DEFAULT_STATE, hz: 60, lanes: ['interp' as const] };
    const session = new Session(state.lanes, state, { ...state, kind: 'hz' });
    expect(session.runUntil(1000 + 100)).toBe(7);
    const lane = session.lanes[0]!;
    lane.pause();
    lane.resume();
    const before = lane.elapsed;
    lane.frame(5000, 5000);
    expect(lane.elapsed).toBe(before);
    lane.frame(5000 + 1000 / 60, 5000 + 1000 / 60);
    expect(lane.elapsed).toBeCloseTo(before + 1000 / 60, 9);
  });

  it('records one sample per frame per plot', () => {
    const { session } = run(60, 1);
    expect(session.plots.steps.count).toBe(61);
    expect(session.plots.alpha.ys.length).toBe(8);
    const naive = session.lanes.findIndex((l) => l.spec.id === 'naive');
    expect(session.plots.steps.ys[naive]![10]).toBe(1);
  });
});

describe('the update cost on the real display', () => {
  it('burns real time until the clock has moved on by the cost, reading it no longer than that', () => {
    let now = 500;
    const reads: number[] = [];
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => {
      reads.push(now);
      return now++;
    });
    try {
      busyWait(3);
      expect(reads).toEqual([500, 501, 502, 503]); // the start, then until it reads 500 + 3
      reads.length = 0;
      busyWait(0);
      expect(reads).toEqual([504, 505]);
    } finally {
      clock.mockRestore();
    }
  });

  it("is the slowest lane's work, not the sum of the lanes'", () => {
    expect(frameWork([{ work: 1 }, { work: 3 }, { work: 2 }])).toBe(3);
    expect(frameWork([])).toBe(0);
  });

  it("burns once per frame, the slowest lane's work, as a simulated display charges it", () => {
    const state = { ...DEFAULT_STATE, cost: 2 };
    const burnt: number[] = [];
    const session = new Session(state.lanes, state, { ...state, kind: 'raf' }, (ms) =>
      burnt.push(ms),
    );
    session.frame(1000, 1000);
    session.frame(1100, 1100); // 100 ms: 6 steps of 1000/60 for the fixed lanes
    const works = session.lanes.map((lane) => lane.work);
    const sum = works.reduce((a, b) => a + b, 0);
    expect(Math.max(...works)).toBeCloseTo(6 * 2, 9);
    expect(sum).toBeGreaterThan(Math.max(...works));
    expect(burnt).toHaveLength(1);
    expect(burnt[0]).toBe(Math.max(...works));
    expect(session.work).toBe(burnt[0]);
  });

  it('burns nothing on a simulated display, where the cost delays the next frame', () => {
    const state = { ...DEFAULT_STATE, lanes: ['interp' as const], cost: 20 };
    const burnt: number[] = [];
    const session = new Session(state.lanes, state, { ...state, kind: 'hz' }, (ms) =>
      burnt.push(ms),
    );
    session.stepFrames(30);
    expect(burnt).toEqual([]);
    expect(session.work).toBeGreaterThan(0);
  });
});

describe('the session', () => {
  const one = { ...DEFAULT_STATE, hz: 60, lanes: ['interp' as const, 'capped' as const] };

  it('counts the frames it fed and plots them at their time in seconds', () => {
    const session = new Session(one.lanes, one, { ...one, kind: 'hz' });
    session.stepFrames(3);
    expect(session.frames).toBe(3);
    // The simulated display's first frame comes 1 s in.
    const x = [...session.plots.offset.x.subarray(0, 3)];
    expect(x.map((s) => Math.round(s * 6000))).toEqual([6000, 6100, 6200]);
    expect(session.nextReal).toBeCloseTo(1000 + 3000 / 60, 9);
  });

  it('plots no updates for a frame the cap skipped', () => {
    const session = new Session(one.lanes, { ...one, maxFps: 30 }, { ...one, kind: 'hz' });
    session.stepFrames(4);
    const capped = session.lanes.findIndex((l) => l.spec.id === 'capped');
    const steps = [...session.plots.steps.ys[capped]!.subarray(0, 4)];
    // Frames at 0, 1/60, 2/60, 3/60 s: the cap of 30 renders every other one, two steps each.
    expect(steps).toEqual([0, 0, 2, 0]);
    expect([...session.plots.steps.ys[0]!.subarray(0, 4)]).toEqual([0, 1, 1, 1]);
  });

  it('runs at most 240 frames a call, however far behind it is', () => {
    const session = new Session(one.lanes, one, { ...one, kind: 'hz' });
    expect(session.runUntil(1e9)).toBe(240);
    expect(session.frames).toBe(240);
  });

  it('steps nothing on the real display, whose frames come from rAF', () => {
    const session = new Session(one.lanes, one, { ...one, kind: 'raf' }, () => {});
    session.stepFrames(5);
    expect(session.runUntil(1e9)).toBe(0);
    expect(session.frames).toBe(0);
    expect(session.nextReal).toBeNaN();
  });

  it('pauses every lane, and after resume runs on from where it was without the pause', () => {
    const session = new Session(one.lanes, one, { ...one, kind: 'raf' }, () => {});
    session.frame(0, 0);
    session.frame(100, 100);
    const ticks = session.lanes.map((l) => l.loop.tick);
    session.pause();
    expect(session.lanes.map((l) => l.loop.running)).toEqual([false, false]);
    session.resume();
    expect(session.lanes.map((l) => l.loop.running)).toEqual([true, true]);
    session.frame(6000, 6000); // the first frame after resume advances nothing
    session.frame(6100, 6100);
    expect(session.lanes.map((l) => l.loop.tick)).toEqual(ticks.map((t) => t + 6));
    expect(session.lanes.map((l) => l.elapsed)).toEqual([200, 200]);
  });
});
