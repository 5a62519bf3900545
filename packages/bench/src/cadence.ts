/**
 * Step cadence: how many fixed steps each display frame runs, for a 60 Hz and a 64 Hz step on
 * displays that are almost 60 Hz, and what that does to CPU per frame and to the picture.
 *
 * Why: with a 60 Hz step on a 60 Hz display the step boundaries sit on top of the vsyncs, so
 * rAF jitter can push a frame just before a boundary (0 steps) and the next just after (2
 * steps). Bevy's `Time<Fixed>` defaults to 64 Hz for that reason ("Fix Your Timestep", Glenn
 * Fiedler, explains the accumulator both run): 64 steps in 60 frames run 1 step a frame and 2
 * steps once in 15, never 0. This measures both on simulated displays, through @loop/core's
 * own `createLoop` driven by `frame(t)`, with and without interpolation.
 *
 * The phase: the loop's first frame is a baseline that runs nothing, so the step boundaries
 * start on the vsync the loop started on (phase 0). Each run shifts the baseline `phase` steps
 * earlier, which starts the boundaries that far from the vsyncs; the table sweeps it.
 */
import { createLoop } from '@loop/core';
import { CADENCE_DISPLAYS, type DisplaySpec, displayTrace } from './cadence-displays.js';

/**
 * CPU of one fixed step, ms, whatever its length: heavy physics, such as Rapier with 1 000
 * falling boxes, which costs about 6 ms a step in Node on these machines.
 */
export const STEP_MS = 6;
/** CPU of rendering one frame, ms: with it one step fits a 60 Hz frame and two do not. */
export const RENDER_MS = 5;
/** The frame budget of a 60 Hz display, ms. */
export const BUDGET_MS = 1000 / 60;
/** Speed of the moving body, px per ms (1000 px/s): errors in px read as ms of motion. */
const SPEED = 1;

/** Displayed-motion figures of one way of drawing (interpolated or latest state). */
export interface Picture {
  /** Mean of true − displayed position, ms of motion: how far behind real time the body is drawn. */
  readonly lag: number;
  /** Standard deviation of displayed − true position, px: the picture wobbling about its lag. */
  readonly wobble: number;
  /**
   * Judder, px: standard deviation of each frame's displacement minus the displacement its
   * vsync interval calls for. A steady picture moves the same amount every vsync: 0.
   */
  readonly judder: number;
}

/** One display, one timestep, one starting phase. */
export interface CadenceRun {
  /** Frames measured (the baseline frame excluded). */
  readonly frames: number;
  /** Frames that ran 0, 1, 2 and 3 or more steps. */
  readonly counts: readonly [number, number, number, number];
  /** Steps per second of real time. */
  readonly stepsPerSecond: number;
  /** Neighbouring frames that ran 0 then 2 steps or 2 then 0: the alternation Bevy avoids. */
  readonly pairs02: number;
  /** Mean CPU per frame (render + steps), ms: the load the step rate puts on the machine. */
  readonly cpuMean: number;
  /** Standard deviation of CPU per frame, ms: how uneven the frames are (0 = every frame alike). */
  readonly cpuSd: number;
  /** The costliest frame, ms. */
  readonly cpuMax: number;
  /** Frames whose CPU exceeds {@link BUDGET_MS}. */
  readonly overBudget: number;
  /** Rendering the blend of the last two states at alpha. */
  readonly interpolated: Picture;
  /** Rendering the latest state (alpha ignored). */
  readonly latest: Picture;
}

/** Running sums for a mean and a standard deviation, with no array kept. */
class Moments {
  n = 0;
  sum = 0;
  squares = 0;
  add(x: number): void {
    this.n++;
    this.sum += x;
    this.squares += x * x;
  }
  get mean(): number {
    return this.n ? this.sum / this.n : 0;
  }
  get sd(): number {
    const m = this.mean;
    return this.n ? Math.sqrt(Math.max(0, this.squares / this.n - m * m)) : 0;
  }
}

/** Scores one way of drawing: the position error and the per-frame displacement error. */
class PictureScore {
  private readonly error = new Moments();
  private readonly step = new Moments();
  private last = Number.NaN;
  private lastTruth = Number.NaN;
  add(drawn: number, truth: number): void {
    this.error.add(drawn - truth);
    if (!Number.isNaN(this.last)) this.step.add(drawn - this.last - (truth - this.lastTruth));
    this.last = drawn;
    this.lastTruth = truth;
  }
  result(): Picture {
    return { lag: -this.error.mean / SPEED, wobble: this.error.sd, judder: this.step.sd };
  }
}

/**
 * Replays `frames` frames of `trace` through `createLoop` with `timestep` (ms), the baseline
 * frame `phase` steps (in [0, 1)) before the timestamp of frame `first` (phase 0: exactly what
 * `start()` does on that frame), and scores the step counts, the CPU they cost and the picture.
 */
