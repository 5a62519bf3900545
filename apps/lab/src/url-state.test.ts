import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISPLAY_KINDS, RATES } from './displays.js';
import { EXPERIMENTS } from './experiments/index.js';
import { LANE_IDS } from './lane-specs.js';
import {
  DEFAULT_STATE,
  FRAME_LOCKED,
  formatNumber,
  type LabState,
  NUMBER_PARAMS,
  type NumberParam,
  type NumericKey,
  parseFrames,
  parseState,
  SPEEDS,
  serializeState,
  snapTimestep,
} from './url-state.js';

/** The seed the property runs from, as packages/core's do: fixed, so a failure replays. */
const SEED = 20_261_122;

/** Any value `param` can hold: what reading a link or the form can give. */
function numberArb(param: NumberParam): fc.Arbitrary<number> {
  if (param.key === 'hz') return fc.constantFrom(...RATES);
  if (param.key === 'speed') return fc.constantFrom(...SPEEDS);
  if (param.step === 1) return fc.integer({ min: param.min, max: param.max });
  const real = fc.double({ min: param.min, max: param.max, noNaN: true }).map((value) => value + 0); // -0 is 0
  if (param.key !== 'timestep') return real;
  // A timestep is either 1000/n or a value no 1000/n snaps.
  return fc.oneof(
    fc.integer({ min: 1, max: 1000 }).map((n) => 1000 / n),
    real.filter((value) => snapTimestep(value) === value),
  );
}

const numbers = fc.record(
  Object.fromEntries(NUMBER_PARAMS.map((p) => [p.key, numberArb(p)])) as Record<
    NumericKey,
    fc.Arbitrary<number>
  >,
);
const expKeys = EXPERIMENTS.flatMap((e) => e.params.map((p) => `${e.id}.${p.key}`));
const finite = fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => value + 0);

/** Any state the lab can be in. */
const stateArb: fc.Arbitrary<LabState> = fc
  .record({
    numbers,
    lanes: fc.subarray([...LANE_IDS]),
    display: fc.constantFrom(...DISPLAY_KINDS),
    overflow: fc.constantFrom('drop' as const, 'carry' as const),
    paused: fc.boolean(),
    exp: fc.constantFrom('', ...EXPERIMENTS.map((e) => e.id)),
    expParams: fc.dictionary(fc.constantFrom(...expKeys), finite),
    frames: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100_000 })),
  })
  .map(({ numbers: n, ...rest }) => ({ ...n, ...rest }));

describe('the URL state', () => {
  it('writes nothing for the defaults and reads them back from nothing', () => {
    expect(serializeState({ ...DEFAULT_STATE })).toBe('');
    expect(parseState('')).toEqual(DEFAULT_STATE);
  });

  it('round-trips every setting', () => {
    const query =
      'lanes=fixed%2Cinterp&display=jitter&hz=144&jitter=3&speed=0.25&timestep=10&maxDelta=100' +
      '&maxSteps=5&maxFps=45&timeScale=0.5&cost=2&overflow=carry&paused=1&exp=cap&cap.cap=20';
    const state = parseState(`?${query}`);
    expect(state.lanes).toEqual(['fixed', 'interp']);
    expect(state).toMatchObject({ display: 'jitter', hz: 144, speed: 0.25, timestep: 10 });
    expect(state).toMatchObject({ overflow: 'carry', paused: true, exp: 'cap' });
    expect(state.expParams).toEqual({ 'cap.cap': 20 });
    expect(parseState(serializeState(state))).toEqual(state);
  });

  it('falls back to the default for anything it cannot read', () => {
    const state = parseState(
      '?hz=abc&maxSteps=2.5&timestep=-1&display=crt&overflow=keep&speed=0.5&cost=1e9&lanes=x,naive',
    );
    expect(state.hz).toBe(144);
    expect(parseState('?hz=100').hz).toBe(144);
    expect(parseState('?hz=75').hz).toBe(75);
    expect(state.maxSteps).toBe(10);
    expect(state.timestep).toBe(1000 / 60);
    expect(state.display).toBe('hz');
    expect(state.overflow).toBe('drop');
    expect(state.speed).toBe(FRAME_LOCKED);
    expect(state.cost).toBe(0);
    expect(state.lanes).toEqual(['naive']);
  });

  it('snaps a rounded timestep to 1000/n', () => {
    expect(snapTimestep(16.6667)).toBe(1000 / 60);
    expect(snapTimestep(33.3333)).toBe(1000 / 30);
    expect(snapTimestep(16.7)).toBe(16.7);
    expect(parseState('?timestep=16.6667').timestep).toBe(1000 / 60);
    expect(formatNumber(1000 / 60, 'timestep')).toBe('16.6667');
    expect(formatNumber(16.7, 'timestep')).toBe('16.7');
  });

  it('writes numbers exactly: the link runs what the session ran', () => {
    expect(formatNumber(0.12345)).toBe('0.12345');
    expect(serializeState({ ...DEFAULT_STATE, jitter: 0.12345 })).toBe('jitter=0.12345');
    expect(parseState('?jitter=0.12345').jitter).toBe(0.12345);
    const exp = { ...DEFAULT_STATE, exp: 'trace', expParams: { 'trace.d1': 10.123456 } };
    expect(parseState(serializeState(exp)).expParams).toEqual({ 'trace.d1': 10.123456 });
  });

  it('writes the display frames run, and reads them back', () => {
    const paused = { ...DEFAULT_STATE, display: 'vrr' as const, paused: true, frames: 1441 };
    expect(serializeState(paused)).toBe('display=vrr&paused=1&frames=1441');
    expect(parseState('?display=vrr&paused=1&frames=1441')).toEqual(paused);
  });

  it('opens on a simulated 144 Hz display, one frame per refresh; the real display is a link away', () => {
    expect(DEFAULT_STATE).toMatchObject({ display: 'hz', hz: 144, speed: FRAME_LOCKED });
    const real = { ...DEFAULT_STATE, display: 'raf' as const, speed: 1 };
    expect(serializeState(real)).toBe('display=raf&speed=1');
    expect(parseState('?display=raf&speed=1')).toEqual(real);
    expect(parseState('?speed=0.25').speed).toBe(0.25);
  });

  it('reads back exactly the state it wrote, for any state', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        expect(parseState(serializeState(state))).toEqual(state);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('reads ?frames=N as a whole number of frames, capped', () => {
    expect(parseFrames('?frames=601')).toBe(601);
    expect(parseFrames('?frames=-3')).toBe(0);
    expect(parseFrames('?frames=2.5')).toBe(0);
    expect(parseFrames('?frames=1e9')).toBe(100_000);
    expect(parseFrames('')).toBe(0);
  });
});

describe('the edges of a link', () => {
  it('opens one frame and more, never 0 or fewer', () => {
    expect(parseFrames('?frames=1')).toBe(1);
    expect(parseFrames('?frames=0')).toBe(0);
    expect(parseFrames('?frames=-3')).toBe(0);
  });

  it('writes a number other than a timestep exactly, 1000/60 included', () => {
    expect(formatNumber(1000 / 60)).toBe(String(1000 / 60));
    expect(formatNumber(1000 / 60, 'timestep')).toBe('16.6667');
  });

  it('takes no blank experiment parameter, and writes them in the order of their names', () => {
    expect(parseState('?drift.rate=%20&spiral.rate=2').expParams).toEqual({ 'spiral.rate': 2 });
    const state = { ...DEFAULT_STATE, expParams: { 'spiral.rate': 2, 'drift.rate': 3 } };
    expect(serializeState(state)).toBe('drift.rate=3&spiral.rate=2');
  });
});
