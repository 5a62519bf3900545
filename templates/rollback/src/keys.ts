import type { InputSnapshot } from '@loop/core/dom';
import { STICK } from './game';

/** The keys of one player's stick: left, right, up (away, -z), down (+z). */
export interface KeyMap {
  left: string;
  right: string;
  up: string;
  down: string;
}

/** Player 0 on WASD and player 1 on the arrows: two players on one keyboard. */
export const KEYS: readonly KeyMap[] = [
  { left: 'KeyA', right: 'KeyD', up: 'KeyW', down: 'KeyS' },
  { left: 'ArrowLeft', right: 'ArrowRight', up: 'ArrowUp', down: 'ArrowDown' },
];

/** What a stick reads of one fixed step's input: createInput's snapshot, sampled per step. */
export type Keys = Pick<InputSnapshot, 'isDown'>;

/**
 * Writes the stick of `map` from this step's keys into `out` at `offset` (x then z, each
 * -STICK, 0 or STICK; opposite keys cancel): the Int32 words a session sends, no allocation.
 * Returns whether any of its keys is held, so a finger or the computer steers only without.
 */
export function writeStick(keys: Keys, map: KeyMap, out: Int32Array, offset = 0): boolean {
  const left = keys.isDown(map.left);
  const right = keys.isDown(map.right);
  const up = keys.isDown(map.up);
  const down = keys.isDown(map.down);
  out[offset] = (right ? STICK : 0) - (left ? STICK : 0);
  out[offset + 1] = (down ? STICK : 0) - (up ? STICK : 0);
  return left || right || up || down;
}

/**
 * A stick from a ball at (x, z) toward (toX, toZ), in arena metres, into `out` at `offset`: full
 * STICK from `reach` metres away, in proportion inside it, so a ball under a held finger stops
 * and the computer's player leans on yours rather than ramming it; a diagonal no faster than a
 * straight line. Rounded half away from zero to the integers the wire carries (the same both
 * ways, so left and right push alike). What a finger on a phone does, and the computer's player.
 */
export function steerToward(
  x: number,
  z: number,
  toX: number,
  toZ: number,
  reach: number,
  out: Int32Array,
  offset = 0,
) {
  const dx = toX - x;
  const dz = toZ - z;
  const deflection = STICK / Math.max(Math.sqrt(dx * dx + dz * dz), reach);
  out[offset] = round(dx * deflection);
  out[offset + 1] = round(dz * deflection);
}

/** Half away from zero: -2.5 is -3 as 2.5 is 3 (Math.round gives -2). */
function round(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}
