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

/** A world of one ball with its random numbers' twin, past the ones the constructor drew. */
function oneBall(seed: number): { world: World; twin: Random } {
  const world = new World(1, new Random(seed));
  const twin = new Random(seed);
  for (let i = 0; i < 5; i++) twin.next();
  return { world, twin };
}

/** Puts body `i` at (x, y) moving at (vx, vy). */
function place(world: World, i: number, x: number, y: number, vx: number, vy: number): void {
  world.positions.current.set([x, y], 2 * i);
  world.velocities.set([vx, vy], 2 * i);
}

describe('World, every setting away from its default', () => {
  it('starts each ball from its seed: radius 3-9, in the top half, speed ±300 per axis', () => {
    const world = new World(7, new Random(11));
    const r = new Random(11);
    for (let i = 0; i < 7; i++) {
      expect(world.radii[i]).toBe(3 + r.next() * 6);
      expect(world.positions.current[2 * i]).toBe(r.next() * 800);
      expect(world.positions.current[2 * i + 1]).toBe(r.next() * 600 * 0.5);
      expect(world.velocities[2 * i]).toBe((r.next() - 0.5) * 600);
      expect(world.velocities[2 * i + 1]).toBe((r.next() - 0.5) * 600);
    }
    expect(world.bob).toBe(7);
    expect(world.radii[7]).toBe(16);
    // The bob rests a spring's length right of the anchor, which hangs at (400, 120).
    expect([...world.positions.current.subarray(14)]).toEqual([520, 120, 400, 120]);
    // No smear on the first frame: the previous state is the starting one.
    expect(world.positions.previous).toEqual(world.positions.current);
  });

  it('moves a ball by its velocity after gravity, over the given dt, from the previous step', () => {
    const { world, twin } = oneBall(2);
    world.resize(10_000, 10_000);
    place(world, 0, 5000, 5000, 30, -40);
    world.step(0.05, createInput().sample());
    const vy = -40 + 900 * 0.05;
    expect([...world.velocities.subarray(0, 2)]).toEqual([30, vy]);
    expect([...world.positions.current.subarray(0, 2)]).toEqual([
      5000 + 30 * 0.05,
      5000 + vy * 0.05,
    ]);
    expect([...world.positions.previous.subarray(0, 2)]).toEqual([5000, 5000]);
    // No kick, no random number drawn.
    expect(world.random.next()).toBe(twin.next());
  });

  it('kicks a ball up by 450-1350 px/s from its own random number, never past 1800 px/s up', () => {
    const { world, twin } = oneBall(3);
    world.resize(10_000, 10_000);
    place(world, 0, 5000, 5000, 0, -40);
    const input = createInput();
    input.tap('Space');
    world.step(0.05, input.sample());
    expect(world.velocities[1]).toBe(-40 - 900 * (0.5 + twin.next()) + 900 * 0.05);
    place(world, 0, 5000, 5000, 0, -1700);
    input.tap('Space');
    world.step(0.05, input.sample());
    expect(world.velocities[1]).toBe(-1800 + 900 * 0.05);
    twin.next();
    expect(world.random.next()).toBe(twin.next());
  });

  it('pulls the bob towards the anchor by a damped spring of rest length 120 (Hooke) under gravity, and a kick lifts it', () => {
    const world = new World(2, new Random(1)); // the bob is body 2, the anchor 3
    world.resize(1000, 800);
    place(world, 2, 700, 300, 10, -20);
    const dt = 0.02;
    world.step(dt, createInput().sample());
    // The anchor rests at the middle, a fifth of the way down the (resized) canvas.
    expect([...world.positions.current.subarray(6)]).toEqual([500, 160]);
    const [dx, dy] = [200, 140];
    const length = Math.sqrt(dx * dx + dy * dy);
    const stretch = (length - 120) / length;
    const vx = 10 + (-40 * stretch * dx - 0.6 * 10) * dt;
    const vy = -20 + (900 - 40 * stretch * dy - 0.6 * -20) * dt;
    expect([...world.velocities.subarray(4, 6)]).toEqual([vx, vy]);
    expect([...world.positions.current.subarray(4, 6)]).toEqual([700 + vx * dt, 300 + vy * dt]);

    place(world, 2, 500, 400, 0, 0);
    const input = createInput();
    input.tap('Space');
    world.step(dt, input.sample());
    const up = (900 - 40 * ((240 - 120) / 240) * 240) * dt - 900;
    expect(world.velocities[5]).toBe(up);
    place(world, 2, 500, 400, 0, -1790);
    input.tap('Space');
    world.step(dt, input.sample());
    expect(world.velocities[5]).toBe(-1800);
  });

  it('hangs the anchor from the pointer while it is down, back at rest when it is up', () => {
    const world = new World(2, new Random(1)); // the bob is body 2, the anchor 3
    world.resize(1000, 800);
    const input = createInput();
    const keys = input.sample();
    Object.assign(keys.pointer, { x: 300, y: 50, down: true });
    world.step(0.02, keys);
    expect([...world.positions.current.subarray(6)]).toEqual([300, 50]);
    world.step(0.02, input.sample());
    expect([...world.positions.current.subarray(6)]).toEqual([500, 160]);
  });

  it('keeps the bob finite when it sits exactly on the anchor', () => {
    const world = new World(0, new Random(1));
    place(world, 0, 400, 120, 0, 0);
    world.step(0.02, createInput().sample());
    expect(world.positions.current.every(Number.isFinite)).toBe(true);
    expect(world.velocities[0]).toBe(0);
  });

  it('reflects a ball off each wall of a resized canvas, back inside by its radius; touching is not yet past', () => {
    const { world } = oneBall(4);
    world.radii[0] = 10;
    world.resize(200, 100);
    const bounced = (x: number, y: number, vx: number, vy: number) => {
      place(world, 0, x, y, vx, vy);
      world.step(0.1, createInput().sample());
      return [...world.positions.current.subarray(0, 2), ...world.velocities.subarray(0, 2)];
    };
    // dt 0.1: gravity adds 90 px/s down before the move.
    expect(bounced(12, 50, -50, -90)).toEqual([10, 50, 50, 0]);
    expect(bounced(188, 50, 50, -90)).toEqual([190, 50, -50, 0]);
    expect(bounced(100, 12, 0, -150)).toEqual([100, 10, 0, 60]);
    expect(bounced(100, 88, 0, 20)).toEqual([100, 90, 0, -110]);
    expect(bounced(12, 50, -20, -90)).toEqual([10, 50, -20, 0]);
    expect(bounced(188, 50, 20, -90)).toEqual([190, 50, 20, 0]);
    expect(bounced(100, 12, 0, -110)).toEqual([100, 10, 0, -20]);
    expect(bounced(100, 88, 0, -70)).toEqual([100, 90, 0, 20]);
    // A canvas narrower than the ball: it stays at its radius from the left and top.
    world.resize(15, 15);
    expect(bounced(12, 12, 30, -90)).toEqual([10, 10, -30, -0]);
  });
});
