import type { OverflowPolicy } from '@loop/core';
import { type Bounds, readBounded } from './bounds.js';
import { DISPLAY_KINDS, type DisplayKind, RATES } from './displays.js';
import { LANE_IDS, type LaneId } from './lane-specs.js';

/**
 * The whole state of the lab in one plain object, and its round trip through the query
 * string: a link reproduces what someone saw. Only values that differ from the defaults are
 * written, so a link stays short; anything unreadable in a link falls back to the default
 * instead of breaking the page.
 */

/** A numeric setting: its URL key, bounds and default. */
export interface NumberParam extends Bounds {
  readonly key: NumericKey;
  readonly label: string;
  readonly value: number;
}

/** The numeric settings of the lab. */
export type NumericKey =
  | 'hz'
  | 'jitter'
  | 'spike'
  | 'gap'
  | 'back'
  | 'speed'
  | 'timestep'
  | 'maxDelta'
  | 'maxSteps'
  | 'maxFps'
  | 'timeScale'
  | 'cost';

/** Every setting of the lab. */
export interface LabState extends Record<NumericKey, number> {
  lanes: LaneId[];
  display: DisplayKind;
  overflow: OverflowPolicy;
  paused: boolean;
  /** The open experiment ('' for none). */
  exp: string;
  /** Experiment parameters by `experiment.param` key, only those set. */
  expParams: Record<string, number>;
  /**
   * Simulated display frames run when the page opens (0 for none): the page sets it while
   * paused on a simulated display, so a link opens at the frame that was on screen.
   */
  frames: number;
}

/**
 * The watch speed that feeds a simulated display one frame per screen refresh, whatever the
 * two rates: each refresh shows the next simulated frame once, so a lane that stutters is seen
 * to stutter (at real speed a 144 Hz display painted on a 60 Hz screen drops frames unevenly,
 * which blurs every lane alike). It is the real speed on a screen as fast as the display.
 */
export const FRAME_LOCKED = 0;

/** Speeds a simulated display can be watched at (1 = real time), and {@link FRAME_LOCKED}. */
export const SPEEDS: readonly number[] = [FRAME_LOCKED, 1, 0.25, 0.1];

/** The numeric settings with their bounds and defaults, in form order. */
export const NUMBER_PARAMS: readonly NumberParam[] = [
  { key: 'hz', label: 'refresh rate (Hz)', min: 30, max: 240, step: 1, value: 144 },
  { key: 'jitter', label: 'jitter (± ms)', min: 0, max: 8, step: 'any', value: 2 },
  { key: 'spike', label: 'spike length (ms)', min: 0, max: 1000, step: 1, value: 150 },
  { key: 'gap', label: 'hidden-tab gap (ms)', min: 0, max: 10000, step: 1, value: 2000 },
  { key: 'back', label: 'clock steps back by (ms)', min: 0, max: 1000, step: 1, value: 50 },
  { key: 'speed', label: 'watch speed', min: 0, max: 1, step: 'any', value: FRAME_LOCKED },
  { key: 'timestep', label: 'timestep (ms)', min: 1, max: 1000, step: 'any', value: 1000 / 60 },
  { key: 'maxDelta', label: 'maxDelta (ms)', min: 1, max: 10000, step: 1, value: 250 },
  { key: 'maxSteps', label: 'maxSteps', min: 1, max: 1000, step: 1, value: 10 },
  { key: 'maxFps', label: 'maxFps (capped lane)', min: 1, max: 240, step: 'any', value: 30 },
  { key: 'timeScale', label: 'time scale', min: 0, max: 4, step: 'any', value: 1 },
  { key: 'cost', label: 'cost of one update (ms)', min: 0, max: 50, step: 'any', value: 0 },
];

/**
 * The lab as it opens: every lane on a simulated 144 Hz display, one frame per screen refresh.
 * A display faster than the 60 Hz timestep is where the articles' loops part ways (the naive
 * step runs 2.4× too fast, the fixed step without interpolation stutters), and a simulated one
 * shows it on any screen; the real display is one click away.
 */
export const DEFAULT_STATE: Readonly<LabState> = Object.freeze({
  ...(Object.fromEntries(NUMBER_PARAMS.map((p) => [p.key, p.value])) as Record<NumericKey, number>),
  lanes: [...LANE_IDS],
  display: 'hz',
  overflow: 'drop',
  paused: false,
  exp: '',
  expParams: {},
  frames: 0,
});

/**
 * A timestep typed as a rounded decimal (16.6667) means 1000/60: a step a hair off the display
 * rate would make a fixed step alternate 0 and 2 updates. Values within 0.001 ms of 1000/n
 * snap to it.
 */
