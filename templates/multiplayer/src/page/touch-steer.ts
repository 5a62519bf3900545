import { letterbox, type View } from '@loop/net/dom';
import { DRAWN_STRIDE } from '../client/arena-client';
import { HEIGHT, MAX_PLAYERS, WIDTH } from '../shared/arena';
import { BUTTON_BOOST, STICK_MAX } from '../shared/input';

/** The arena's letterbox in the canvas, as drawArena finds it. */
const box = new Float64Array(3);

/** CSS pixels from your player to the finger for the full stick: a short thumb's reach. */
export const FULL_STICK_PX = 40;
/** Farther than this, the finger also holds boost (Shift on a keyboard). */
export const BOOST_PX = 160;

/**
 * Steering by touch (or a held mouse button), for a phone with no keyboard: your player heads
 * for the finger. The stick points from the player's drawn position on the screen to the
 * pointer, at full deflection from {@link FULL_STICK_PX} away and in proportion inside it, so a
 * finger held on the player stops it; farther than {@link BOOST_PX} it boosts too.
 * Writes the stick (±STICK_MAX) and buttons into `out` [x, y, buttons] and returns false when
 * there is no player of yours to steer yet (`slot` is no seat); allocates nothing.
 */
export function steerToward(
  pointerX: number,
  pointerY: number,
  view: View,
  drawn: Float64Array,
  slot: number,
  out: Float64Array,
): boolean {
  if (slot < 0 || slot >= MAX_PLAYERS) return false;
  letterbox(view, WIDTH, HEIGHT, box);
  const scale = box[0]!;
  const at = slot * DRAWN_STRIDE;
  const dx = pointerX - (box[1]! + drawn[at]! * scale);
  const dy = pointerY - (box[2]! + drawn[at + 1]! * scale);
  const distance = Math.sqrt(dx * dx + dy * dy);
  const deflection = STICK_MAX / Math.max(distance, FULL_STICK_PX);
  out[0] = dx * deflection;
  out[1] = dy * deflection;
  out[2] = distance > BOOST_PX ? BUTTON_BOOST : 0;
  return true;
}
