import type { StepMode } from '@loop/core';

/** The lanes, one per loop of @loop/core. */
export type LaneId =
  | 'naive'
  | 'variable'
  | 'semifixed'
  | 'fixed'
  | 'interp'
  | 'extrap'
  | 'timeslice'
  | 'capped';

/** How a lane draws its state: the latest step, blended with alpha, or pushed ahead by lag. */
export type DrawKind = 'latest' | 'interpolate' | 'extrapolate';

/** What a lane is: its loop (mode), how it draws, and what to look for. */
export interface LaneSpec {
  readonly id: LaneId;
  readonly label: string;
  readonly mode: StepMode;
  readonly draw: DrawKind;
  /** What the lane shows, citing the articles that describe its loop. */
  readonly note: string;
  /**
   * When to pick this loop, in one line short enough to sit on the lane on a phone: the lanes
   * show what each loop does, this says what that is good for.
   */
  readonly pick: string;
}

/** The lane to pick when in doubt: the one the lab highlights. */
export const RECOMMENDED: LaneId = 'interp';

/** Every lane, in the order they are stacked. */
export const LANES: readonly LaneSpec[] = [
  {
    id: 'naive',
    label: 'naive fixed step',
    mode: 'naive',
    draw: 'latest',
    note:
      'One timestep per frame whatever the frame time: the game runs 2.4× too fast on 144 Hz ' +
      'and at half speed on 30 Hz ("fixed delta time" in Fix Your Timestep!, Glenn Fiedler).',
    pick: "Never: the game's speed follows the display.",
  },
  {
    id: 'variable',
    label: 'variable step',
    mode: 'variable',
    draw: 'latest',
    note:
      "One update of the frame time: it keeps real time, but the ball's path changes with the " +
      'frame rate (Fix Your Timestep!, Glenn Fiedler; The Game Loop, Gilles Bellot; Game ' +
      'Loops, Luke Palmer).',
    pick: 'Simple games with no physics and no replays.',
  },
  {
    id: 'semifixed',
    label: 'semi-fixed step',
    mode: 'semi-fixed',
    draw: 'latest',
    note:
      'The frame time cut into pieces of at most one timestep: never too large a step, real ' +
      'time, but not deterministic (Fix Your Timestep!, Glenn Fiedler).',
    pick: 'Physics, no replays: never too large a step.',
  },
  {
    id: 'fixed',
    label: 'fixed step, no interpolation',
    mode: 'fixed',
    draw: 'latest',
    note:
      'Whole timesteps, the leftover carried to the next frame: deterministic, but it stutters ' +
      'when the display and the step rates differ (Fix Your Timestep!, Glenn Fiedler; The Game ' +
      'Loop, Gilles Bellot; Interpolated Physics Rendering, Andrew Petersen).',
    pick: 'Servers and tests, where nothing is drawn.',
  },
  {
    id: 'interp',
    label: 'fixed step + interpolation (default)',
    mode: 'fixed',
    draw: 'interpolate',
    note:
      'Blends the last two steps with alpha: smooth at any rate, one step behind its ghost ' +
      '(Fix Your Timestep!, Glenn Fiedler; Interpolated Physics Rendering, Andrew Petersen).',
    pick: 'Pick this one: smooth at any rate, replayable.',
  },
  {
    id: 'extrap',
    label: 'fixed step + extrapolation',
    mode: 'fixed',
    draw: 'extrapolate',
    note:
      'Draws the latest step pushed ahead by the leftover (loop.lag): no latency, but the guess ' +
      "misses the ball's bounces (the far seers of The Game Loop, Gilles Bellot; the Canonical " +
      'Game Loop of Game Loops, Luke Palmer).',
    pick: 'When one step of latency is too much.',
  },
  {
    id: 'timeslice',
    label: 'integer timeslices',
    mode: 'timeslice',
    draw: 'interpolate',
    note:
      'Whole-millisecond slices (16 ms for 60 Hz): every quantity an integer, easy to log and ' +
      "replay (Fabien Sanglard's fixed timeslices, as in id Software's engines).",
    pick: 'Time in whole ms, to log or to replay.',
  },
  {
    id: 'capped',
    label: 'capped FPS (maxFps)',
    mode: 'fixed',
    draw: 'interpolate',
    note:
      'The fixed step with a frame cap: maxFps frames a second at full game speed (deWiTTERS ' +
      'Game Loop, Koen Witters; The Game Loop, Gilles Bellot).',
    pick: 'Save battery: fewer frames, same speed.',
  },
];

/** Every lane id, in stacking order. */
export const LANE_IDS: readonly LaneId[] = LANES.map((lane) => lane.id);

/**
 * The timestep a lane runs: integer timeslices need a whole number of milliseconds, so the
 * lab rounds the shared timestep down for that lane (1000/60 gives id Software's 16 ms), never
 * to a longer slice than the others run.
 */
export function laneTimestep(spec: LaneSpec, timestep: number): number {
  return spec.mode === 'timeslice' ? Math.max(1, Math.floor(timestep + 1e-9)) : timestep;
}
