/**
 * The little of Rapier's API this package calls, as structural types. Every build of Rapier 3D
 * (`@dimforge/rapier3d`, `-compat`, `-deterministic`, `-simd`) ships its own copy of the same
 * classes: typed against one of them, the package would refuse a world made by another. Typed
 * by shape, a `World` and a `RigidBody` of any build fit, and the package imports no Rapier at
 * run time (the game's own import decides which build, and how big, the page gets).
 */

/** A vector Rapier fills in place: `translation(out)` and `linvel(out)` write into one. */
export interface Vector3Like {
  x: number;
  y: number;
  z: number;
}

/** A quaternion Rapier fills in place: `rotation(out)` writes into one. */
export interface QuaternionLike extends Vector3Like {
  w: number;
}

/** A rigid body, as far as reading its pose goes. */
export interface BodyLike {
  /** Rapier's handle: what finds the same body again in a world restored from a snapshot. */
  readonly handle: number;
  /** The game's own data: the package keeps the body's index in the pose arrays here. */
  userData?: unknown;
  /** The body's position, written into `target` (Rapier 0.21 takes a target; no allocation). */
  translation(target?: Vector3Like): Vector3Like;
  /** The body's orientation, written into `target`. */
  rotation(target?: QuaternionLike): QuaternionLike;
}

/** A Rapier world, as far as stepping, poses, snapshots and freeing go. */
export interface WorldLike<B extends BodyLike = BodyLike> {
  /** Seconds the next `step()` advances: set to the loop's fixed dt before each step. */
  timestep: number;
  /** Advances the world by `timestep`. */
  step(): void;
  /** The set of every body: its size is how a restored world is first checked. */
  readonly bodies: { len(): number };
  /** Calls `f` for every body Rapier simulated in the last step (the sleeping ones skipped). */
  forEachActiveRigidBody(f: (body: B) => void): void;
  /** The body with this handle, or undefined/null when there is none. */
  getRigidBody(handle: number): B | null | undefined;
  /** The whole world as bytes (`World.restoreSnapshot` reads them back). */
  takeSnapshot(): Uint8Array;
  /** Frees the world's WebAssembly memory. */
  free(): void;
}

/** Rapier's `World` class, as far as restoring a snapshot goes: `RAPIER.World` of any build. */
export interface WorldClassLike<W extends WorldLike = WorldLike> {
  restoreSnapshot(bytes: Uint8Array): W | null | undefined;
}

/** The body type of a world type: `RAPIER.RigidBody` for a `RAPIER.World`. */
export type BodyOf<W extends WorldLike> = NonNullable<ReturnType<W['getRigidBody']>>;
