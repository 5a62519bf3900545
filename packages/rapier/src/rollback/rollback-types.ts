import type { BodyLike, Vector3Like, WorldLike } from '../rapier-types.js';

/**
 * A rigid body as far as a rollback game reads it: its pose (`BodyLike`) and its velocities,
 * which the `velocities` checksum hashes. Structural, as the rest of the package's Rapier types:
 * a body of any Rapier 3D build fits (the deterministic one is the build for rollback).
 */
export interface RollbackBody extends BodyLike {
  /** The linear velocity, written into `target`. */
  linvel(target?: Vector3Like): Vector3Like;
  /** The angular velocity, written into `target`. */
  angvel(target?: Vector3Like): Vector3Like;
}

/** A Rapier world as far as a rollback game steps it: one `step()` of `timestep` seconds a tick. */
export interface RollbackWorld extends WorldLike<RollbackBody> {
  /** The step's length in seconds, set before each step. */
  timestep: number;
  /** Steps the world once. */
  step(): void;
}
