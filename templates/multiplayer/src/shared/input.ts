/**
 * One player's input for one tick: a stick (x, y from −127 to 127) and buttons (bit 0: boost).
 * Three bytes, so a message can repeat the last few ticks at little cost ("Fast-Paced
 * Multiplayer", Gabriel Gambetta: inputs are the only thing a client sends).
 */

/** Bytes of one tick's input on the wire and in the simulation's input table. */
export const INPUT_BYTES = 3;
/** The stick's full deflection on each axis. */
export const STICK_MAX = 127;
/** Button bits: boost (a faster top speed). */
export const BUTTON_BOOST = 1;
/** Every button bit the game knows; others are cleared on arrival. */
export const BUTTON_MASK = BUTTON_BOOST;

/**
 * Writes input into `out` at `at`, clamped into range: the stick to ±{@link STICK_MAX} (the wire
 * is Int8, whose −128 has no +128 twin) and buttons to the known bits. The server calls it on
 * every input it receives, so an out-of-range value is clamped, never an error.
 */
export function writeInput(
  out: Int8Array,
  at: number,
  x: number,
  y: number,
  buttons: number,
): void {
  out[at] = clampStick(x);
  out[at + 1] = clampStick(y);
  out[at + 2] = buttons & BUTTON_MASK;
}

/** A stick axis as an integer in [−127, 127]; NaN is 0. */
export function clampStick(value: number): number {
  const v = Math.trunc(value);
  return Number.isNaN(v) ? 0 : Math.min(STICK_MAX, Math.max(-STICK_MAX, v));
}
