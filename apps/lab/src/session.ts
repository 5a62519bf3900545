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

/** Burns `ms` of real CPU time: the update cost on the real display. */
export function busyWait(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // spin
  }
}

/**
 * What a display frame costs when the lanes run side by side, each as if on a core of its own:
 * the slowest lane's work (ms), not the sum.
 */
export function frameWork(lanes: readonly Pick<Lane, 'work'>[]): number {
  let work = 0;
  // Stryker disable next-line EqualityOperator: at equal work the assignment changes nothing (the <= sibling is killed)
  for (const lane of lanes) if (lane.work > work) work = lane.work;
  return work;
}

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
  /** The update cost of the last frame fed (ms): {@link frameWork} of the lanes. */
  work = 0;

  /**
   * `burn(ms)` spends the update cost in real time on the real display ({@link busyWait};
   * the tests pass a recorder).
   */
  constructor(
    laneIds: readonly LaneId[],
    params: LoopParams,
    display: DisplaySpec,
    private readonly burn: (ms: number) => void = busyWait,
  ) {
    const real = display.kind === 'raf';
    this.lanes = LANES.filter((spec) => laneIds.includes(spec.id)).map(
      (spec) => new Lane(spec, params),
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

  /**
   * Feeds one frame to every lane and records a sample of each plot. On the real display the
   * frame's cost is then burnt once, the slowest lane's (the lanes run as if each had a core
   * of its own, as on a simulated display).
   */
  frame(stamp: number, real: number): void {
    const { lanes, plots } = this;
    const seconds = real / 1000;
    const iOffset = plots.offset.advance(seconds);
    const iSteps = plots.steps.advance(seconds);
    const iAlpha = plots.alpha.advance(seconds);
    const iInterval = plots.interval.advance(seconds);
    for (let i = 0; i < lanes.length; i++) {
      const lane = lanes[i]!;
      const before = lane.loop.stats.rendered;
      lane.frame(stamp, real);
      const { loop } = lane;
      plots.offset.ys[i]![iOffset] = lane.offset;
      // Updates of any length this frame (a frame the cap skipped ran none): the semi-fixed and
      // variable lanes' updates are not whole steps, which `tick` counts.
      plots.steps.ys[i]![iSteps] = loop.stats.rendered > before ? loop.stats.updates : 0;
      plots.alpha.ys[i]![iAlpha] = loop.alpha;
      plots.interval.ys[i]![iInterval] = loop.stats.frameTime;
    }
    this.frames++;
    this.lastReal = real;
    this.work = frameWork(lanes);
    if (!this.display && this.work > 0) this.burn(this.work);
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
    display.next(display.real + this.work);
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
