import type { BodyLike, Vector3Like } from './rapier-types.js';

/** A body that can be put somewhere by hand: any build's `RigidBody`. */
export interface PlaceableBody extends BodyLike {
  setTranslation(translation: Vector3Like, wakeUp: boolean): void;
  setLinvel(velocity: Vector3Like, wakeUp: boolean): void;
  setAngvel(velocity: Vector3Like, wakeUp: boolean): void;
}

/** No velocity: what a placed body moves and spins at. Never written. */
const STILL: Vector3Like = Object.freeze({ x: 0, y: 0, z: 0 });

/**
 * Puts `body` at rest at `at`: moved there, its velocity and spin zeroed, woken so it falls
 * from there. What a teleport, a respawn or a drop does to a body; flag it as a jump
 * (`RapierGame.jump`, `Poses.jump`) in the same step so it is not drawn sliding there.
 * Allocates nothing.
 */
export function placeAtRest(body: PlaceableBody, at: Vector3Like): void {
  body.setTranslation(at, true);
  body.setLinvel(STILL, true);
  body.setAngvel(STILL, true);
}
