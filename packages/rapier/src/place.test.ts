import { describe, expect, it } from 'vitest';
import { placeAtRest } from './place.js';
import { boxWorld } from './test-support/world.js';

describe('placeAtRest', () => {
  it('moves a tumbling body to a point, still and awake, and it falls from there', () => {
    const state = boxWorld(1);
    const body = state.bodies[0]!;
    body.setLinvel({ x: 3, y: 4, z: 5 }, true);
    body.setAngvel({ x: 1, y: 2, z: 3 }, true);
    body.sleep();
    placeAtRest(body, { x: 2, y: 9, z: -1 });
    expect(body.translation()).toEqual({ x: 2, y: 9, z: -1 });
    expect(body.linvel()).toEqual({ x: 0, y: 0, z: 0 });
    expect(body.angvel()).toEqual({ x: 0, y: 0, z: 0 });
    expect(body.isSleeping()).toBe(false);
    state.world.step();
    expect(body.translation().y).toBeLessThan(9);
    state.free();
  });
});
