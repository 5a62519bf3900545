import { CONTROLS, JUMP, MOVE_X, MOVE_Z, TELEPORT } from './controls';
import type { Physics } from './physics';

/** The tests' fixed step: 60 a second, in seconds. */
export const DT = 1 / 60;

/** Controls of one tick: the stick at (x, z), and a jump or a teleport when asked. */
export function controls(x = 0, z = 0, { jump = 0, teleport = 0 } = {}): Float64Array {
  const out = new Float64Array(CONTROLS);
  out[MOVE_X] = x;
  out[MOVE_Z] = z;
  out[JUMP] = jump;
  out[TELEPORT] = teleport;
  return out;
}

/** Every body's position, x, y, z per body, read from the world as the Game reads it. */
export function positions(physics: Physics): Float64Array {
  const out = new Float64Array(3 * physics.count);
  for (const [i, body] of physics.bodies.entries()) {
    const t = body.translation();
    out.set([t.x, t.y, t.z], 3 * i);
  }
  return out;
}
