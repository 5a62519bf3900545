import RAPIER from '@dimforge/rapier3d';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Poses } from './poses.js';
import { check } from './test-support/seed.js';
import { addBox, boxWorld } from './test-support/world.js';
import { WorldState } from './world-state.js';

describe('WorldState', () => {
  it('refuses what is not Rapier’s World class, naming it', () => {
    const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
    expect(() => new WorldState({} as typeof RAPIER.World, world)).toThrow(
      new RangeError("WorldState World must be Rapier's World class, got [object Object]"),
    );
    world.free();
  });

  it('numbers its bodies in order, each index in userData', () => {
    const state = boxWorld(3);
    expect(state.count).toBe(3);
    expect(state.bodies.map((b) => b.userData)).toEqual([0, 1, 2]);
    expect(state.handles).toEqual(state.bodies.map((b) => b.handle));
    state.free();
  });

  it('refuses bytes that are no snapshot, and a world whose bodies are not this game’s, and runs on', () => {
    const state = boxWorld(3, 0, 'Physics');
    const world = state.world;
    expect(() => state.loadState(new Uint8Array([1, 2, 3]))).toThrow(
      new RangeError('Physics.loadState: Rapier could not read the snapshot'),
    );
    // As many bodies, but not the same: one more box, and the one at this game's body 1 gone.
    const other = boxWorld(4);
    other.world.removeRigidBody(other.bodies[1]!);
    expect(() => state.loadState(other.saveState())).toThrow(
      /^Physics\.loadState: not a state of this game: body 1 \(handle [\d.e+-]+\) is missing$/,
    );
    expect(() => state.loadState(boxWorld(4).saveState())).toThrow(
      'Physics.loadState: not a state of this game: it holds 4 bodies, this game 3',
    );
    expect(state.world).toBe(world);
    state.world.step();
    expect(new WorldState(RAPIER.World, new RAPIER.World({ x: 0, y: 0, z: 0 })).name).toBe(
      'WorldState',
    );
  });

  it('continues bit for bit from a keyframe taken mid-collision, bodies added and taken out on the way', () => {
    // Restore a keyframe taken at a random tick (mid-fall, mid-contact), step on, and the poses
    // hash as the run that never stopped; bodies added before the keyframe are found again, and
    // a body taken out of the simulation (disabled) stays out.
    check(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 0, max: 3 }),
        fc.option(fc.nat(3), { nil: undefined }),
        (at, more, added, off) => {
          const run = (restore: boolean): number[] => {
            const state = boxWorld(4, 0.2);
            for (let i = 0; i < added; i++) addBox(state, 1.5 * i - 2, 6 + i);
            if (off !== undefined) state.bodies[off]!.setEnabled(false);
            const poses = new Poses(state.count);
            const hashes: number[] = [];
            let keyframe: Uint8Array | undefined;
            for (let t = 0; t < at + more; t++) {
              if (t === at) keyframe = state.saveState();
              if (t === at && restore) {
                state.world.step(); // a step the keyframe undoes
                state.loadState(keyframe!);
              }
              state.world.step();
              poses.readAll(state.bodies);
              poses.readActive(state.world); // userData found again after a restore
              hashes.push(poses.hash());
            }
            if (off !== undefined) expect(state.bodies[off]!.isEnabled()).toBe(false);
            state.free();
            return hashes;
          };
          expect(run(true)).toEqual(run(false));
        },
      ),
      15,
    );
  });
});

describe('WorldState.step', () => {
  afterEach(() => vi.restoreAllMocks());

  it('steps the world once by exactly dt and adds up the time Rapier’s step takes, measured around it', () => {
    let now = 100;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const state = boxWorld(2);
    const world = state.world;
    const step = world.step.bind(world);
    const timesteps: number[] = [];
    world.step = () => {
      timesteps.push(world.timestep);
      now += 3; // each of Rapier's steps takes 3 ms on this clock
      step();
    };
    state.step(1 / 60);
    now += 50; // time outside the step is not the physics'
    state.step(1 / 30);
    expect(state.stepMsTotal).toBe(6);
    expect(timesteps).toEqual([Math.fround(1 / 60), Math.fround(1 / 30)]); // Rapier keeps an f32
    state.free();
  });
});
