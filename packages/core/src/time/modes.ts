import type { StepMode } from '../options.js';
import { type ClockState, drop, spend } from './rule.js';

/**
 * How one frame of a mode spends what the clock owes (its state, through the rule's functions). `update(units)` runs the game's
 * update for that many units of simulated time; `halted()` tells whether it stopped the loop,
 * which ends the frame at once. The fixed modes need no strategy: the loop runs
 * `while (due(clock)) { update(dt); step(clock); }` itself, the hot path.
 */
export type Strategy = (
  clock: ClockState,
  update: (units: number) => void,
  halted: () => boolean,
) => void;

/**
 * Fiedler's semi-fixed step ("Fix Your Timestep!"): the frame cut into pieces of at most one
 * timestep, no leftover, never a step larger than `timestep`; not deterministic. After
 * `maxSteps` pieces the rest is dropped or carried, as the overflow policy says.
 */
const semiFixed: Strategy = (clock, update, halted) => {
  while (clock.owed > 0 && clock.steps < clock.maxSteps) {
    const units = Math.min(clock.owed, clock.perStep);
    update(units);
    spend(clock, units, units);
    if (halted()) return;
  }
  drop(clock);
};

/** The naive variable step: one update with the measured (clamped, scaled) frame time. */
const variable: Strategy = (clock, update) => {
  const units = clock.owed;
  if (!(units > 0)) return;
  update(units);
  spend(clock, units, units);
};

/**
 * The fixed step with no synchronization: one update of exactly one timestep per frame in which
 * time advanced, whatever the frame time, so the game runs faster on a faster display (with
 * `maxFps` it becomes the synchronized "constant FPS" loop of deWiTTERS and the classic gists).
 * A repeated timestamp is no new frame, and a time scale of 0 pauses it.
 */
const naive: Strategy = (clock, update) => {
  const units = clock.owed;
  spend(clock, units, 0);
  if (!(units > 0)) return;
  update(clock.perStep);
  spend(clock, 0, clock.perStep);
};

/** The strategy of a mode whose updates are not all whole fixed steps; null for the fixed modes. */
export function strategyOf(mode: StepMode): Strategy | null {
  if (mode === 'semi-fixed') return semiFixed;
  if (mode === 'variable') return variable;
  if (mode === 'naive') return naive;
  return null;
}
