import RAPIER from '@dimforge/rapier3d-deterministic-compat';
import { placeAtRest, WorldState } from '@loop/rapier';
import { POSE_STRIDE, RapierRollback } from '@loop/rapier/rollback';

/** Rapier's world class of the deterministic build: the same bits on every peer's machine. */
export type World = InstanceType<typeof RAPIER.World>;

/** Half the platform's side in metres: a ball whose centre leaves it falls. */
export const HALF = 4;
/** A ball below this height has fallen off: it respawns and its faller's count goes up. */
export const FALL_Y = -3;
/** The fixed timestep in ms: 60 ticks a second, the same on every peer (the loop's and the world's). */
export const TIMESTEP = 1000 / 60;
/** Int32 words of one player's input per tick: a stick, x then z, each from -STICK to STICK. */
export const INPUT_WORDS = 2;
/** The stick's range on each axis (integers, so no float crosses the wire). */
export const STICK = 4;
/** Impulse per stick unit per tick, in newton-seconds. */
export const PUSH = 0.12;

/** Where player p's ball starts and respawns: one corner each, 1 and 2 face to face. */
export function spawnOf(p: number, out: { x: number; y: number; z: number }) {
  out.x = p & 1 ? 2.5 : -2.5;
  out.y = 1;
  out.z = p & 2 ? 2.5 : -2.5;
  return out;
}

/** Body indices in the game's `WorldState`: why the poses array reads as it does. */
export const bodyOf = {
  platform: 0,
  ball: (p: number) => 1 + p,
  /** The faller's count lives in the world (a parked fixed body's x) so a rollback restores it. */
  score: (players: number, p: number) => 1 + players + p,
};

/** The push-off: options checked when it is made. */
export interface PushOffOptions {
  /** 2 to 4 players. */
  players: number;
}

// Scratch vectors: a step allocates none.
const push = new RAPIER.Vector3(0, 0, 0);
const spot = new RAPIER.Vector3(0, 0, 0);

/**
 * The game as `@loop/net/rollback`'s RollbackSession plays it: a platform, one ball per player,
 * and per player a fixed body parked far below whose x counts its falls (Rapier's snapshot is
 * the whole saved state, so the score is in the world). Call after `await RAPIER.init()`.
 */
export function pushOff(options: PushOffOptions): RapierRollback<World> {
  const { players } = options;
  if (!Number.isInteger(players) || players < 2 || players > 4) {
    throw new RangeError(`players must be an integer from 2 to 4, got ${players}`);
  }
  const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
  const state = new WorldState(RAPIER.World, world);
  const platform = world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
  world.createCollider(RAPIER.ColliderDesc.cuboid(HALF, 0.5, HALF).setFriction(0.4), platform);
  state.add(platform);
  for (let p = 0; p < players; p++) {
    spawnOf(p, spot);
    const desc = RAPIER.RigidBodyDesc.dynamic()
      .setTranslation(spot.x, spot.y, spot.z)
      .setLinearDamping(0.4);
    const ball = world.createRigidBody(desc);
    world.createCollider(RAPIER.ColliderDesc.ball(0.5).setDensity(2).setRestitution(0.6), ball);
    state.add(ball);
  }
  for (let p = 0; p < players; p++) {
    state.add(world.createRigidBody(RAPIER.RigidBodyDesc.fixed().setTranslation(0, -100, p)));
  }
  return new RapierRollback({
    state,
    inputWords: INPUT_WORDS,
    timestep: TIMESTEP,
    act(state, inputs, _tick, present) {
      for (let p = 0; p < players; p++) {
        // Every body was added above: a ball and a count for each player.
        const ball = state.bodies[bodyOf.ball(p)]!;
        if (ball.translation().y < FALL_Y) {
          placeAtRest(ball, spawnOf(p, spot)); // back to its corner, at rest
          const score = state.bodies[bodyOf.score(players, p)]!;
          // Stryker disable next-line BooleanLiteral: equivalent, the parked body is fixed and has no collider: woken or not, nothing moves it but this line
          score.setTranslation({ x: score.translation().x + 1, y: -100, z: p }, true);
          continue;
        }
        if (!(present & (1 << p))) continue; // a player who left plays nothing
        push.x = clamp(inputs[p * INPUT_WORDS] ?? 0) * PUSH;
        push.z = clamp(inputs[p * INPUT_WORDS + 1] ?? 0) * PUSH;
        ball.applyImpulse(push, true);
      }
    },
    build: 'push-off 1', // a recording replays only on the build that made it
  });
}

/** A stick word from the wire kept in range: a hostile peer cannot push harder. */
function clamp(word: number): number {
  return Math.min(STICK, Math.max(-STICK, word));
}

/** Player p's falls so far, read from the poses (the parked body's x). */
export function fallsOf(game: RapierRollback<World>, players: number, p: number): number {
  return game.poses[bodyOf.score(players, p) * POSE_STRIDE] ?? 0;
}
