import type { InputSnapshot } from '@loop/core/dom';
import { CONTROLS, DROP, JUMP, MOVE_X, MOVE_Z, TELEPORT } from './controls';

/**
 * The input a page sends the simulation in worker mode, as numbers: the stick as it is now,
 * and a running count of each press. The page samples once per frame and the worker steps on
 * its own time, so a press sent as "1 in this sample" could land in no step (two frames
 * between steps, the second one's 0 wins) or in several: a count that only goes up is applied
 * exactly once, in the first step that sees it grow.
 */

/** Stick x and z, as {@link Controls} gives them. */
export const WORD_X = 0;
export const WORD_Z = 1;
/** Running counts: jumps, teleports, instant replays asked for, replays ended. */
export const JUMPS = 2;
export const TELEPORTS = 3;
export const REPLAYS = 4;
export const ENDS = 5;
/** Running count of drops of boxes asked for (B, and the page's own at its start). */
export const DROPS = 6;
/** Numbers the page sends per sample. */
export const WORDS = 7;

/** The page's end: folds each frame's controls and presses into the words it sends. */
export class PressCounter {
  private readonly counts = new Float64Array(WORDS);

  /** Writes `controls` (this frame's, from `Controls.read`) and the presses of `input` into `words`. */
  write(words: Float64Array, controls: Float64Array, input: InputSnapshot): void {
    const c = this.counts;
    if (controls[JUMP]) c[JUMPS]!++;
    if (controls[TELEPORT]) c[TELEPORTS]!++;
    if (controls[DROP]) c[DROPS]!++;
    if (input.wasPressed('KeyR')) c[REPLAYS]!++;
    if (input.wasPressed('Escape')) c[ENDS]!++;
    words.set(c);
    words[WORD_X] = controls[MOVE_X]!;
    words[WORD_Z] = controls[MOVE_Z]!;
  }
}

/** The worker's end: turns the words of each step back into controls and requests. */
export class PressReader {
  /** This step's controls, as `Game.advance` takes them. */
  readonly controls = new Float64Array(CONTROLS);
  /** An instant replay was asked for since the last step. */
  // Stryker disable next-line BooleanLiteral: read() sets it before any step reads it
  replay = false;
  /** Ending a replay was asked for since the last step. */
  // Stryker disable next-line BooleanLiteral: read() sets it before any step reads it
  end = false;
  private readonly seen = new Float64Array(WORDS);

  /** Reads the words of this step (what the page sent most recently). */
  read(words: Float64Array): void {
    const seen = this.seen;
    const out = this.controls;
    out[MOVE_X] = words[WORD_X]!;
    out[MOVE_Z] = words[WORD_Z]!;
    out[JUMP] = words[JUMPS]! > seen[JUMPS]! ? 1 : 0;
    out[TELEPORT] = words[TELEPORTS]! > seen[TELEPORTS]! ? 1 : 0;
    out[DROP] = words[DROPS]! > seen[DROPS]! ? 1 : 0;
    this.replay = words[REPLAYS]! > seen[REPLAYS]!;
    this.end = words[ENDS]! > seen[ENDS]!;
    seen.set(words);
  }
}
