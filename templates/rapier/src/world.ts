/**
 * The sizes of the world, shared by the physics (src/physics.ts) and the drawing
 * (src/scene.ts). A module of their own, without Rapier, so the page of worker mode draws the
 * world without loading the physics engine the worker runs.
 */

/** Body index of the ball the player drives; boxes are 1 to `count - 1`. */
export const PLAYER = 0;
/** Half the edge of a box, in metres. */
export const BOX_HALF = 0.25;
/** Radius of the player's ball, in metres. */
export const PLAYER_RADIUS = 0.6;
/** Half the side of the square floor. Push a box past the edge and it falls, then respawns. */
export const FLOOR_HALF = 12;
