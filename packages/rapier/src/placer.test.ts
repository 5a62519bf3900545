import { describe, expect, it } from 'vitest';
import { BodyPlacer } from './placer.js';
import { boxWorld } from './test-support/world.js';

/** The unit quaternion a body is turned to, rounded so Rapier's float32 compares. */
function rotation(body: { rotation(): { x: number; y: number; z: number; w: number } }) {
  const q = body.rotation();
  return [q.x, q.y, q.z, q.w].map((v) => Math.round(v * 1e4) / 1e4);
}

describe('BodyPlacer', () => {
  it('puts bodies at rest where asked and lists them, each step from empty', () => {
    const state = boxWorld(3);
    const placer = new BodyPlacer(() => state.bodies, 4, 1);
    state.bodies[2]!.setLinvel({ x: 3, y: 0, z: 0 }, true);
    placer.place(2, 1, 7, -1);
    placer.place(0, 0, 9, 0);
    expect([...placer.placed.subarray(0, placer.count)]).toEqual([2, 0]);
    expect(state.bodies[2]!.translation()).toEqual({ x: 1, y: 7, z: -1 });
    expect(state.bodies[2]!.linvel()).toEqual({ x: 0, y: 0, z: 0 });
    placer.clear();
    expect(placer.count).toBe(0);
    state.free();
  });

  it('draws the same turn from the same numbers, seed and salt, and another from any other', () => {
    const state = boxWorld(2);
    const turned = (seed: number, numbers: number[], salt: number) => {
      const placer = new BodyPlacer(() => state.bodies, 2, seed);
      placer.seedFrom(numbers, salt);
      placer.placeTurned(1, 0, 5, 0);
      return rotation(state.bodies[1]!);
    };
    const first = turned(1, [0.5, -2, 3], 7);
    expect(turned(1, [0.5, -2, 3], 7)).toEqual(first);
    expect(turned(2, [0.5, -2, 3], 7)).not.toEqual(first);
    expect(turned(1, [0.5, -2, 3.0000001], 7)).not.toEqual(first);
    expect(turned(1, [0.5, -2, 3], 8)).not.toEqual(first);
    const norm = Math.hypot(...first);
    expect(norm).toBeCloseTo(1, 3); // Rapier normalised the four draws
    state.free();
  });

  it('seeds from one body’s position, salted by its index', () => {
    const state = boxWorld(1);
    const placer = new BodyPlacer(() => state.bodies, 1, 3);
    const positions = [9, 9, 9, 1, -20, 2];
    const a = placer.seedFromPosition(positions, 1).next();
    const b = placer.seedFrom([1, -20, 2], 1).next();
    expect(a).toBe(b);
    expect(placer.seedFromPosition(positions, 0).next()).not.toBe(a);
    state.free();
  });

  it('finds the first count bodies below a height, in index order', () => {
    const state = boxWorld(1);
    const placer = new BodyPlacer(() => state.bodies, 1, 1);
    const found: number[] = [];
    const respawn = (index: number) => found.push(index);
    const positions = [0, -16, 0, 0, 2, 0, 0, -15, 0, 1, -40, 1, 0, -99, 0];
    expect(placer.forFallen(positions, 4, -15, respawn)).toBe(2);
    expect(found).toEqual([0, 3]); // -15 itself has not fallen; body 4 is not counted
    state.free();
  });

  it('refuses a capacity, a seed or bodies that are none, naming the option', () => {
    const bodies = () => [];
    expect(() => new BodyPlacer(bodies, 0, 1)).toThrow(
      'BodyPlacer capacity must be an integer >= 1, got 0',
    );
    expect(() => new BodyPlacer(bodies, 2, 0.5)).toThrow(
      'BodyPlacer seed must be an integer, got 0.5',
    );
    expect(() => new BodyPlacer([] as never, 2, 1)).toThrow('BodyPlacer bodies must be a function');
  });
});
