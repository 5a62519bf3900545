import { createLoop, Random } from '@loop/core';
import { createInput } from '@loop/core/dom';
import { Quaternion, Vector3 } from 'three';
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
    // Three bodies: 18 000 steps of twelve overran vitest's 5 s under Stryker's instrumentation.
    const bodies = new Bodies(3, new Random(5));
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

describe('Bodies, every setting away from its default', () => {
  it('starts each body from its seed: an orbit of radius 3-7 near the plane, a unit spin axis, speed 1-4', () => {
    const bodies = new Bodies(5, new Random(23));
    const r = new Random(23);
    const { positions, orientations, velocities: v, spins: s } = bodies;
    const p = positions.current;
    for (let i = 0; i < 5; i++) {
      const angle = r.next() * Math.PI * 2;
      const radius = 3 + r.next() * 4;
      const speed = radius * (0.75 + r.next() * 0.25);
      expect([p[3 * i], p[3 * i + 2]]).toEqual([
        Math.cos(angle) * radius,
        Math.sin(angle) * radius,
      ]);
      expect(p[3 * i + 1]).toBe((r.next() - 0.5) * 2);
      expect([v[3 * i], v[3 * i + 2]]).toEqual([-Math.sin(angle) * speed, Math.cos(angle) * speed]);
      expect(v[3 * i + 1]).toBe((r.next() - 0.5) * speed * 0.4);
      const axis = [r.next() - 0.5, r.next() - 0.5, r.next() - 0.5];
      const len = Math.sqrt(axis[0]! ** 2 + axis[1]! ** 2 + axis[2]! ** 2);
      expect([...s.subarray(4 * i, 4 * i + 3)]).toEqual(axis.map((a) => a / len));
      expect(s[4 * i + 3]).toBe(1 + r.next() * 3);
      expect([...orientations.current.subarray(4 * i, 4 * i + 4)]).toEqual([0, 0, 0, 1]);
    }
    // Nine draws a body and not one more: a generator the caller goes on using is where the
    // constructor left it.
    const shared = new Random(23);
    new Bodies(5, shared);
    const after = new Random(23);
    for (let i = 0; i < 45; i++) after.next();
    expect(shared.next()).toBe(after.next());
    // No smear on the first frame: previous is the starting state, for both.
    expect(positions.previous).toEqual(positions.current);
    expect(orientations.previous).toEqual(orientations.current);
  });

  it('steps a body by the dt it is given: a pull towards the centre, then a turn about its own axis', () => {
    const bodies = new Bodies(2, new Random(1));
    const dt = 0.3;
    bodies.positions.current.set([1, -2, 3], 3);
    bodies.velocities.set([0.5, 0.25, -1], 3);
    // About twice unit length: the step renormalizes whatever it is given.
    const start = new Quaternion(0.2, 1.4, -0.6, 1.2);
    start.toArray(bodies.orientations.current, 4);
    bodies.spins.set([0.48, 0.6, 0.64, 2.5], 4);
    const saved = [...bodies.orientations.current];
    bodies.step(dt);
    // Semi-implicit Euler: velocity first, then position from the new velocity.
    const v = [0.5 - 1 * dt, 0.25 + 2 * dt, -1 - 3 * dt];
    expect([...bodies.velocities.subarray(3)]).toEqual(v);
    expect([...bodies.positions.current.subarray(3)]).toEqual([
      1 + v[0]! * dt,
      -2 + v[1]! * dt,
      3 + v[2]! * dt,
    ]);
    expect([...bodies.positions.previous.subarray(3)]).toEqual([1, -2, 3]);
    // q ⊗ Δq, Δq a turn of 2.5 × dt about (0.48, 0.6, 0.64), as three.js composes them.
    const turn = new Quaternion().setFromAxisAngle(new Vector3(0.48, 0.6, 0.64), 2.5 * dt);
    const expected = start.clone().multiply(turn).normalize().toArray();
    for (const [k, c] of bodies.orientations.current.subarray(4).entries()) {
      expect(c).toBeCloseTo(expected[k]!, 12);
    }
    expect([...bodies.orientations.previous]).toEqual(saved);
  });
});
