import fc from 'fast-check';
import type { OverflowPolicy, StepMode } from '../options.js';
import { Driver } from './driver.js';
import type { HostileTrace } from './hostile.js';

/**
 * Drives createLoop through a hostile trace and checks, after every frame, the invariants of
 * the README's rule for time, the guards, the cap and the controls. Throws on the first one
 * broken, saying which.
 */

export interface Config {
  mode: StepMode;
  timestep: number;
  maxDelta: number;
  maxSteps: number;
  overflow: OverflowPolicy;
  maxFps: number;
  timeScale: number;
}

export const config = (modes: StepMode[]): fc.Arbitrary<Config> =>
  fc
    .record({
      mode: fc.constantFrom(...modes),
      timestep: fc.constantFrom(1000 / 60, 1000 / 30, 10, 16, 1000 / 144, 50),
      maxDelta: fc.constantFrom(50, 100, 250, 1000),
      maxSteps: fc.integer({ min: 1, max: 20 }),
      overflow: fc.constantFrom<OverflowPolicy>('drop', 'carry'),
      maxFps: fc.constantFrom(Number.POSITIVE_INFINITY, 24, 30, 29.5, 60, 144),
      timeScale: fc.constantFrom(1, 1, 1 / 3, 0.5, 2),
    })
    .map((c) => (c.mode === 'timeslice' ? { ...c, timestep: Math.round(c.timestep) } : c));

export const ALL_MODES: StepMode[] = ['fixed', 'timeslice', 'semi-fixed', 'variable', 'naive'];

/**
 * Drives createLoop through a hostile trace and checks the invariants after every frame.
 * `exact`: the trace's glitches return to its timeline and the time scale is never changed, so
 * the exact bounds apply.
 */
export function drive(cfg: Config, trace: HostileTrace, exact: boolean): void {
  const driver = new Driver(cfg, exact);
  for (const event of trace.events) {
    if (event.kind === 'stamp') driver.frame(event.t);
    else driver.control(event);
  }
}
