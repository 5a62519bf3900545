import { Interpolated } from '@loop/core';
import { hashNumbers } from '@loop/core/replay';
import type { BodyLike, WorldLike } from './rapier-types.js';

/**
 * The pose of every body as flat typed arrays, previous and current: positions x, y, z and
 * orientations x, y, z, w per body, body `i` at `3 i` and `4 i`. The simulation writes them once
 * per fixed step; render blends them at alpha with one batch lerp and one batch slerp ("Fix Your
 * Timestep!", Glenn Fiedler: draw the state between the last two steps), and the result goes
 * straight into instance matrices (`@loop/rapier/three`). Nothing per body is an object.
 *
 * Rapier has no call that copies every pose into an array, so poses are read body by body with
 * `translation(target)` / `rotation(target)`, which fill a scratch object instead of making a
 * new one (0.21 takes the target). That costs about 0.4 µs per call, so {@link readActive} reads
 * only the bodies Rapier moved: a sleeping body keeps its pose, and its previous stays equal to
 * current. A body the game moved by hand (a respawn, a teleport) goes through {@link jump}: read
 * again and its blend cut, so it is never drawn smeared across the floor for a frame.
 *
 * A step: `save()` first, then `world.step()`, `readActive(world)`, and `jump(body, i)` for each
 * body the game placed by hand in that step.
 */
export class Poses {
  /** Positions, 3 numbers per body. */
  readonly positions: Interpolated;
  /** Orientations as unit quaternions, 4 numbers per body, blended by slerp. */
  readonly orientations: Interpolated;
  /** Blended positions, rewritten by each `blend`: what render draws. */
  readonly drawnPositions: Float32Array;
  /** Blended orientations, rewritten by each `blend`. */
  readonly drawnOrientations: Float32Array;
  /** Bodies read by the latest `readActive` (the rest were asleep). */
  active = 0;

  private readonly v = { x: 0, y: 0, z: 0 };
  private readonly q = { x: 0, y: 0, z: 0, w: 1 };

  /** `count`: the bodies, an integer of at least 1 (a RangeError names it otherwise). */
  constructor(readonly count: number) {
    if (!Number.isInteger(count) || count < 1) {
      throw new RangeError(`Poses count must be an integer >= 1, got ${count}`);
    }
    this.positions = new Interpolated(count * 3, 'lerp');
    this.orientations = new Interpolated(count * 4, 'slerp');
    this.drawnPositions = new Float32Array(count * 3);
    this.drawnOrientations = new Float32Array(count * 4);
    // Identity orientations until the first read: a blend of zeros is no rotation at all.
    for (let i = 3; i < count * 4; i += 4) this.orientations.current[i] = 1;
    this.orientations.teleport();
  }

  /**
   * Bodies that moved faster than 1 m/s in the last step of `dt` seconds (more than `dt` metres
   * from previous to current): what an overlay calls moving, where awake includes a settling
   * pile's millimetres.
   */
  moving(dt: number): number {
    const a = this.positions.previous;
    const b = this.positions.current;
    const least = dt * dt;
    let n = 0;
    for (let k = 0; k < a.length; k += 3) {
      const x = b[k]! - a[k]!;
      const y = b[k + 1]! - a[k + 1]!;
      const z = b[k + 2]! - a[k + 2]!;
      if (x * x + y * y + z * z > least) n++;
    }
    return n;
  }

  /** Current becomes previous: call at the start of every fixed step, before anything moves. */
  save(): void {
    this.positions.save();
    this.orientations.save();
  }

  /** Reads the pose of one body into current, at `index`. */
  read(body: BodyLike, index: number): void {
    const p = this.positions.current;
    const o = this.orientations.current;
    const v = body.translation(this.v);
    const q = body.rotation(this.q);
    p[3 * index] = v.x;
    p[3 * index + 1] = v.y;
    p[3 * index + 2] = v.z;
    o[4 * index] = q.x;
    o[4 * index + 1] = q.y;
    o[4 * index + 2] = q.z;
    o[4 * index + 3] = q.w;
  }

  /** Reads every body: after a state is loaded, when every pose may have changed. */
  readAll(bodies: readonly BodyLike[]): void {
    for (let i = 0; i < bodies.length; i++) this.read(bodies[i]!, i);
  }

  /**
   * Reads the bodies Rapier simulated in the last step (its active set), after `world.step()`;
   * each body's `userData` must be its index (the game sets it when it makes the body). A body that fell
   * asleep did its last move in a step it was active in, and was read then.
   */
  readActive(world: WorldLike): void {
    this.active = 0;
    world.forEachActiveRigidBody(this.readOne);
  }

  /**
   * Body `index` was moved by hand in this step (a respawn, a teleport): its pose read again
   * and its blend cut, so every frame until the next step draws it at its new place only.
   */
  jump(body: BodyLike, index: number): void {
    this.read(body, index);
    this.teleport(index);
  }

  /** Body `index` jumped: the next frames draw it at its current pose only. */
  teleport(index: number): void {
    this.positions.teleportRange(3 * index, 3 * index + 3);
    this.orientations.teleportRange(4 * index, 4 * index + 4);
  }

  /** Every body jumped: after a state is loaded. */
  teleportAll(): void {
    this.positions.teleport();
    this.orientations.teleport();
  }

  /** Writes the poses at `alpha` between the last two steps into the drawn arrays. */
  blend(alpha: number): void {
    this.positions.blend(this.drawnPositions, alpha);
    this.orientations.blend(this.drawnOrientations, alpha);
  }

  /** A hash of the exact bits of every current pose: a replay's per-tick state hash. */
  hash(): number {
    return hashNumbers(this.orientations.current, hashNumbers(this.positions.current));
  }

  // Bound once, so a step's read allocates no closure of its own.
  private readonly readOne = (body: BodyLike): void => {
    this.read(body, body.userData as number);
    this.active++;
  };
}
