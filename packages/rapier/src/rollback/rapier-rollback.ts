import { hashNumbers } from '@loop/core/replay';
import type { RollbackGame, StatePart } from '@loop/net/rollback';
import type { QuaternionLike, Vector3Like } from '../rapier-types.js';
import type { WorldState } from '../world-state.js';
import {
  type ChecksumSource,
  type RapierRollbackOptions,
  resolveRapierRollbackOptions,
} from './options.js';
import type { RollbackWorld } from './rollback-types.js';
import { hashSnapshot } from './snapshot-hash.js';

/** Numbers per body in the `poses` part: x y z qx qy qz qw. */
export const POSE_STRIDE = 7;
/** Numbers per body the `velocities` checksum hashes: linear x y z, angular x y z. */
export const VELOCITY_STRIDE = 6;

/**
 * A Rapier world as `@loop/net/rollback`'s opaque game, so a `RollbackSession` (or a
 * `SyncTestSession`) can go back to any of the last ticks and step them again after a late
 * input: `save` is `world.takeSnapshot()`, `load` restores a new world with
 * `World.restoreSnapshot` and finds every body again by its handle (`WorldState.loadState`),
 * `step` runs the game's `act` then one `world.step()` of exactly the timestep ("Fix Your
 * Timestep!", Glenn Fiedler: the same dt every tick, which is what makes a tick replayable),
 * `capture` writes every body's pose into the `poses` part (stride 7, item `body`) so a desync
 * names the body that parted, and `checksum` hashes what the poses leave out (the velocities,
 * or the whole snapshot). Use Rapier's deterministic build
 * (`@dimforge/rapier3d-deterministic-compat`) for peers on different machines: the plain builds
 * are deterministic on one machine only.
 *
 * Its own code allocates nothing per tick (scratch vectors, the arrays made here); Rapier's
 * snapshots, restores and bindings allocate as they must.
 *
 * @example
 * const state = new WorldState(RAPIER.World, world);
 * for (const body of bodies) state.add(body);
 * const game = new RapierRollback({ state, inputWords: 2, act: push });
 * const session = new RollbackSession({ game, players: 2, local, links });
 */
export class RapierRollback<W extends RollbackWorld> implements RollbackGame {
  readonly inputWords: number;
  readonly build: string;
  /** The world and its bodies; `state.world` is a new object after each `load`. */
  readonly state: WorldState<W>;
  /** Every body's pose after the last step or load, body `i` at `[7i, 7i + 7)`. */
  readonly poses: Float64Array;
  /** The session's view of the state: `poses`, for the reports. */
  readonly parts: readonly StatePart[];
  /** What {@link checksum} hashes beside the poses. */
  readonly source: ChecksumSource;
  readonly #act: RapierRollbackOptions<W>['act'];
  readonly #dt: number;
  readonly #count: number;
  readonly #velocities: Float64Array;
  readonly #v: Vector3Like = { x: 0, y: 0, z: 0 };
  readonly #q: QuaternionLike = { x: 0, y: 0, z: 0, w: 1 };
  /** The snapshot `save` took of the world as it is now, or null once the world moved on. */
  #saved: Uint8Array | null = null;

  constructor(options: RapierRollbackOptions<W>) {
    const o = resolveRapierRollbackOptions(options);
    this.state = o.state;
    this.inputWords = o.inputWords;
    this.build = o.build;
    this.source = o.checksum;
    this.#act = o.act;
    this.#dt = o.timestep / 1000;
    this.#count = o.state.count;
    this.poses = new Float64Array(this.#count * POSE_STRIDE);
    this.#velocities = new Float64Array(this.#count * VELOCITY_STRIDE);
    this.parts = [{ name: 'poses', array: this.poses, stride: POSE_STRIDE, item: 'body' }];
    this.capture();
  }

  /** One tick: the game's `act` with this tick's inputs, then one step of the timestep. */
  step(inputs: Int32Array, tick: number, present: number): void {
    this.#saved = null;
    this.#act(this.state, inputs, tick, present);
    const world = this.state.world;
    world.timestep = this.#dt;
    world.step();
  }

  /** The whole world as bytes (`world.takeSnapshot()`); the session copies them. */
  save(): Uint8Array {
    const bytes = this.state.saveState();
    this.#saved = bytes;
    return bytes;
  }

  /** Restores a state `save` gave: a new world, its bodies found again by handle. */
  load(bytes: Uint8Array): void {
    this.#saved = null;
    this.state.loadState(bytes);
  }

  /** Writes every body's pose into {@link poses}: the session calls it after each step and load. */
  capture(): void {
    const bodies = this.state.bodies;
    const poses = this.poses;
    const v = this.#v;
    const q = this.#q;
    for (let i = 0; i < this.#count; i++) {
      const body = bodies[i]!;
      const at = i * POSE_STRIDE;
      body.translation(v);
      body.rotation(q);
      poses[at] = v.x;
      poses[at + 1] = v.y;
      poses[at + 2] = v.z;
      poses[at + 3] = q.x;
      poses[at + 4] = q.y;
      poses[at + 5] = q.z;
      poses[at + 6] = q.w;
    }
  }

  /**
   * A 32-bit hash of what the poses leave out: every body's velocities (`velocities`), or the
   * bytes of the world's snapshot (`snapshot`; the one `save` just took when there is one).
   */
  checksum(): number {
    if (this.source === 'snapshot') {
      return hashSnapshot(this.#saved ?? this.state.saveState());
    }
    const bodies = this.state.bodies;
    const out = this.#velocities;
    const v = this.#v;
    for (let i = 0; i < this.#count; i++) {
      const body = bodies[i]!;
      const at = i * VELOCITY_STRIDE;
      body.linvel(v);
      out[at] = v.x;
      out[at + 1] = v.y;
      out[at + 2] = v.z;
      body.angvel(v);
      out[at + 3] = v.x;
      out[at + 4] = v.y;
      out[at + 5] = v.z;
    }
    return hashNumbers(out);
  }
}
