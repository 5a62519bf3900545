import { createLoop, Random } from '@loop/core';
import { createInput } from '@loop/core/dom';
import { describe, expect, it } from 'vitest';
import { World } from './world';

const SIMULATION_HZ = 30;

/**
 * Plays the game headless for `seconds` on a display refreshing at `hz`: the loop runs on the
 * manual scheduler, fed the timestamps such a display gives, and the same input arrives at the
 * same step whatever the frame rate (Space at step 45, the pointer dragging from step 90).
 */
function play(hz: number, seconds: number): { world: World; steps: number } {
  const world = new World(20, new Random(7));
  const input = createInput(); // in Node: no keyboard to read, but tap() works
  let steps = 0;
  const loop = createLoop({
    scheduler: 'manual',
    timestep: 1000 / SIMULATION_HZ,
    update(dt) {
      if (steps === 45) input.tap('Space');
      const keys = input.sample();
      if (steps >= 90) Object.assign(keys.pointer, { x: 100 + steps, y: 50, down: true });
      world.step(dt, keys);
      steps++;
    },
    render() {},
  });
  loop.start();
  for (let frame = 0; frame <= hz * seconds; frame++) loop.frame((frame * 1000) / hz);
  return { world, steps };
}

describe('World', () => {
  it('plays the same game at 60 and 144 Hz: same steps, same state, to the last bit', () => {
    const at60 = play(60, 10);
    const at144 = play(144, 10);
    expect(at60.steps).toBe(10 * SIMULATION_HZ);
    expect(at144.steps).toBe(at60.steps);
    expect(at144.world.positions.current).toEqual(at60.world.positions.current);
    expect(at144.world.velocities).toEqual(at60.world.velocities);
  });

  it('keeps every ball inside the walls, kicks and all', () => {
    const world = new World(50, new Random(1));
    const input = createInput();
    for (let i = 0; i < 600; i++) {
      if (i % 40 === 0) input.tap('Space');
      world.step(1 / SIMULATION_HZ, input.sample());
    }
    const p = world.positions.current;
    for (let i = 0; i < 50; i++) {
      const r = world.radii[i]!;
      expect(p[2 * i]).toBeGreaterThanOrEqual(r);
      expect(p[2 * i]).toBeLessThanOrEqual(world.width - r);
      expect(p[2 * i + 1]).toBeGreaterThanOrEqual(r);
      expect(p[2 * i + 1]).toBeLessThanOrEqual(world.height - r);
    }
  });

  it('lets the bob come to rest below the anchor, the spring stretched by its weight', () => {
    const world = new World(0, new Random(1));
    const input = createInput();
    for (let i = 0; i < 40 * SIMULATION_HZ; i++) world.step(1 / SIMULATION_HZ, input.sample());
    const p = world.positions.current;
    const [bx, by, ax, ay] = [p[0]!, p[1]!, p[2]!, p[3]!];
    // Rest length 120 px plus gravity / stiffness = 900 / 40 = 22.5 px of stretch.
    expect(bx).toBeCloseTo(ax, 1);
    expect(by - ay).toBeCloseTo(142.5, 1);
  });
});