export function snapTimestep(ms: number): number {
  const n = Math.round(1000 / ms);
  // n = 0 (ms over 2000) makes 1000 / n Infinity, never within 1e-3 of ms: ms is kept.
  // Stryker disable next-line EqualityOperator: never exactly 1e-3 apart, so < and <= agree: a timestep of 1 ms or more and 1000/n are multiples of 2^-52, so is their (exact) difference, and 0.001's lowest bit is 2^-60 (the >= sibling is killed)
  return Math.abs(ms - 1000 / n) < 1e-3 ? 1000 / n : ms;
}

/** Reads a number within [min, max] (and whole where the step is 1); undefined otherwise. */
export function readNumber(text: string | null, param: NumberParam): number | undefined {
  const value = readBounded(text, param);
  // Stryker disable next-line ConditionalExpression: snapTimestep(undefined) gives undefined back (NaN is within 1e-3 of nothing)
  return value !== undefined && param.key === 'timestep' ? snapTimestep(value) : value;
}

/**
 * A number as a link and the form write it: exactly, so that reading it back gives the same
 * number (a link reproduces what the session ran, 0.12345 included). The one exception is a
 * timestep (`key` 'timestep') of exactly 1000/n: written as 16.6667, which
 * {@link snapTimestep} reads back as 1000/60 exactly.
 */
export function formatNumber(value: number, key?: string): string {
  if (key === 'timestep') {
    const short = Number(value.toFixed(4));
    if (snapTimestep(short) === value) return String(short);
  }
  return String(value);
}

/** The state a query string (with or without '?') describes; defaults for anything missing. */
export function parseState(search: string): LabState {
  const query = new URLSearchParams(search);
  const state: LabState = { ...DEFAULT_STATE, lanes: [...DEFAULT_STATE.lanes], expParams: {} };
  state.frames = parseFrames(search);
  for (const param of NUMBER_PARAMS) {
    const value = readNumber(query.get(param.key), param);
    if (value !== undefined) state[param.key] = value;
  }
  if (!SPEEDS.includes(state.speed)) state.speed = DEFAULT_STATE.speed;
  if (!RATES.includes(state.hz)) state.hz = DEFAULT_STATE.hz;
  const lanes = query.get('lanes');
  if (lanes !== null) {
    const ids = lanes.split(',');
    state.lanes = LANE_IDS.filter((id) => ids.includes(id));
  }
  const display = query.get('display');
  if (DISPLAY_KINDS.includes(display as DisplayKind)) state.display = display as DisplayKind;
  const overflow = query.get('overflow');
  // Stryker disable next-line ConditionalExpression: 'drop' is the default, so reading it changes nothing
  if (overflow === 'drop' || overflow === 'carry') state.overflow = overflow;
  state.paused = query.get('paused') === '1';
  state.exp = query.get('exp') ?? '';
  for (const [key, text] of query) {
    const value = Number(text);
    if (key.includes('.') && text.trim() !== '' && Number.isFinite(value)) {
      state.expParams[key] = value;
    }
  }
  return state;
}

/** The query string (without '?') for a state: only what differs from the defaults. */
export function serializeState(state: LabState): string {
  const query = new URLSearchParams();
  if (state.lanes.join(',') !== DEFAULT_STATE.lanes.join(',')) {
    query.set('lanes', state.lanes.join(','));
  }
  if (state.display !== DEFAULT_STATE.display) query.set('display', state.display);
  for (const param of NUMBER_PARAMS) {
    const value = state[param.key];
    if (value !== param.value) query.set(param.key, formatNumber(value, param.key));
  }
  if (state.overflow !== DEFAULT_STATE.overflow) query.set('overflow', state.overflow);
  if (state.paused) query.set('paused', '1');
  if (state.frames > 0) query.set('frames', String(state.frames));
  if (state.exp) query.set('exp', state.exp);
  for (const key of Object.keys(state.expParams).sort()) {
    query.set(key, formatNumber(state.expParams[key]!));
  }
  return query.toString();
}

/** The most display frames a link runs when the page opens: 100 000 take about a second. */
export const MAX_OPEN_FRAMES = 100_000;

/** Display frames to run at once when the page opens (`?frames=N`), for links and tests. */
export function parseFrames(search: string): number {
  const value = Number(new URLSearchParams(search).get('frames'));
  return Number.isInteger(value) && value >= 1 ? Math.min(value, MAX_OPEN_FRAMES) : 0;
}
