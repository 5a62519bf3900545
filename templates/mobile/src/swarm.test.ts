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
  it('spreads each particle from its seed, two draws a particle and not one more', () => {
    const shared = new Random(9);
    const swarm = new Swarm(6, shared);
    const r = new Random(9);
    const p = swarm.positions.current;
    for (let i = 0; i < 6; i++) {
      expect([p[2 * i], p[2 * i + 1]]).toEqual([r.next() * 360, r.next() * 640]);
    }
    // A generator the caller goes on using is where the constructor left it.
    expect(shared.next()).toBe(r.next());
  });

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

/**
 * One step of particle `i` at (x, y) moving at (vx, vy), written out from the rules: a pull of
 * 1400 px/s² towards the target, a swirl of 700 / distance (clockwise for even particles), a
 * tap's burst of 1600 px/s fading to nothing 220 px away, 1.6 of the velocity lost per second,
 * and the walls of the canvas.
 */
function rule(
  i: number,
  [x, y, vx, vy]: number[],
  [tx, ty]: number[],
  dt: number,
  pressed: boolean,
  [w, h]: number[],
): number[] {
  const dx = tx! - x!;
  const dy = ty! - y!;
  const d = Math.sqrt(dx * dx + dy * dy) + 1;
  const swirl = (i & 1 ? 700 : -700) / d;
  let ax = (1400 * dx) / d - swirl * dy;
  let ay = (1400 * dy) / d + swirl * dx;
  if (pressed) {
    const fade = Math.max(0, 1 - d / 220);
    ax -= (1600 * fade * dx) / d / dt;
    ay -= (1600 * fade * dy) / d / dt;
  }
  const drag = Math.max(0, 1 - 1.6 * dt);
  const nvx = (vx! + ax * dt) * drag;
  const nvy = (vy! + ay * dt) * drag;
  return [
    Math.min(w!, Math.max(0, x! + nvx * dt)),
    Math.min(h!, Math.max(0, y! + nvy * dt)),
    nvx,
    nvy,
  ];
}

/** Particle `i`'s position and velocity. */
function state(swarm: Swarm, i: number): number[] {
  return [
    ...swarm.positions.current.subarray(2 * i, 2 * i + 2),
    ...swarm.velocities.subarray(2 * i, 2 * i + 2),
  ];
}

describe('Swarm, every setting away from its default', () => {
  it('starts each particle anywhere on the canvas, from its seed, with no smear on the first frame', () => {
    const swarm = new Swarm(6, new Random(8));
    const r = new Random(8);
    for (let i = 0; i < 6; i++) {
      expect(state(swarm, i)).toEqual([r.next() * 360, r.next() * 640, 0, 0]);
    }
    expect(swarm.positions.previous).toEqual(swarm.positions.current);
  });

  it('spreads its start over the canvas it is first sized to, every particle on screen; later sizes move nothing', () => {
    for (const [width, height] of [
      [844, 390],
      [1280, 800],
      [390, 844],
    ] as const) {
      const swarm = new Swarm(6, new Random(8));
      swarm.resize(width, height);
      const r = new Random(8);
      for (let i = 0; i < 6; i++) {
        const [x, y, vx, vy] = state(swarm, i);
        expect(x).toBeCloseTo(r.next() * width, 9);
        expect(y).toBeCloseTo(r.next() * height, 9);
        expect([vx, vy]).toEqual([0, 0]);
      }
      expect(swarm.positions.previous).toEqual(swarm.positions.current);
    }
    const swarm = new Swarm(6, new Random(8));
    swarm.resize(844, 390);
    swarm.step(1 / 60, createInput().sample());
    const before = [...swarm.positions.current];
    swarm.resize(200, 100);
    expect([...swarm.positions.current]).toEqual(before);
  });

  it('circles the middle of the resized canvas with no finger down: x at 0.7 rad/s, y at 1.1, a quarter of its short side out', () => {
    const swarm = new Swarm(4, new Random(2));
    swarm.resize(400, 300);
    const input = createInput();
    swarm.positions.current.set([10, 20, 390, 280, 200, 150, 100, 250]);
    swarm.velocities.set([5, -5, -30, 40, 0, 0, 100, -100]);
    const before = [0, 1, 2, 3].map((i) => state(swarm, i));
    for (const time of [0.05, 0.1]) {
      swarm.step(0.05, input.sample());
      expect(swarm.targetX).toBe(200 + Math.cos(time * 0.7) * 75);
      expect(swarm.targetY).toBe(150 + Math.sin(time * 1.1) * 75);
    }
    const target = [swarm.targetX, swarm.targetY];
    const swarm2 = new Swarm(4, new Random(2));
    swarm2.resize(400, 300);
    swarm2.step(0.05, input.sample());
    // The second step from the first's result, by the rules.
    for (let i = 0; i < 4; i++) {
      const first = rule(i, before[i]!, [swarm2.targetX, swarm2.targetY], 0.05, false, [400, 300]);
      expect(state(swarm, i)).toEqual(rule(i, first, target, 0.05, false, [400, 300]));
    }
  });

  it('follows a finger and blows apart from a tap within 220 px, keeping inside the walls', () => {
    const swarm = new Swarm(4, new Random(2));
    swarm.resize(400, 300);
    // Near the tap, on it, far from it, and heading out through a wall.
    swarm.positions.current.set([120, 100, 100, 80, 390, 290, 5, 295]);
    swarm.velocities.set([0, 0, 10, 10, 0, 0, -400, 400]);
    const before = [0, 1, 2, 3].map((i) => state(swarm, i));
    const keys = createInput().sample();
    Object.assign(keys.pointer, { x: 100, y: 80, down: true, pressed: true });
    swarm.step(0.02, keys);
    expect([swarm.targetX, swarm.targetY]).toEqual([100, 80]);
    for (let i = 0; i < 4; i++) {
      expect(state(swarm, i)).toEqual(rule(i, before[i]!, [100, 80], 0.02, true, [400, 300]));
    }
    expect(state(swarm, 3).slice(0, 2)).toEqual([0, 300]);
    expect([...swarm.positions.previous]).toEqual(before.flatMap((s) => s.slice(0, 2)));
    // Held, not tapped: no burst.
    const held = [0, 1, 2, 3].map((i) => state(swarm, i));
    Object.assign(keys.pointer, { pressed: false });
    swarm.step(0.02, keys);
    expect(state(swarm, 0)).toEqual(rule(0, held[0]!, [100, 80], 0.02, false, [400, 300]));
  });

  it('stops dead over a step so long that drag would reverse the velocity', () => {
    const swarm = new Swarm(2, new Random(2));
    swarm.velocities.set([50, -50, 20, 20]);
    swarm.step(1, createInput().sample());
    expect([...swarm.velocities]).toEqual([0, 0, 0, 0]);
  });
});
