import { describe, expect, it } from 'vitest';
import { START_MS } from './displays.js';
import { EXPERIMENTS } from './experiments/index.js';
import { activeStep, findStep, GUIDE, type GuideStep, setupKey, stepState } from './guide.js';
import { LANE_IDS, type LaneId } from './lane-specs.js';
import { Session } from './session.js';
import {
  DEFAULT_STATE,
  formatNumber,
  NUMBER_PARAMS,
  parseState,
  readNumber,
  serializeState,
} from './url-state.js';
import { X } from './world.js';

/** The articles the lab cites, by title and author, as the steps must name them. */
const ARTICLES = [
  '“Fix Your Timestep!” by Glenn Fiedler',
  '“deWiTTERS Game Loop” by Koen Witters',
  '“The Game Loop” by Gilles Bellot',
  '“Game Loops” by Luke Palmer',
  '“Interpolated Physics Rendering” by Andrew Petersen',
];

/** A session set up as `step` sets the lab up. */
function sessionFor(id: string): Session {
  const state = stepState(findStep(id)!, DEFAULT_STATE);
  return new Session(state.lanes, state, { ...state, kind: state.display });
}

const lane = (session: Session, id: LaneId) => session.lanes.find((l) => l.spec.id === id)!;

describe('the guided path, as data', () => {
  it.for(GUIDE.map((step) => [step.id, step] as const))(
    '%s names lanes that exist, a claim from an article, and what to look at',
    ([, step]: readonly [string, GuideStep]) => {
      expect(step.lanes.length).toBeGreaterThan(0);
      // Lanes that exist, each once, in the order the lab stacks them.
      expect(step.lanes).toEqual(LANE_IDS.filter((id) => step.lanes.includes(id)));
      expect(step.title.length).toBeGreaterThan(0);
      expect(step.claim.length).toBeGreaterThan(40);
      expect(step.look.length).toBeGreaterThan(40);
      expect(ARTICLES).toContain(step.seed);
      if (step.exp !== undefined) expect(EXPERIMENTS.map((e) => e.id)).toContain(step.exp);
      // Every setting is one the form and a link accept, and is written back as itself.
      for (const [key, value] of Object.entries(step.setup)) {
        const param = NUMBER_PARAMS.find((p) => p.key === key);
        if (!param) continue;
        expect(readNumber(formatNumber(value as number, key), param), key).toBe(value);
      }
    },
  );

  it('opens on its first step: the lab as it opens is the first claim', () => {
    expect(activeStep(DEFAULT_STATE)?.id).toBe(GUIDE[0]!.id);
    expect(setupKey(stepState(GUIDE[0]!, DEFAULT_STATE))).toBe('');
  });

  it('knows each step by its setup, through a link too; a changed setting leaves it', () => {
    expect(new Set(GUIDE.map((step) => step.id)).size).toBe(GUIDE.length);
    expect(new Set(GUIDE.map((step) => setupKey(stepState(step, DEFAULT_STATE)))).size).toBe(
      GUIDE.length,
    );
    for (const step of GUIDE) {
      const state = stepState(step, { ...DEFAULT_STATE, paused: true, frames: 99 });
      expect(state).toMatchObject({ paused: false, frames: 0 });
      expect(activeStep(state)).toBe(step);
      expect(activeStep(parseState(serializeState(state)))).toBe(step);
      expect(activeStep({ ...state, paused: true, frames: 120 })).toBe(step);
      expect(activeStep({ ...state, timestep: 10 })).toBeUndefined();
      expect(activeStep({ ...state, lanes: state.lanes.slice(1) })).toBeUndefined();
    }
  });

  it('opens its experiment, or leaves the one open as it was', () => {
    const from = { ...DEFAULT_STATE, exp: 'cap', expParams: { 'cap.cap': 20 } };
    // toMatchObject takes {} as a subset of anything: the parameters are compared whole.
    const spiral = stepState(findStep('spiral')!, from);
    expect(spiral.exp).toBe('spiral');
    expect(spiral.expParams).toEqual({});
    expect(stepState(findStep('stutter')!, from)).toMatchObject({
      exp: 'cap',
      expParams: { 'cap.cap': 20 },
    });
  });
});

describe('each step shows its claim', () => {
  it('which loop is smooth: interpolation has no motion error, no interpolation has', () => {
    const session = sessionFor('pick');
    session.stepFrames(1441);
    expect(lane(session, 'interp').motion.rms).toBeLessThan(1e-6);
    expect(lane(session, 'fixed').motion.rms).toBeGreaterThan(0.01);
    expect(lane(session, 'naive').speed).toBeCloseTo(4.8, 6);
  });

  it('the naive step runs away: 2.4× the distance at 144 Hz, the interpolated one keeps time', () => {
    const session = sessionFor('runaway');
    session.stepFrames(1441);
    expect(session.lanes.map((l) => l.spec.id)).toEqual(['naive', 'interp']);
    expect(lane(session, 'naive').speed).toBeCloseTo(4.8, 6);
    expect(lane(session, 'interp').speed).toBeCloseTo(2, 6);
  });

  it('stutter: the fixed step runs 0 or 1 steps a frame and holds; interpolation moves every frame', () => {
    const session = sessionFor('stutter');
    const fixed = lane(session, 'fixed');
    const interp = lane(session, 'interp');
    let held = 0;
    let interpHeld = 0;
    let lastFixed = Number.NaN;
    let lastInterp = Number.NaN;
    for (let i = 0; i < 144; i++) {
      session.step();
      if (fixed.shown[X] === lastFixed) held++;
      if (interp.shown[X] === lastInterp) interpHeld++;
      lastFixed = fixed.shown[X]!;
      lastInterp = interp.shown[X]!;
    }
    // 60 steps in 144 frames: the fixed body stands still in 84 of them.
    expect(held).toBeGreaterThanOrEqual(80);
    expect(interpHeld).toBe(0);
  });

  it('the spiral of death: with the guards off the frames keep growing', () => {
    const session = sessionFor('spiral');
    const frameTimes: number[] = [];
    for (let i = 0; i < 40; i++) {
      session.step();
      frameTimes.push(lane(session, 'interp').loop.stats.frameTime);
    }
    expect(frameTimes[30]!).toBeGreaterThan(20 * frameTimes[10]!);
    expect(frameTimes[39]!).toBeGreaterThan(5000);
  });

  it('maxSteps: the same cost slows the game down instead, at about 5 frames a second', () => {
    const session = sessionFor('guard');
    while (session.nextReal <= START_MS + 10_000) session.step();
    const interp = lane(session, 'interp');
    expect(interp.loop.stats.frameTime).toBeLessThanOrEqual(250);
    expect(interp.fps).toBeGreaterThan(4);
    expect(interp.fps).toBeLessThan(6);
    expect(interp.loop.stats.dropped).toBeGreaterThan(1000);
    const gameSpeed = (interp.loop.tick * interp.timestep) / interp.elapsed;
    expect(gameSpeed).toBeGreaterThan(0.75);
    expect(gameSpeed).toBeLessThan(0.9);
  });
});
