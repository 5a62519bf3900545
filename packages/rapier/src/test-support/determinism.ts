import RAPIER from '@dimforge/rapier3d-deterministic-compat';
import { Random } from '@loop/core';
import { RapierRollback } from '../rollback/rapier-rollback.js';
import { hashSnapshot } from '../rollback/snapshot-hash.js';
import { WorldState } from '../world-state.js';

/**
 * One scripted match on Rapier's deterministic build, the same in every engine: a pile of
 * spheres and spun boxes on a floor, pushed by seeded impulses (every body, every tick), rolled
 * back once (the state of tick 90 loaded and ticks 90 to 180 stepped again) and stepped to tick
 * 240. What it returns is the whole world's snapshot hash and the adapter's checksum at the
 * end, and the checksum after the first pass of tick 180 (the rollback must reach it again).
 * The Node, the Chromium and the Firefox tests hold them to {@link DETERMINISM_GOLDEN}: equal
 * numbers in the three engines, and on every machine that runs them, are what "cross-platform"
 * means here.
 */

/** Bodies pushed about (besides the floor). */
const BODIES = 24;

/** The figures the match ends with, as computed once in Node on x86-64 and pinned. */
export const DETERMINISM_GOLDEN = { snapshot: 2252119831, checksum: 1052712532, at180: 3898293377 };

type W = InstanceType<typeof RAPIER.World>;

function pile(): WorldState<W> {
  const state = new WorldState(RAPIER.World, new RAPIER.World({ x: 0, y: -9.81, z: 0 }));
  const floor = state.world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
  state.world.createCollider(RAPIER.ColliderDesc.cuboid(6, 0.5, 6).setFriction(0.6), floor);
  state.add(floor);
  for (let i = 0; i < BODIES; i++) {
    const desc = RAPIER.RigidBodyDesc.dynamic()
      .setTranslation((i % 5) * 0.9 - 2, 1 + Math.floor(i / 5) * 0.8, ((i * 7) % 5) * 0.7 - 1.5)
      .setRotation({ x: 0.1 * (i % 3), y: 0.2, z: 0.05 * i, w: 1 })
      .setAngvel({ x: i * 0.1, y: 1, z: -0.2 * i });
    const body = state.world.createRigidBody(desc);
    const shape =
      i % 2 === 0
        ? RAPIER.ColliderDesc.ball(0.35).setRestitution(0.5)
        : RAPIER.ColliderDesc.cuboid(0.3, 0.2, 0.25).setFriction(0.8);
    state.world.createCollider(shape.setDensity(1 + (i % 4)), body);
    state.add(body);
  }
  return state;
}

/** Runs the scripted match on an initialised Rapier and returns its figures. */
export async function playDeterminismMatch(): Promise<typeof DETERMINISM_GOLDEN> {
  await RAPIER.init();
  const push = { x: 0, y: 0, z: 0 };
  const game = new RapierRollback<W>({
    state: pile(),
    inputWords: 2,
    act(state, inputs, tick) {
      for (let i = 1; i < state.bodies.length; i++) {
        push.x = ((inputs[0]! + i * 3) % 9) * 0.01 - 0.04;
        push.z = ((inputs[1]! + i * 5 + tick) % 9) * 0.01 - 0.04;
        state.bodies[i]!.applyImpulse(push, true);
      }
    },
    build: 'determinism 1',
  });
  const random = new Random(2026);
  const script = new Int32Array(240 * 2);
  for (let i = 0; i < script.length; i++) script[i] = Math.floor(random.next() * 1000);
  const inputs = new Int32Array(2);
  const step = (tick: number) => {
    inputs[0] = script[tick * 2]!;
    inputs[1] = script[tick * 2 + 1]!;
    game.step(inputs, tick, 1);
  };
  let saved = new Uint8Array(0);
  for (let t = 0; t < 180; t++) {
    if (t === 90) saved = game.save().slice();
    step(t);
  }
  game.capture();
  const at180 = game.checksum();
  game.load(saved);
  for (let t = 90; t < 180; t++) step(t);
  game.capture();
  if (game.checksum() !== at180) throw new Error('the rollback did not reach tick 180 again');
  for (let t = 180; t < 240; t++) step(t);
  game.capture();
  return { snapshot: hashSnapshot(game.save()), checksum: game.checksum(), at180 };
}
