import {
  createLoop,
  Interpolated,
  type Loop,
  type LoopState,
  lerpAngle,
  type ResolvedOptions,
} from '@loop/core';
import { achievedFps, ErrorFigures, motionError, stepsOwed } from './figures.js';
import { type LaneSpec, laneTimestep } from './lane-specs.js';
import {
  ANGLE,
  BODY_SPEED,
  extrapolateState,
  initialState,
  STATE_SIZE,
  stepWorld,
  trueState,
  X,
} from './world.js';

/**
 * The loop options every lane shares (ms, like @loop/core's options; `maxFps` applies to the
 * capped lane only, the others render every frame), and the cost of one update in ms: each
 * lane adds it up in {@link Lane.work}, and the session charges the slowest lane's total once
 * per frame (simulated time, or one busy-wait on the real display).
 */
export type LoopParams = Pick<
  ResolvedOptions,
  'timestep' | 'maxDelta' | 'maxSteps' | 'overflow' | 'maxFps' | 'timeScale'
> & { readonly cost: number };

/**
 * One lane: a real `createLoop({ scheduler: 'manual' })` running the world, fed the display's
 * timestamps by the session, plus what it drew and how far that was from the truth. The render
 * hook writes the drawn state into `shown` and the exact state into `truth`; the view paints
 * them later, once per screen refresh, however many display frames ran in between.
 */
export class Lane {
  readonly loop: Loop;
  readonly world = new Interpolated(STATE_SIZE);
  /** The state drawn at the last render. */
  readonly shown = new Float64Array(STATE_SIZE);
  /** The exact state at the simulated time of the last render (the ghost). */
  readonly truth = new Float64Array(STATE_SIZE);
  /** Displayed-motion error of the body, per pair of rendered frames (m). */
  readonly motion = new ErrorFigures();
  /** The timestep this lane's loop runs (ms). */
  readonly timestep: number;
  /** Update cost run up in the current display frame (ms): its updates × the cost. */
  work = 0;
  /** Frames rendered. */
  rendered = 0;
  /** Real time elapsed while running (ms): the sum of frame times since the first frame. */
  elapsed = 0;
  /** Real time of the last rendered frame since the first frame (ms). */
  lastRenderAt = 0;
  /** Real time of the current display frame (ms); NaN before the first and after a resume. */
  private real = Number.NaN;
  private hasShown = false;
  private shownX = 0;
  private shownT = 0;

  constructor(
    readonly spec: LaneSpec,
    readonly params: LoopParams,
  ) {
    this.timestep = laneTimestep(spec, params.timestep);
    // Moving since before the start: the previous step is one timestep behind, so an
    // interpolated lane shows its one step of latency from the first frame, not a jump.
    initialState(this.world.current);
    trueState(this.world.previous, -this.timestep / 1000);
    this.loop = createLoop({
      scheduler: 'manual',
      pauseWhenHidden: false,
      mode: spec.mode,
      timestep: this.timestep,
      maxDelta: params.maxDelta,
      maxSteps: params.maxSteps,
      overflow: params.overflow,
      maxFps: spec.id === 'capped' ? params.maxFps : Number.POSITIVE_INFINITY,
      timeScale: params.timeScale,
      update: (dt) => this.update(dt),
      render: (alpha, state) => this.render(alpha, state),
    }).start();
  }

  /** Runs one display frame: `stamp` is what the clock says, `real` when it really is (ms). */
  frame(stamp: number, real: number): void {
    if (!Number.isNaN(this.real)) this.elapsed += real - this.real;
    this.real = real;
    this.work = 0;
    this.loop.frame(stamp);
  }

  /** Pauses the loop; the first frame after {@link resume} advances nothing. */
  pause(): void {
    this.loop.stop();
  }

  /** Resumes after a pause without counting the paused time. */
  resume(): void {
    this.real = Number.NaN;
    this.loop.start();
  }

  /** Simulated seconds the ghost is at: real time run, less what the loop dropped, scaled. */
  get truthSeconds(): number {
    return ((this.elapsed - this.loop.stats.dropped) * this.params.timeScale) / 1000;
  }

  /** Whole timesteps real time has called for so far. */
  get owed(): number {
    return stepsOwed(this.elapsed, this.params.timeScale, this.timestep);
  }

  /** Rendered frames per second of real time. */
  get fps(): number {
    return achievedFps(this.rendered, this.lastRenderAt);
  }

  /** Distance the body covered per second of real time (m/s): 2 when the game keeps time. */
  get speed(): number {
    return this.elapsed > 0 ? (this.world.current[X]! * 1000) / this.elapsed : 0;
  }

  /** The drawn body's offset from its ghost at the last render (m). */
  get offset(): number {
    return this.shown[X]! - this.truth[X]!;
  }

  private update(dt: number): void {
    this.world.save();
    stepWorld(this.world.current, dt);
    this.work += this.params.cost;
  }

  private render(alpha: number, state: LoopState): void {
    const { shown, world, spec } = this;
    if (spec.draw === 'interpolate') {
      world.blend(shown, alpha);
      shown[ANGLE] = lerpAngle(world.previous[ANGLE]!, world.current[ANGLE]!, alpha);
    } else if (spec.draw === 'extrapolate') {
      extrapolateState(shown, world.current, state.lag);
    } else {
      shown.set(world.current);
    }
    const t = this.truthSeconds;
    trueState(this.truth, t);
    if (this.hasShown) {
      this.motion.add(motionError(shown[X]! - this.shownX, BODY_SPEED, t - this.shownT));
    }
    this.hasShown = true;
    this.shownX = shown[X]!;
    this.shownT = t;
    this.rendered++;
    this.lastRenderAt = this.elapsed;
  }
}
