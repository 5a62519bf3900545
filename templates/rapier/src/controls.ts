import type { InputSnapshot } from '@loop/core/dom';

/**
 * What one tick of the simulation consumes, as plain numbers: the recording stores these, not
 * raw key and pointer events, so a replay does not depend on the window size or the keyboard
 * layout, and the simulation reads one small array.
 */

/** Stick, left (−1) to right (+1): world x. */
export const MOVE_X = 0;
/** Stick, up the screen (−1, away from the camera) to down (+1): world z. */
export const MOVE_Z = 1;
/** 1 in the tick a jump was asked for (Space, or a tap). */
export const JUMP = 2;
/** 1 in the tick a teleport was asked for (T). */
export const TELEPORT = 3;
/**
 * 1 in the tick a drop of boxes was asked for (B, or the page as it starts): a command of the
 * simulation like the others, so a recording keeps it and a replay drops the same boxes.
 */
export const DROP = 4;
/** Numbers per tick. */
export const CONTROLS = 5;
/** The controls that last one tick (a press): worker mode counts them, so none is lost or doubled. */
export const PULSES: readonly number[] = [JUMP, TELEPORT, DROP];

/** CSS pixels of drag for full speed: a thumb's reach on a phone. */
const DRAG_RADIUS = 60;
/** A pointer that goes up having moved less than this (CSS pixels) was a tap: a jump. */
const TAP_SLOP = 10;

/**
 * Turns the input of one fixed step into the game's controls: WASD or the arrows, Space to
 * jump, T to teleport, B to drop boxes; on a touch screen (or with the mouse) drag from where the finger went
 * down to steer, tap to jump. Keeps the drag's origin between steps; allocates nothing.
 */
export class Controls {
  /** The controls of the latest step: rewritten by each `read`. */
  readonly values = new Float64Array(CONTROLS);
  private originX = 0;
  private originY = 0;
  private travel = 0;

  /** The controls for this step, from the snapshot `input.sample()` returned. */
  read(input: InputSnapshot): Float64Array {
    const out = this.values;
    let x = key(input, 'KeyD', 'ArrowRight') - key(input, 'KeyA', 'ArrowLeft');
    let z = key(input, 'KeyS', 'ArrowDown') - key(input, 'KeyW', 'ArrowUp');
    let jump = input.wasPressed('Space');
    const p = input.pointer;
    if (p.pressed) {
      this.originX = p.x;
      this.originY = p.y;
      this.travel = 0;
    }
    if (p.count > 0) {
      const dx = p.x - this.originX;
      const dy = p.y - this.originY;
      const length = Math.sqrt(dx * dx + dy * dy);
      // Stryker disable next-line EqualityOperator: `length >= this.travel` differs only at length = travel, where it writes the same travel (equivalent); `length <= this.travel` shrinks it (controls.test.ts kills it)
      if (length > this.travel) this.travel = length;
      // Full speed at DRAG_RADIUS and beyond; proportional inside it.
      const scale = 1 / Math.max(length, DRAG_RADIUS);
      x += dx * scale;
      z += dy * scale;
    }
    if (p.released && this.travel < TAP_SLOP) jump = true;
    // Keys and a drag together, or a diagonal, never go faster than one direction alone.
    const length = Math.sqrt(x * x + z * z);
    // Stryker disable next-line EqualityOperator: `length >= 1` differs only at length 1, where x / 1 and z / 1 are x and z to the bit (equivalent); `length <= 1` stretches a short stick (controls.test.ts kills it)
    if (length > 1) {
      x /= length;
      z /= length;
    }
    out[MOVE_X] = x;
    out[MOVE_Z] = z;
    out[JUMP] = jump ? 1 : 0;
    out[TELEPORT] = input.wasPressed('KeyT') ? 1 : 0;
    out[DROP] = input.wasPressed('KeyB') ? 1 : 0;
    return out;
  }
}

/** 1 if either key is down in this step, else 0. */
function key(input: InputSnapshot, a: string, b: string): number {
  return input.isDown(a) || input.isDown(b) ? 1 : 0;
}
