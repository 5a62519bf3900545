import type { OverflowPolicy, StepMode } from '../options.js';
import { type Accumulation, accumulate, alphaOf } from './accumulate.js';
import type { TimeBase } from './ticks.js';

/** Receives one simulation step of `dt` seconds. */
export type StepFn = (dt: number) => void;

/** Stepper settings that cannot change while the loop runs. */
export interface StepperConfig {
  readonly mode: StepMode;
  readonly base: TimeBase;
  readonly maxSteps: number;
  readonly overflow: OverflowPolicy;
}

/**
 * Consumes real time and decides which updates run: the accumulator of "Fix Your Timestep"
 * and its siblings, in integer units (see ticks.ts), so the same frame times always produce the
 * same ticks. It knows nothing of the browser: a frame is a number of units.
 */
export class Stepper implements Accumulation {
  /** Updates run since creation (fixed steps in the fixed modes). */
  tick = 0;
  /** Simulated time in units: `tick × perStep` in the fixed modes. */
  simUnits = 0;
  /** Leftover units not yet simulated (the accumulator after the updates). */
  overstep = 0;
  /** Updates run in the last frame. */
  steps = 0;
  /** Units dropped by the `maxSteps` guard in the last frame. */
  dropped = 0;
  /** Game speed; 0 pauses. */
  timeScale = 1;
  /**
   * Leftover divided by timestep, in [0, 1) even when `carry` leaves whole steps owed (it then
   * stays just below 1: the newest state). Kept as a field, set once per frame.
   */
  alpha = 0;

  private readonly dt: number;

  /**
   * `fixedStep` runs one update of exactly one timestep (the loop passes a constant `dt`, so
   * V8 never boxes a fresh number for it); `step` runs one update of any length.
   */
  constructor(
    private readonly config: StepperConfig,
    timestep: number,
    private readonly fixedStep: () => void,
    private readonly step: StepFn,
  ) {
    this.dt = timestep / 1000;
  }

  /** True in the modes where simulated time is a whole number of fixed steps. */
  get fixed(): boolean {
    return this.config.mode === 'fixed' || this.config.mode === 'timeslice';
  }

  /** Leftover in seconds, for extrapolation. */
  get lag(): number {
    return this.overstep / this.config.base.perMs / 1000;
  }

  /** Simulated seconds: `tick × dt` in fixed modes, so it is exact, never a running sum. */
  get time(): number {
    return this.fixed ? this.tick * this.dt : this.simUnits / this.config.base.perMs / 1000;
  }

  /**
   * Advances by one frame of `units` real time (already sanitized and clamped), running the
   * updates it owes. `first` marks the frame that only sets the baseline.
   */
  advance(units: number, first: boolean): void {
    this.steps = 0;
    this.dropped = 0;
    if (this.timeScale !== 0) this.consume(units, first);
    this.alpha = alphaOf(this.overstep, this.config.base.perStep);
  }

  private consume(units: number, first: boolean): void {
    const scaled = this.timeScale === 1 ? units : Math.round(units * this.timeScale);
    switch (this.config.mode) {
      case 'fixed':
      case 'timeslice':
        this.overstep += scaled;
        this.runFixed();
        return;
      case 'semi-fixed':
        this.overstep += scaled;
        this.runSemiFixed();
        return;
      case 'variable':
        if (scaled > 0) this.run(scaled);
        return;
      case 'naive':
        if (!first) this.run(this.config.base.perStep);
        return;
    }
  }

  private run(units: number): void {
    if (units === this.config.base.perStep) this.fixedStep();
    else this.step(units / this.config.base.perMs / 1000);
    this.tick++;
    this.simUnits += units;
    this.steps++;
  }

  private runFixed(): void {
    const { base, maxSteps, overflow } = this.config;
    accumulate(this, base.perStep, maxSteps, overflow === 'drop', this.fixedStep);
  }

  private runSemiFixed(): void {
    const { perStep } = this.config.base;
    while (this.overstep > 0 && this.steps < this.config.maxSteps) {
      const piece = Math.min(this.overstep, perStep);
      this.run(piece);
      this.overstep -= piece;
    }
    if (this.overstep > 0 && this.config.overflow === 'drop') {
      this.dropped = this.overstep;
      this.overstep = 0;
    }
  }

  /** Milliseconds of real time in `units` of simulated time at the current time scale. */
  realMs(units: number): number {
    const scale = this.timeScale > 0 ? this.timeScale : 1;
    return units / this.config.base.perMs / scale;
  }
}