export function runCadence(
  trace: { readonly stamps: Float64Array; readonly vsyncs: Float64Array },
  timestep: number,
  phase: number,
  first = 0,
  frames = trace.stamps.length - 1 - first,
): CadenceRun {
  const { stamps, vsyncs } = trace;
  const baseline = stamps[first]! - phase * timestep;
  // True position at a vsync: the body started when the baseline's picture was shown.
  const origin = vsyncs[first]! - phase * timestep;
  let steps = 0;
  // NaN until the baseline frame has rendered: its picture is not scored.
  let shownAt = Number.NaN;
  const interpolated = new PictureScore();
  const latest = new PictureScore();
  const loop = createLoop({
    scheduler: 'manual',
    pauseWhenHidden: false,
    timestep,
    update() {
      steps++;
    },
    render(alpha, state) {
      if (Number.isNaN(shownAt)) return;
      const truth = SPEED * (shownAt - origin);
      interpolated.add(SPEED * timestep * (state.tick - 1 + alpha), truth);
      latest.add(SPEED * timestep * state.tick, truth);
    },
  }).start();
  loop.frame(baseline);
  const counts: [number, number, number, number] = [0, 0, 0, 0];
  const cpu = new Moments();
  let cpuMax = 0;
  let overBudget = 0;
  let pairs02 = 0;
  let previous = -1;
  const last = first + frames;
  for (let k = first + 1; k <= last; k++) {
    steps = 0;
    shownAt = vsyncs[k]!;
    loop.frame(stamps[k]!);
    counts[Math.min(steps, 3)]!++;
    if ((previous === 0 && steps === 2) || (previous === 2 && steps === 0)) pairs02++;
    previous = steps;
    const ms = RENDER_MS + steps * STEP_MS;
    cpu.add(ms);
    cpuMax = Math.max(cpuMax, ms);
    if (ms > BUDGET_MS) overBudget++;
  }
  const seconds = (stamps[last]! - baseline) / 1000;
  loop.dispose();
  return {
    frames,
    counts,
    stepsPerSecond: loop.tick / seconds,
    pairs02,
    cpuMean: cpu.mean,
    cpuSd: cpu.sd,
    cpuMax,
    overBudget,
    interpolated: interpolated.result(),
    latest: latest.result(),
  };
}

/** One row of the table: a display, a step rate, its phase sweep and its starts. */
export interface CadenceRow {
  /** The display's name from {@link CADENCE_DISPLAYS}. */
  readonly display: string;
  /** Fixed steps per second: the timestep is 1000 / stepHz ms. */
  readonly stepHz: number;
  /** One run per starting phase, evenly spread over a step: `sweep[0]` is phase 0. */
  readonly sweep: readonly CadenceRun[];
  /**
   * One run per start frame, at phase 0: what `start()` gives when it lands on that frame,
   * whose jitter then decides where the step boundaries sit.
   */
  readonly starts: readonly CadenceRun[];
  /** The same start frames with the baseline half a step earlier (boundaries between vsyncs). */
  readonly halfStarts: readonly CadenceRun[];
}

/** The step rates compared on every display, and the extra ones shown on one for context. */
export const STEP_RATES = [60, 64] as const;
const CONTEXT_RATES = [50, 120] as const;
const CONTEXT_DISPLAY = '60 Hz σ 1 ms';

/**
 * Runs every display of {@link CADENCE_DISPLAYS} at 60 and 64 Hz steps (and 50 and 120 Hz on
 * one display for context), `frames` frames a run: at `phases` starting phases evenly spread
 * over one step, and from `phases` different start frames at phase 0 and at phase ½. Each
 * display is one seeded trace shared by all its rows, so the rows differ only in the step.
 */
export function measureCadence(
  frames = 10_000,
  phases = 16,
  displays: readonly DisplaySpec[] = CADENCE_DISPLAYS,
): CadenceRow[] {
  const rows: CadenceRow[] = [];
  displays.forEach((spec, d) => {
    const trace = displayTrace(spec, frames + phases + 1, 101 + d);
    const rates = spec.name === CONTEXT_DISPLAY ? [...STEP_RATES, ...CONTEXT_RATES] : STEP_RATES;
    for (const stepHz of rates) {
      const step = 1000 / stepHz;
      const sweep: CadenceRun[] = [];
      const starts: CadenceRun[] = [];
      const halfStarts: CadenceRun[] = [];
      for (let p = 0; p < phases; p++) {
        sweep.push(runCadence(trace, step, p / phases, 0, frames));
        starts.push(runCadence(trace, step, 0, p, frames));
        halfStarts.push(runCadence(trace, step, 0.5, p, frames));
      }
      rows.push({ display: spec.name, stepHz, sweep, starts, halfStarts });
    }
  });
  return rows;
}
