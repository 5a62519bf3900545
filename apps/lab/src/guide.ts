import type { OverflowPolicy } from '@loop/core';
import type { DisplayKind } from './displays.js';
import { LANE_IDS, type LaneId } from './lane-specs.js';
import { DEFAULT_STATE, type LabState, type NumericKey, serializeState } from './url-state.js';

/**
 * The guided path: the articles' claims about loops, one click each. A step sets up the display
 * and the lanes that show its claim (everything else back to the lab's defaults, so the claim
 * shows the same for everyone) and says what to look at. A step is not kept in the URL: the
 * setup is, and the page knows a step by its setup ({@link activeStep}), so a link to a claim
 * is the lab's ordinary link and a changed setting leaves the step.
 */

/** The settings a step sets: lanes, display and loop parameters, nothing about the run. */
export interface GuideSetup extends Partial<Record<NumericKey, number>> {
  readonly display?: DisplayKind;
  readonly overflow?: OverflowPolicy;
}

/** One step of the guided path. */
export interface GuideStep {
  /** Stable id, for tests and the button. */
  readonly id: string;
  /** The button's text: the claim in a few words. */
  readonly title: string;
  /** The claim, in a sentence, as the article makes it. */
  readonly claim: string;
  /** The article that makes the claim: its title and author. */
  readonly seed: string;
  /** What to look at once the step is set up: the lanes and figures that show the claim. */
  readonly look: string;
  /** The lanes shown, in the lab's order. */
  readonly lanes: readonly LaneId[];
  /** The settings that differ from the lab's defaults. */
  readonly setup: GuideSetup;
  /** The article's experiment opened beside it, if one computes the claim's figure. */
  readonly exp?: string;
}

const FIEDLER = '“Fix Your Timestep!” by Glenn Fiedler';

/** The guided path, in the order the lab shows it: the first step is the lab as it opens. */
export const GUIDE: readonly GuideStep[] = [
  {
    id: 'pick',
    title: 'Which loop is smooth?',
    claim:
      'A fixed timestep keeps the game the same on every display; interpolating its last two ' +
      'steps makes it smooth on every display too.',
    seed: FIEDLER,
    look:
      'Every loop on one 144 Hz display, one frame per screen refresh. Fixed step + ' +
      'interpolation (✓) glides one step behind its faint ghost; without interpolation it ' +
      'jerks; the naive step runs off 2.4× too fast.',
    lanes: LANE_IDS,
    setup: {},
  },
  {
    id: 'runaway',
    title: 'The naive step runs away at 144 Hz',
    claim:
      'One fixed step per frame only works when the step matches the display; otherwise ' +
      '“your simulation will run faster or slower than you intended”.',
    seed: FIEDLER,
    look:
      'The naive body laps its ghost: 144 steps of 1/60 s every second, 2.4× real time ' +
      '(distance / s 4.8 m against 2). The interpolated body keeps pace with its ghost.',
    lanes: ['naive', 'interp'],
    setup: {},
  },
  {
    id: 'stutter',
    title: 'Stutter without interpolation',
    claim:
      'Drawing the latest step shows the world at a time slightly off the frame’s: “a subtle ' +
      'but visually unpleasant stuttering … known as temporal aliasing”. Interpolation removes it.',
    seed: FIEDLER,
    look:
      'At 144 Hz a 60 Hz step runs in 0 or 1 steps a frame: the fixed step without interpolation ' +
      'holds for two or three frames, then jumps; the interpolated one moves every frame.',
    lanes: ['fixed', 'interp'],
    setup: {},
  },
  {
    id: 'spiral',
    title: 'The spiral of death',
    claim:
      'An update that takes longer than the time it simulates falls behind: “being behind ' +
      'causes your update to simulate more steps, which causes you to fall further behind”.',
    seed: FIEDLER,
    look:
      'Each update costs 20 ms for a 16.7 ms step, and the guards are off: every frame owes ' +
      'more steps than the last, so the frames grow (frame interval plot) until the picture ' +
      'freezes for seconds at a time.',
    lanes: ['fixed', 'interp'],
    setup: { hz: 60, speed: 1, cost: 20, maxDelta: 10_000, maxSteps: 1000 },
    exp: 'spiral',
  },
  {
    id: 'guard',
    title: 'maxSteps: slow down, not spiral',
    claim:
      'Clamp the steps per frame and “the simulation will appear to slow down under heavy ' +
      'load. Arguably this is better than spiraling to death”.',
    seed: FIEDLER,
    look:
      'The same 20 ms updates with maxSteps 10: about 5 frames a second of 10 steps each, the ' +
      'rest dropped (dropped ms climbs), the game at 0.83× real time, and it never freezes.',
    lanes: ['fixed', 'interp'],
    setup: { hz: 60, speed: 1, cost: 20 },
    exp: 'spiral',
  },
];

/** The step with `id`, or undefined. */
export function findStep(id: string): GuideStep | undefined {
  return GUIDE.find((step) => step.id === id);
}

/**
 * The lab set up for `step`: the defaults with the step's lanes and settings, running (not
 * paused, no frames run ahead), its experiment open if it names one, else whatever `from` had
 * open.
 */
export function stepState(step: GuideStep, from: Readonly<LabState>): LabState {
  return {
    ...DEFAULT_STATE,
    ...step.setup,
    lanes: [...step.lanes],
    paused: false,
    frames: 0,
    exp: step.exp ?? from.exp,
    expParams: step.exp === undefined ? { ...from.expParams } : {},
  };
}

/** A state's lanes, display and loop settings as one comparable string (the run left out). */
export function setupKey(state: Readonly<LabState>): string {
  return serializeState({ ...state, paused: false, frames: 0, exp: '', expParams: {} });
}

/** The step whose setup `state` shows, or undefined once a setting differs from every step's. */
export function activeStep(state: Readonly<LabState>): GuideStep | undefined {
  const key = setupKey(state);
  return GUIDE.find((step) => setupKey(stepState(step, state)) === key);
}

/** What the lab says to look at when no step is set up. */
export const OWN_SETUP =
  'Your own setup: each lane is a loop of @loop/core on the same frames, its exact state ' +
  'drawn faint behind it (the ghost). The guided path below sets up each claim in one click.';
