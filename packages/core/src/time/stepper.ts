import type { StepMode } from '../options.js';
import type { Accumulator } from './accumulator.js';

/** Receives one simulation step of `dt` seconds. */
export type StepFn = (dt: number) => void;

/** True for the modes whose updates are all exactly one timestep, run by the accumulator. */
export function isFixedMode(mode: StepMode): boolean {
  return mode === 'fixed' || mode === 'timeslice';
}

/**
 * The modes whose updates are not whole fixed steps: semi-fixed, variable and naive. They
 * consume what the {@link Accumulator} owes in their own way and keep simulated time as a sum
 * of whole units, so it is exact for the frames given; the fixed modes need none of this (their
 * time is `tick × timestep`). A frame that owes nothing (a baseline after a start, a repeated or
 * bad timestamp) runs no update in any mode.
 */
export class Stepper {
  /** Simulated units so far. */
  simUnits = 0;

  /**
   * `fixedStep` runs one update of exactly one timestep (the loop passes a constant `dt`, so
   * V8 never boxes a fresh number for it); `step` runs one update of any length; `halted` tells
   * whether the loop was stopped by the update that just ran, which ends the frame at once.
   */
  constructor(
    private readonly acc: Accumulator,
    private readonly mode: StepMode,
    private readonly drop: boolean,
    private readonly fixedStep: () => void,
    private readonly step: StepFn,
    private readonly halted: () => boolean,
  ) {}

  /** Runs this frame's updates, after `acc.add()`, and returns how many ran. */
  run(): number {
    const { acc } = this;
    switch (this.mode) {
      case 'semi-fixed': {
        // Gaffer's semi-fixed step: pieces of at most one timestep, no leftover.
        let n = 0;
        while (acc.overstep > 0 && n < acc.maxSteps) {
          this.update(Math.min(acc.overstep, acc.perStep));
          n++;
          if (this.halted()) return n;
        }
        if (this.drop) {
          acc.dropped += acc.overstep;
          acc.overstep = 0;
        }
        return n;
      }
      case 'variable':
        // One update with the measured (clamped, scaled) frame time.
        if (!(acc.overstep > 0)) return 0;
        this.update(acc.overstep);
        return 1;
      case 'naive': {
        // One update of exactly one timestep per frame in which time advanced, whatever the
        // frame time: a repeated timestamp is no new frame, and a time scale of 0 pauses it.
        const advanced = acc.overstep > 0;
        acc.overstep = 0;
        if (!advanced) return 0;
        this.fixedStep();
        acc.tick++;
        this.simUnits += acc.perStep;
        return 1;
      }
      default:
        throw new RangeError(`Stepper runs semi-fixed, variable and naive modes, not ${this.mode}`);
    }
  }

  private update(units: number): void {
    const { acc } = this;
    // Stryker disable next-line ConditionalExpression: the same dt either way (units / perMs / 1000 is timestep / 1000 exactly); the constant only spares V8 boxing a number
    if (units === acc.perStep) this.fixedStep();
    else this.step(units / acc.perMs / 1000);
    acc.tick++;
    acc.overstep -= units;
    this.simUnits += units;
  }
}
