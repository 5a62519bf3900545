import { createLoop, Random } from '@loop/core';
import { createInput } from '@loop/core/dom';
import { describe, expect, it } from 'vitest';
import { Swarm } from './swarm';

/**
 * Plays the swarm headless for `seconds` on a 120 Hz phone display under an FPS cap of
 * `maxFps`, through the manual scheduler. The same touches arrive at the same steps at either
 * cap: a finger held at (100, 200) from step 120 to step 239, a tap at step 300.
 */
function play(maxFps: number, seconds: number): { swarm: Swarm; steps: number; frames: number } {
  const swarm = new Swarm(100, new Random(3));
  const input = createInput();
  let steps = 0;
  let frames = 0;
  const loop = createLoop({
    scheduler: 'manual',
    maxFps,
    update(dt) {
      const touch = input.sample().pointer;
      if (steps >= 120 && steps < 240) Object.assign(touch, { x: 100, y: 200, down: true });
      if (steps === 300) Object.assign(touch, { x: 180, y: 320, down: true, pressed: true });
      swarm.step(dt, input.snapshot);
      steps++;
    },
    render() {
      frames++;
    },
  });
  loop.start();
  for (let frame = 0; frame <= 120 * seconds; frame++) loop.frame((frame * 1000) / 120);
  return { swarm, steps, frames };
}

describe('Swarm', () => {
  it('plays the same at a 30 and a 60 fps cap: same steps, same state, half the frames', () => {
    const at30 = play(30, 10);
    const at60 = play(60, 10);
    expect(at30.steps).toBe(600); // the simulation steps at 60 Hz either way
    expect(at60.steps).toBe(600);
    expect(at30.frames).toBeCloseTo(300, -1);
    expect(at60.frames).toBeCloseTo(600, -1);
    expect(at30.swarm.positions.current).toEqual(at60.swarm.positions.current);
    expect(at30.swarm.velocities).toEqual(at60.swarm.velocities);
  });

  it('circles a held finger: the whole swarm within 150 px of it, centred on it', () => {
    const swarm = new Swarm(200, new Random(1));
    const input = createInput();
    for (let i = 0; i < 5 * 60; i++) {
      Object.assign(input.sample().pointer, { x: 180, y: 320, down: true });
      swarm.step(1 / 60, input.snapshot);
    }
    const p = swarm.positions.current;
    let [sumX, sumY, farthest] = [0, 0, 0];
    for (let i = 0; i < swarm.count; i++) {
      sumX += p[2 * i]!;
      sumY += p[2 * i + 1]!;
      farthest = Math.max(farthest, Math.hypot(p[2 * i]! - 180, p[2 * i + 1]! - 320));
    }
    // They started anywhere on a 360 × 640 screen, up to 365 px from its centre.
    expect(farthest).toBeLessThan(150);
    expect(Math.hypot(sumX / swarm.count - 180, sumY / swarm.count - 320)).toBeLessThan(20);
  });
});
