import RAPIER from '@dimforge/rapier3d';
import { WorldState } from '../world-state.js';

/** A world of the tests' Rapier build with a floor, as a WorldState. */
export type TestState = WorldState<RAPIER.World>;

/** A floor and `boxes` boxes stacked in a column at x: a small world that collides and sleeps. */
export function boxWorld(boxes: number, x = 0, name?: string): TestState {
  const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
  world.createCollider(RAPIER.ColliderDesc.cuboid(20, 0.5, 20).setTranslation(0, -0.5, 0));
  const state = new WorldState(RAPIER.World, world, name);
  for (let i = 0; i < boxes; i++) addBox(state, x, 0.5 + 1.1 * i);
  return state;
}

/** Adds a box at (x, y, 0) to `state`: its index. */
export function addBox(state: TestState, x: number, y: number): number {
  const body = state.world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(x, y, 0));
  state.world.createCollider(RAPIER.ColliderDesc.cuboid(0.5, 0.5, 0.5), body);
  return state.add(body);
}
