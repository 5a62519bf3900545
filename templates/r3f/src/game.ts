import RAPIER, { type RigidBody, type World } from '@dimforge/rapier3d';
import type { InputSnapshot } from '@loop/core/dom';
import { Poses, placeAtRest } from '@loop/rapier';

/** Boxes in the pile: one `InstancedMesh` draws them all. */
export const BOXES = 256;
/** Half the side of a box, in metres. */
export const BOX_HALF = 0.25;
/** Half the side of the square floor, in metres. */
export const FLOOR_HALF = 6;
/** The starting pile: layers of SIDE × SIDE boxes SPACING m apart, the lowest START_Y m up. */
const SIDE = 8;
const SPACING = 0.8;
const START_Y = 3;
/** A box below this height fell off the floor: it comes back RESPAWN_LIFT m above its start. */
export const FALLEN_Y = -8;
const RESPAWN_LIFT = 6;
/** The upward speed a jump gives every box, in m/s. */
export const JUMP_SPEED = 7;

/**
 * Where box `i` starts, written into `out`: layers of SIDE × SIDE boxes, SPACING apart, the
 * lowest at START_Y. Also where a fallen box comes back (lifted by RESPAWN_LIFT).
 */
export function startOf(i: number, out: { x: number; y: number; z: number }): void {
  const layer = Math.floor(i / (SIDE * SIDE));
  const cell = i % (SIDE * SIDE);
  out.x = ((cell % SIDE) - (SIDE - 1) / 2) * SPACING;
  out.y = START_Y + layer * SPACING;
  out.z = (Math.floor(cell / SIDE) - (SIDE - 1) / 2) * SPACING;
}

/**
 * Whether this step jumps: Space (the keyboard or the HUD's button) or a tap on the scene went
 * down since the previous step. Read from the step's input snapshot, so a press is seen by
 * exactly one step however many steps a frame runs.
 */
export function wantsJump(input: InputSnapshot): boolean {
  return input.wasPressed('Space') || input.pointer.pressed;
}

/**
 * The game's rules: a floor and a pile of boxes in a Rapier world, a jump that throws them
 * up, and boxes that fell off the floor put back above it. It knows nothing of React or
 * drawing: `step(dt, jump)` advances it by exactly one fixed step, and `poses` (`Poses` of
 * @loop/rapier) holds every box's pose after it, the ones placed by hand in `jumped`.
 */
export class Game {
  /** The Rapier world: await `loadRapier()` (of `virtual:rapier-wasm`, served by vite.config.ts) before making a Game. */
  readonly world: World;
  /** The boxes; box `i` has `userData` i, its place in `poses`. */
  readonly bodies: RigidBody[] = [];
  /** Every box's pose at the last two steps, as flat typed arrays. */
  readonly poses: Poses;
  /** Boxes placed by hand in the last step (respawned): the first `jumpedCount`. */
  readonly jumped: Int32Array;
  /** How many of `jumped` belong to the last step. */
  jumpedCount = 0;
  /** Steps taken so far. */
  ticks = 0;

  // Scratch vector, so a step allocates no JavaScript object of its own.
  private readonly v = new RAPIER.Vector3(0, 0, 0);

  /** `count`: the boxes, an integer of at least 1 (else `Poses` throws a RangeError naming it). */
  constructor(readonly count = BOXES) {
    this.poses = new Poses(count); // first: it checks `count` before anything is made
    const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
    this.world = world;
    world.createCollider(
      RAPIER.ColliderDesc.cuboid(FLOOR_HALF, 0.5, FLOOR_HALF).setTranslation(0, -0.5, 0),
    );
    for (let i = 0; i < count; i++) {
      startOf(i, this.v);
      const desc = RAPIER.RigidBodyDesc.dynamic().setTranslation(this.v.x, this.v.y, this.v.z);
      const body = world.createRigidBody(desc);
      world.createCollider(RAPIER.ColliderDesc.cuboid(BOX_HALF, BOX_HALF, BOX_HALF), body);
      body.userData = i;
      this.bodies.push(body);
    }
    this.poses.readAll(this.bodies);
    this.poses.teleportAll();
    this.jumped = new Int32Array(count);
  }

  /**
   * One fixed step of `dt` seconds: the jump acts first, Rapier steps once with exactly `dt`,
   * the boxes it moved are read into `poses`, and those that fell are put back. Never called
   * with the frame time: the loop calls it once per fixed step.
   */
  step(dt: number, jump: boolean): void {
    this.poses.save();
    this.jumpedCount = 0;
    if (jump) this.jump();
    this.world.timestep = dt;
    this.world.step();
    this.poses.readActive(this.world);
    this.respawnFallen();
    this.ticks++;
  }

  /** Throws every box up at JUMP_SPEED, each a little aside (by its index), waking the pile. */
  private jump(): void {
    const v = this.v;
    for (let i = 0; i < this.count; i++) {
      const body = this.bodies[i]!;
      body.linvel(v);
      v.x += ((i % 7) - 3) * 0.3;
      v.y = JUMP_SPEED;
      v.z += ((i % 5) - 2) * 0.3;
      body.setLinvel(v, true);
    }
  }

  /** Puts every box that fell below FALLEN_Y back above its starting place, at rest. */
  private respawnFallen(): void {
    const p = this.poses.positions.current;
    for (let i = 0; i < this.count; i++) {
      if (p[3 * i + 1]! >= FALLEN_Y) continue;
      const body = this.bodies[i]!;
      startOf(i, this.v);
      this.v.y += RESPAWN_LIFT;
      placeAtRest(body, this.v);
      this.poses.jump(body, i);
      this.jumped[this.jumpedCount++] = i;
    }
  }
}
