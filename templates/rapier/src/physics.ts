import RAPIER, { type RigidBody, type World } from '@dimforge/rapier3d';
import { BodyPlacer, WorldState } from '@loop/rapier';
import { CONTROLS, JUMP, MOVE_X, MOVE_Z, TELEPORT } from './controls';
import {
  DRIVE,
  DROP,
  DROP_BOXES,
  DROP_CELL,
  DROP_LAYER,
  DROP_LOW,
  DROP_SALT,
  DROP_SIDE,
  FALLEN_Y,
  JUMP_SPEED,
  LAYOUT_SIDE,
  SPACING,
  SPAWN,
} from './layout';
import { BOX_HALF, FLOOR_HALF, PLAYER, PLAYER_RADIUS } from './world';

/**
 * The Rapier world (await `loadRapier()` of `virtual:rapier-wasm` once first): a floor, the player's ball and a pile of boxes. It knows nothing of the
 * loop or of drawing: `step(dt, controls)` advances it by exactly one fixed step. Everything the
 * simulation depends on is in the Rapier world (where a fallen box respawns is drawn from a hash
 * of its pose as it fell, not from a generator with a state of its own), so the keyframes of a
 * replay are Rapier's snapshots as they come: `state` (`WorldState` of @loop/rapier) saves and
 * restores them, and finds the bodies again in a restored world.
 */
export class Physics {
  /** The world and its bodies as one replayable state: `saveState` and `loadState`. */
  readonly state: WorldState<World>;
  /** Bodies: the ball and the boxes. */
  readonly count: number;
  /** Mixed into where respawned boxes land: part of the game's configuration, not of its state. */
  readonly seed: number;
  /**
   * Puts bodies somewhere by hand (`BodyPlacer` of @loop/rapier): where is drawn from a hash of
   * the world's own numbers, so the snapshot stays the whole state; what it placed is listed.
   */
  private readonly placer: BodyPlacer;
  // Stryker disable next-line ObjectLiteral: `{}` is a scratch vector too: every field is written (by the drive, the jump or linvel(v)) before it is read
  private readonly v = { x: 0, y: 0, z: 0 };
  /** The respawn of one fallen body, made once (no closure per step). */
  private readonly respawnAt = (index: number) => this.respawn(index);
  /** The positions the respawns read: those of the step being settled. */
  // Stryker disable next-line ArrayDeclaration: respawnFallen sets it before respawn, its only (private) reader, can run: the first array is never read
  private fallen: ArrayLike<number> = [];

