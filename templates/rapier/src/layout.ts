/**
 * Where the physics puts things and how hard it pushes (src/physics.ts): the pile's columns,
 * where the ball starts, the grid a drop of boxes falls from, and the ball's moves. A module of
 * its own so the tests read the same figures.
 */
import { BOX_HALF } from './world';

/** Below this height a body has fallen off the floor and respawns. */
export const FALLEN_Y = -15;
/** Horizontal acceleration the controls give the ball, in m/s² at full deflection. */
export const DRIVE = 30;
/** Upward speed change of a jump, in m/s. */
export const JUMP_SPEED = 7;
/** Where the ball starts, and respawns after a fall. */
export const SPAWN = { x: 0, y: 1, z: 9 };
/** Above the pile: where T teleports the ball and fallen boxes drop back from. */
export const DROP = { x: 0, y: 14, z: 0 };
/** Columns of the pile along x and z. */
export const LAYOUT_SIDE = 16;
/** Distance between the columns' centres: 10 cm of air between two boxes. */
export const SPACING = 2 * BOX_HALF + 0.1;
/** Boxes one drop lifts above the pile: a 4 × 4 grid of cells, 4 layers high. */
export const DROP_SIDE = 4;
export const DROP_LAYERS = 4;
export const DROP_BOXES = DROP_SIDE * DROP_SIDE * DROP_LAYERS;
/** The drop covers the pile's square, in cells of this side (one box each, jittered inside). */
export const DROP_CELL = (LAYOUT_SIDE * SPACING) / DROP_SIDE;
/** Height of the drop's lowest layer (the pile is 2 m high), and between two layers. */
export const DROP_LOW = 5;
export const DROP_LAYER = 2;
/** Mixed into the drop's seed, so a drop and a respawn from the same state draw apart. */
export const DROP_SALT = 0x0d509b0e;
