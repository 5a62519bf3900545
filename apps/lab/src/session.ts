import { type DisplaySpec, SimDisplay } from './displays.js';
import { LANES, type LaneId } from './lane-specs.js';
import { Lane, type LoopParams } from './lanes.js';
import { Series } from './series.js';

/** Samples each plot keeps: 720 display frames (12 s at 60 Hz, 3 s at 240 Hz). */
export const PLOT_CAPACITY = 720;

/** The quantities plotted per lane, one chart each. */
export const PLOTS = ['offset', 'steps', 'alpha', 'interval'] as const;
/** One of {@link PLOTS}. */
export type PlotName = (typeof PLOTS)[number];

/** The most display frames one call of {@link Session.runUntil} runs: a page never freezes. */
const MAX_FRAMES_PER_CALL = 240;

/**
 * What the lab runs: the chosen lanes, each a loop of its own, all fed the same frames by one
 * display clock, and the plot windows they fill. DOM-free: main.ts feeds it requestAnimationFrame
 * timestamps, the tests and `?frames=N` feed it simulated frames synchronously.
 */
export class Session {
  readonly lanes: Lane[];
  /** The simulated display, or null for the real one (frames come from rAF). */
  readonly display: SimDisplay | null;
  /** One window per plot, with a y array per lane. */
  readonly plots: Record<PlotName, Series>;
  /** Display frames fed so far. */
  frames = 0;
  /** Real time of the last frame fed (ms); NaN before the first. */
  lastReal = Number.NaN;

  constructor(laneIds: readonly LaneId[], params: LoopParams, display: DisplaySpec) {
    const real = display.kind === 'raf';
    this.lanes = LANES.filter((spec) => laneIds.includes(spec.id)).map(
      (spec) => new Lane(spec, params, real),
    );
    this.display = real ? null : new SimDisplay(display);
    this.display?.next(0);
    const n = this.lanes.length;
    this.plots = {
      offset: new Series(PLOT_CAPACITY, n),
      steps: new Series(PLOT_CAPACITY, n),
      alpha: new Series(PLOT_CAPACITY, n),
      interval: new Series(PLOT_CAPACITY, n),
    };
  }

  /** Feeds one frame to every lane and records a sample of each plot. */
  frame(stamp: number, real: number): void {
    const { lanes, plots } = this;
    const seconds = real / 1000;
    const iOffset = plots.offset.advance(seconds);
    const iSteps = plots.steps.advance(seconds);
    const iAlpha = plots.alpha.advance(seconds);
    const iInterval = plots.interval.advance(seconds);
    for (let i = 0; i < lanes.length; i++) {
      const lane = lanes[i]!;
      const before = lane.loop.tick;
      lane.frame(stamp, real);
      const { loop } = lane;
      plots.offset.ys[i]![iOffset] = lane.offset;
      plots.steps.ys[i]![iSteps] = loop.tick - before;
      plots.alpha.ys[i]![iAlpha] = loop.alpha;
      plots.interval.ys[i]![iInterval] = loop.stats.frameTime;
    }
    this.frames++;
    this.lastReal = real;
  }

  /**
   * Feeds the simulated display's next frame, then moves the display on: the frame after it
   * comes no sooner than the slowest lane's work allows (the lanes run as if each had a core of
   * its own), so an update cost above the timestep delays frames exactly as it would on a device.
   */
  step(): void {
    const display = this.display;
    if (!display) return;
    this.frame(display.stamp, display.real);
    let work = 0;
    for (const lane of this.lanes) if (lane.work > work) work = lane.work;
    display.next(display.real + work);
  }

  /** Feeds `n` simulated frames at once (the lab's "step" control and `?frames=N`). */
  stepFrames(n: number): void {
    for (let i = 0; i < n; i++) this.step();
  }

  /**
   * Feeds every simulated frame due by `target` ms of display time (at most
   * {@link MAX_FRAMES_PER_CALL}); returns how many ran.
   */
  runUntil(target: number): number {
    const display = this.display;
    if (!display) return 0;
    let n = 0;
    while (display.real <= target && n < MAX_FRAMES_PER_CALL) {
      this.step();
      n++;
    }
    return n;
  }

  /** Real time of the next simulated frame (ms); NaN on the real display. */
  get nextReal(): number {
    return this.display ? this.display.real : Number.NaN;
  }

  /** Pauses every lane's loop (the real display: the pause must not count as a frame). */
  pause(): void {
    for (const lane of this.lanes) lane.pause();
  }

  /** Resumes every lane's loop; the first frame after it advances nothing. */
  resume(): void {
    for (const lane of this.lanes) lane.resume();
  }
}