  /** `boxes`: how many dynamic boxes make the pile; `seed`: where respawned boxes land. */
  constructor(boxes: number, seed = 1) {
    this.count = boxes + 1;
    this.seed = seed;
    const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
    this.state = new WorldState(RAPIER.World, world, 'Physics');
    // Every body can fall in one step, the ball be teleported and a drop lift its boxes too.
    this.placer = new BodyPlacer(() => this.state.bodies, this.count + 1 + DROP_BOXES, seed);
    world.createCollider(
      RAPIER.ColliderDesc.cuboid(FLOOR_HALF, 0.5, FLOOR_HALF).setTranslation(0, -0.5, 0),
    );
    const ball = world.createRigidBody(
      RAPIER.RigidBodyDesc.dynamic()
        .setTranslation(SPAWN.x, SPAWN.y, SPAWN.z)
        .setLinearDamping(0.4)
        .setAngularDamping(0.8)
        // Stryker disable next-line BooleanLiteral: nothing a player does makes the ball fast enough to tunnel: dropped at 100, 400 or 2000 m/s onto the 1 m floor it lands in the same place with CCD off (checked); kept for a game that makes it faster
        .setCcdEnabled(true),
    );
    world.createCollider(RAPIER.ColliderDesc.ball(PLAYER_RADIUS).setDensity(6), ball);
    this.state.add(ball);
    // The pile: columns of boxes stacked straight (cheap to settle: Rapier puts a still stack
    // to sleep within a second), a hand's width apart, so the ball can plough through them.
    const perLayer = LAYOUT_SIDE * LAYOUT_SIDE;
    for (let i = 0; i < boxes; i++) {
      const column = i % perLayer;
      const x = ((column % LAYOUT_SIDE) - (LAYOUT_SIDE - 1) / 2) * SPACING;
      const z = (Math.floor(column / LAYOUT_SIDE) - (LAYOUT_SIDE - 1) / 2) * SPACING;
      const y = BOX_HALF + Math.floor(i / perLayer) * (2 * BOX_HALF + 0.002);
      const box = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(x, y, z));
      world.createCollider(RAPIER.ColliderDesc.cuboid(BOX_HALF, BOX_HALF, BOX_HALF), box);
      this.state.add(box);
    }
  }

  /**
   * Advances the world by one fixed step of `dt` seconds: the controls act on the ball first
   * (an impulse, a jump, a teleport), then Rapier steps once with exactly `dt` (`state.step`,
   * timed for the overlay). Never called with the frame time: the loop calls it once per step.
   */
  step(dt: number, controls: ArrayLike<number>): void {
    if (controls.length < CONTROLS) {
      throw new RangeError(`Physics.step: controls need ${CONTROLS} numbers`);
    }
    this.placer.clear();
    this.drive(dt, controls);
    this.state.step(dt);
  }

  /**
   * Respawns every body whose height in `positions` (x, y, z per body, just read from the
   * world) is below the floor's edge: a box drops back onto the pile, the ball back to its start.
   * Their indices land in `respawned`, so their interpolation can be cut (a teleport, no smear).
   */
  respawnFallen(positions: ArrayLike<number>): number {
    this.fallen = positions;
    this.placer.forFallen(positions, this.count, FALLEN_Y, this.respawnAt);
    return this.placer.count;
  }

  /**
   * Lifts {@link DROP_BOXES} boxes out of the pile and lets them fall back onto it from 5 to
   * 12 m up, each in a cell of its own (they never start inside one another) and turned at
   * random: physics to watch the moment the page opens, and again at every B. Which boxes and
   * where come from a generator seeded with a hash of `positions` (every body's, just read from
   * the world) and the game's seed: simulation state, so a replay drops the very same boxes and
   * the snapshot stays the whole state. Their indices join `respawned`: no smear as they jump.
   */
  drop(positions: ArrayLike<number>): void {
    const r = this.placer.seedFrom(positions, DROP_SALT);
    const boxes = this.count - 1;
    const n = Math.min(DROP_BOXES, boxes);
    // Every stride-th box from a random start: n different boxes, spread through the pile.
    const stride = Math.floor(boxes / n);
    const first = Math.floor(r.next() * boxes);
    const half = (DROP_SIDE * DROP_CELL) / 2;
    // Jitter inside a cell leaves a box's diagonal (0.9 m) clear of the next cell.
    const room = DROP_CELL - 1;
    for (let k = 0; k < n; k++) {
      const cell = k % (DROP_SIDE * DROP_SIDE);
      const x = (cell % DROP_SIDE) * DROP_CELL - half + 0.5 + r.next() * room;
      const z = Math.floor(cell / DROP_SIDE) * DROP_CELL - half + 0.5 + r.next() * room;
      const layer = Math.floor(k / (DROP_SIDE * DROP_SIDE));
      // Stryker disable next-line ArithmeticOperator: `r.next() / (DROP_LAYER - 1)` divides by 1, which gives the bits × gives (equivalent); the other four (− for either +, ÷ for the layer's ×, + for the −) put boxes outside their layer (drop.test.ts kills them)
      const y = DROP_LOW + layer * DROP_LAYER + r.next() * (DROP_LAYER - 1);
      this.placer.placeTurned(1 + ((first + k * stride) % boxes), x, y, z);
    }
  }

  /** Indices of the bodies teleported or respawned in the last step, `respawnedCount` of them. */
  get respawned(): Int32Array {
    return this.placer.placed;
  }

  /** How many of `respawned` belong to the last step. */
  get respawnedCount(): number {
    return this.placer.count;
  }

  /** The Rapier world; a new object after `state.loadState`. */
  get world(): World {
    return this.state.world;
  }

  /** Bodies by index: the player's ball first, then the boxes. Refreshed by `state.loadState`. */
  get bodies(): readonly RigidBody[] {
    return this.state.bodies;
  }

  /** The controls act on the ball: an impulse towards the stick, a jump, a teleport. */
  private drive(dt: number, controls: ArrayLike<number>): void {
    const ball = this.bodies[PLAYER]!;
    const v = this.v;
    const mass = ball.mass();
    if (controls[TELEPORT]) this.placer.place(PLAYER, DROP.x, DROP.y, DROP.z);
    const x = controls[MOVE_X]!;
    const z = controls[MOVE_Z]!;
    // Stryker disable next-line ConditionalExpression: `true` for the whole or either side adds only zero impulses, which Rapier skips: they neither move nor wake the ball (equivalent); `false` for the whole or either side loses a direction (physics and game tests kill them)
    if (x !== 0 || z !== 0) {
      v.x = x * DRIVE * mass * dt;
      v.y = 0;
      v.z = z * DRIVE * mass * dt;
      ball.applyImpulse(v, true);
    }
    // A jump needs something underfoot: the ball barely moving up or down.
    if (controls[JUMP] && Math.abs(ball.linvel(v).y) < 0.5) {
      v.x = 0;
      v.y = JUMP_SPEED * mass;
      v.z = 0;
      ball.applyImpulse(v, true);
    }
  }

  /** A fallen body back: the ball to its start, a box above the pile, turned at random. */
  private respawn(index: number): void {
    if (index === PLAYER) {
      this.placer.place(PLAYER, SPAWN.x, SPAWN.y, SPAWN.z);
      return;
    }
    // Where it lands: a generator seeded from the exact bits of where it fell (simulation
    // state, replayed bit for bit), the box and the game's seed.
    const r = this.placer.seedFromPosition(this.fallen, index);
    this.placer.placeTurned(
      index,
      (r.next() - 0.5) * 4,
      DROP.y + r.next() * 4,
      (r.next() - 0.5) * 4,
    );
  }
}
