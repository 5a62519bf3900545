import { createLoop, Random } from '@loop/core';
import { createInput } from '@loop/core/dom';
import { describe, expect, it } from 'vitest';
import { Bodies } from './bodies';

const SIMULATION_HZ = 30;
const COUNT = 12;

/**
 * Plays the scene headless for `seconds` on a display refreshing at `hz`, through the manual
 * scheduler: the same keys at the same steps whatever the frame rate (T, the clean teleport,
 * at step 40; Y, the smeared one, at step 170).
 */
function play(hz: number, seconds: number): { bodies: Bodies; steps: number } {
  const bodies = new Bodies(COUNT, new Random(11));
  const input = createInput();
  let steps = 0;
  const loop = createLoop({
    scheduler: 'manual',
    timestep: 1000 / SIMULATION_HZ,
    update(dt) {
      if (steps === 40) input.tap('KeyT');
      if (steps === 170) input.tap('KeyY');
      const keys = input.sample();
      if (keys.wasPressed('KeyT')) bodies.teleport(true);
      if (keys.wasPressed('KeyY')) bodies.teleport(false);
      bodies.step(dt);
      steps++;
    },
    render() {},
  });
  loop.start();
  for (let frame = 0; frame <= hz * seconds; frame++) loop.frame((frame * 1000) / hz);
  return { bodies, steps };
}

/** The largest distance from 1 of the length of any quaternion in `q` (x, y, z, w each). */
function worstNorm(q: Float64Array): number {
  let worst = 0;
  for (let i = 0; i < q.length; i += 4) {
    worst = Math.max(worst, Math.abs(Math.hypot(q[i]!, q[i + 1]!, q[i + 2]!, q[i + 3]!) - 1));
  }
  return worst;
}

describe('Bodies', () => {
  it('plays the same scene at 60 and 144 Hz: same steps, same state, to the last bit', () => {
    const at60 = play(60, 10);
    const at144 = play(144, 10);
    expect(at60.steps).toBe(10 * SIMULATION_HZ);
    expect(at144.steps).toBe(at60.steps);
    expect(at144.bodies.positions.current).toEqual(at60.bodies.positions.current);
    expect(at144.bodies.orientations.current).toEqual(at60.bodies.orientations.current);
  });

  it('keeps every orientation a unit quaternion, and every orbit bounded, for ten minutes', () => {
    const bodies = new Bodies(COUNT, new Random(5));
    for (let i = 0; i < 600 * SIMULATION_HZ; i++) bodies.step(1 / SIMULATION_HZ);
    expect(worstNorm(bodies.orientations.current)).toBeLessThan(1e-12);
    const p = bodies.positions.current;
    for (let i = 0; i < p.length; i++) expect(Math.abs(p[i]!)).toBeLessThan(10);
  });

  it('teleports cleanly: every frame after a clean teleport draws the new place, a smear does not', () => {
    const bodies = new Bodies(COUNT, new Random(5));
    for (let i = 0; i < 10; i++) bodies.step(1 / SIMULATION_HZ);
    const out = new Float64Array(COUNT * 3);
    bodies.teleport(true);
    expect(bodies.positions.blend(out, 0.5)).toEqual(bodies.positions.current);
    bodies.teleport(false);
    // Half way between a place and its mirror image is the centre: the streak through it.
    const halfway = bodies.positions.blend(out, 0.5);
    expect(Math.abs(halfway[0]!)).toBeLessThan(1e-12);
    expect(Math.abs(halfway[2]!)).toBeLessThan(1e-12);
  });
});
