import { Random } from '@loop/core';
import { hashNumbers } from '@loop/core/replay';
import { type PlaceableBody, placeAtRest } from './place.js';
import type { QuaternionLike } from './rapier-types.js';

/** A body the placer can also turn: any build's `RigidBody`. */
export interface TurnableBody extends PlaceableBody {
  setRotation(rotation: QuaternionLike, wakeUp: boolean): void;
}

/** Mixes the game's seed into a hash's seed, so two games' draws from one state differ. */
const SEED_MIX = 0x9e3779b1;

/**
 * The bodies a game puts somewhere by hand in one step (a respawn, a teleport, a drop of boxes),
 * kept as a list of indices to cut from the blend (`RapierGame.jump`), and the randomness of
 * where they go drawn from the simulation's own state: a generator reseeded, each time, from a
 * hash of exact numbers of the world (where a body fell, every pose) and the game's seed, never
 * a generator with a state of its own. So the world's snapshot stays the whole state, and a
 * replay or a keyframe restored places the very same bodies at the very same spots. Allocates
 * nothing per step.
 */
export class BodyPlacer {
  /** Indices of the bodies placed since {@link clear}, `count` of them. */
  readonly placed: Int32Array;
  /** How many of `placed` belong to this step. */
  count = 0;
  /** The generator {@link seedFrom} reseeds: read it right after. */
  readonly random = new Random(0);
  private readonly at = { x: 0, y: 0, z: 0 };
  private readonly turn = { x: 0, y: 0, z: 0, w: 1 };
  private readonly fall = new Float64Array(3);

  /**
   * `bodies`: the bodies by index (read at each call: a restored world has new ones);
   * `capacity`: the most placements in one step; `seed`: the game's, mixed into every draw.
   */
  constructor(
    private readonly bodies: () => readonly TurnableBody[],
    capacity: number,
    readonly seed: number,
  ) {
    if (typeof bodies !== 'function') {
      throw new RangeError(`BodyPlacer bodies must be a function, got ${String(bodies)}`);
    }
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`BodyPlacer capacity must be an integer >= 1, got ${capacity}`);
    }
    if (!Number.isInteger(seed)) {
      throw new RangeError(`BodyPlacer seed must be an integer, got ${seed}`);
    }
    this.placed = new Int32Array(capacity);
  }

  /** Starts a step: no body placed yet. */
  clear(): void {
    this.count = 0;
  }

  /** Puts body `index` at rest at (x, y, z) ({@link placeAtRest}) and lists it. */
  place(index: number, x: number, y: number, z: number): void {
    const at = this.at;
    at.x = x;
    at.y = y;
    at.z = z;
    placeAtRest(this.bodies()[index]!, at);
    this.placed[this.count++] = index;
  }

  /**
   * {@link place}, then turned at random from {@link random}: four components in ±0.5, which
   * Rapier's `setRotation` normalises. How a respawned or dropped box lands.
   */
  placeTurned(index: number, x: number, y: number, z: number): void {
    this.place(index, x, y, z);
    const r = this.random;
    const q = this.turn;
    q.x = r.next() - 0.5;
    q.y = r.next() - 0.5;
    q.z = r.next() - 0.5;
    q.w = r.next() - 0.5;
    this.bodies()[index]!.setRotation(q, true);
  }

  /** Reseeds {@link random} from the exact bits of `numbers`, the game's seed and `salt`. */
  seedFrom(numbers: ArrayLike<number>, salt: number): Random {
    this.random.state = hashNumbers(numbers, (Math.imul(this.seed, SEED_MIX) ^ salt) >>> 0);
    return this.random;
  }

  /** {@link seedFrom} the position of body `index` in `positions` (x, y, z per body), salted by it. */
  seedFromPosition(positions: ArrayLike<number>, index: number): Random {
    const fall = this.fall;
    for (let k = 0; k < 3; k++) fall[k] = positions[3 * index + k]!;
    return this.seedFrom(fall, index);
  }

  /**
   * Calls `respawn(index)` for each of the first `count` bodies whose height in `positions`
   * (x, y, z per body, just read from the world; it may hold more) is below `belowY`: the
   * bodies that fell off the world. Returns how many there were. Pass a `respawn` made once,
   * not a new closure per step.
   */
  forFallen(
    positions: ArrayLike<number>,
    count: number,
    belowY: number,
    respawn: (index: number) => void,
  ): number {
    let fallen = 0;
    for (let i = 0; i < count; i++) {
      if (positions[3 * i + 1]! < belowY) {
        respawn(i);
        fallen++;
      }
    }
    return fallen;
  }
}
