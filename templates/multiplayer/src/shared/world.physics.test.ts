import { describe, expect, it } from 'vitest';
import { at, clearArena, GRID_STEP, place } from '../test-support/world';
import {
  BODY_DAMPING,
  BODY_RADIUS,
  BOOST,
  DT,
  HEIGHT,
  MAX_PLAYERS,
  MAX_SPEED,
  PLAYER_DAMPING,
  PLAYER_RADIUS,
  RESTITUTION,
  SPEED_LIMIT,
  WIDTH,
} from './arena';
import { BUTTON_BOOST, writeInput } from './input';
import { radiusOf, World } from './world';

/** A clear arena with seats 1 to 3 taken, all driving (100, −50, boost), after `ticks` steps. */
function threeSeated(ticks: number): World {
  const world = clearArena();
  for (const slot of [1, 2, 3]) world.join(slot);
  for (const slot of [1, 2, 3]) writeInput(world.inputs, slot * 3, 100, -50, BUTTON_BOOST);
  for (let i = 0; i < ticks; i++) world.step();
  return world;
}

/** Seats 1 and 3 of {@link threeSeated}: their state and their inputs. */
const othersOf = (world: World) => [
  at(world, 1),
  at(world, 3),
  [...world.inputs.subarray(3, 6)],
  [...world.inputs.subarray(9, 12)],
];

describe('World physics (what a step does, from the laws it keeps)', () => {
  it('seats each player on a circle around the centre, seat 0 to the right, a seat every 45°', () => {
    const world = new World();
    for (let slot = 0; slot < MAX_PLAYERS; slot++) {
      world.join(slot);
      const [x, y, vx, vy] = at(world, slot);
      const angle = (slot / MAX_PLAYERS) * 2 * Math.PI;
      const r = HEIGHT / 2 - 2 * PLAYER_RADIUS;
      expect(Math.abs(x! - (WIDTH / 2 + r * Math.cos(angle)))).toBeLessThanOrEqual(GRID_STEP);
      expect(Math.abs(y! - (HEIGHT / 2 + r * Math.sin(angle)))).toBeLessThanOrEqual(GRID_STEP);
      expect([vx, vy, world.present[slot]]).toEqual([0, 0, 1]);
    }
  });

  it('lays the crates in 4 columns and 4 rows, each jittered along the other diagonal', () => {
    for (const seed of [1, 2, 99]) {
      const world = new World(seed);
      for (let b = 0; b < 16; b++) {
        const [x, y] = at(world, MAX_PLAYERS + b);
        const dx = x! - (WIDTH / 5) * (1 + (b % 4));
        const dy = y! - (HEIGHT / 5) * (1 + Math.floor(b / 4));
        expect(Math.abs(dx)).toBeLessThanOrEqual(BODY_RADIUS / 2 + GRID_STEP);
        expect(Math.abs(dx + dy)).toBeLessThanOrEqual(2 * GRID_STEP);
      }
    }
  });

  it('resets a seat taken again: at its spawn, at rest, with no input, and nobody else touched', () => {
    const spawn = at(threeSeated(0), 2);
    const world = threeSeated(10);
    const others = othersOf(world);
    world.join(2);
    expect(at(world, 2)).toEqual(spawn);
    expect([...world.inputs.subarray(6, 9)]).toEqual([0, 0, 0]);
    expect(othersOf(world)).toEqual(others);
  });

  it('empties a seat left, input and all, and nobody else', () => {
    const world = threeSeated(1);
    const others = othersOf(world);
    world.leave(2);
    expect([at(world, 2), [...world.inputs.subarray(6, 9)], world.present[2]]).toEqual([
      [0, 0, 0, 0],
      [0, 0, 0],
      0,
    ]);
    expect(othersOf(world)).toEqual(others);
  });

  it('gives crates and players their radius', () => {
    expect([radiusOf(0), radiusOf(MAX_PLAYERS - 1)]).toEqual([PLAYER_RADIUS, PLAYER_RADIUS]);
    expect([radiusOf(MAX_PLAYERS), radiusOf(MAX_PLAYERS + 15)]).toEqual([BODY_RADIUS, BODY_RADIUS]);
  });

  it('lets a crate slide, slowing by BODY_DAMPING a step, and caps any speed at SPEED_LIMIT', () => {
    const world = clearArena();
    const LAST = MAX_PLAYERS + 15; // the last crate: each is damped on its own round
    place(world, LAST, 300, 300, 240, -120);
    world.step();
    const [x, y, vx, vy] = at(world, LAST);
    expect(Math.abs(vx! - 240 * BODY_DAMPING)).toBeLessThan(GRID_STEP);
    expect(Math.abs(vy! + 120 * BODY_DAMPING)).toBeLessThan(GRID_STEP);
    expect(Math.abs(x! - (300 + 240 * BODY_DAMPING * DT))).toBeLessThanOrEqual(GRID_STEP);
    expect(Math.abs(y! - (300 - 120 * BODY_DAMPING * DT))).toBeLessThanOrEqual(GRID_STEP);
    place(world, LAST, 600, 300, 9000, -9000);
    world.step();
    expect(at(world, LAST).slice(2)).toEqual([SPEED_LIMIT, -SPEED_LIMIT]);
  });

  it('bounces off each wall at RESTITUTION of the speed, at its radius from it', () => {
    const r = BODY_RADIUS;
    const cases = [
      [r + 1, 300, -600, 0, 0],
      [WIDTH - r - 1, 300, 600, 0, 0],
      [300, r + 1, 0, -600, 1],
      [300, HEIGHT - r - 1, 0, 600, 1],
    ] as const;
    for (const [x, y, vx, vy, axis] of cases) {
      const world = clearArena();
      place(world, MAX_PLAYERS, x, y, vx, vy);
      world.step();
      const after = at(world, MAX_PLAYERS);
      const v = (axis === 0 ? vx : vy) * BODY_DAMPING;
      expect(Math.abs(after[2 + axis]! + v * RESTITUTION)).toBeLessThan(GRID_STEP);
      const wall = axis === 0 ? (vx < 0 ? r : WIDTH - r) : vy < 0 ? r : HEIGHT - r;
      expect(after[axis]).toBe(wall);
    }
  });

  it('stays put against a wall it is leaving, and never moves a crate resting inside', () => {
    const world = clearArena();
    place(world, MAX_PLAYERS, BODY_RADIUS - 5, 300, 100, 0); // inside the wall, moving out
    world.step();
    const [x, , vx] = at(world, MAX_PLAYERS);
    expect(x).toBe(BODY_RADIUS);
    expect(Math.abs(vx! - 100 * BODY_DAMPING)).toBeLessThan(GRID_STEP);
    const right = clearArena();
    place(right, MAX_PLAYERS, WIDTH - BODY_RADIUS + 5, 300, -100, 0);
    right.step();
    expect(at(right, MAX_PLAYERS)[0]).toBe(WIDTH - BODY_RADIUS);
    expect(at(right, MAX_PLAYERS)[2]).toBeLessThan(0);
  });

  it('conserves momentum in a collision and reverses the closing speed at RESTITUTION', () => {
    // A player (mass 1) running into a crate (mass 3), head on along x.
    const world = clearArena();
    world.join(0);
    place(world, 0, 400, 300, 300, 0);
    place(world, MAX_PLAYERS, 400 + PLAYER_RADIUS + BODY_RADIUS + 2, 300, -60, 0);
    world.step();
    const [px, , pv] = at(world, 0);
    const [cx, , cv] = at(world, MAX_PLAYERS);
    const before = { p: 300 * PLAYER_DAMPING, c: -60 * BODY_DAMPING };
    expect(Math.abs(pv! + 3 * cv! - (before.p + 3 * before.c))).toBeLessThan(4 * GRID_STEP);
    expect(Math.abs(cv! - pv! - RESTITUTION * (before.p - before.c))).toBeLessThan(2 * GRID_STEP);
    // Pushed apart to touching, the lighter player three times as far as the crate.
    expect(Math.abs(cx! - px! - (PLAYER_RADIUS + BODY_RADIUS))).toBeLessThanOrEqual(2 * GRID_STEP);
    const playerBack = 400 + before.p * DT - px!;
    const crateOn = cx! - (400 + PLAYER_RADIUS + BODY_RADIUS + 2 + before.c * DT);
    expect(playerBack).toBeGreaterThan(0);
    expect(Math.abs(playerBack - 3 * crateOn)).toBeLessThanOrEqual(4 * GRID_STEP);
  });

  it('pushes two bodies on the same spot apart along x, the first to the left', () => {
    for (const [a, b] of [
      [MAX_PLAYERS, MAX_PLAYERS + 1],
      [MAX_PLAYERS + 1, MAX_PLAYERS + 2],
    ]) {
      const world = clearArena();
      place(world, a!, 500, 300);
      place(world, b!, 500, 300);
      world.step();
      const [ax, ay] = at(world, a!);
      const [bx, by] = at(world, b!);
      expect([ax, bx, ay, by]).toEqual([500 - BODY_RADIUS, 500 + BODY_RADIUS, 300, 300]);
    }
  });

  it('never lets an empty seat (its body at 0, 0) push a crate in the corner', () => {
    const world = clearArena();
    place(world, MAX_PLAYERS + 3, BODY_RADIUS, BODY_RADIUS);
    world.step();
    expect(at(world, MAX_PLAYERS + 3)).toEqual([BODY_RADIUS, BODY_RADIUS, 0, 0]);
  });

  it('leaves bodies that only touch as they are', () => {
    const world = clearArena();
    place(world, MAX_PLAYERS + 1, 500, 300);
    place(world, MAX_PLAYERS + 2, 500 + 2 * BODY_RADIUS, 300);
    world.step();
    expect(at(world, MAX_PLAYERS + 1)).toEqual([500, 300, 0, 0]);
    expect(at(world, MAX_PLAYERS + 2)).toEqual([500 + 2 * BODY_RADIUS, 300, 0, 0]);
  });

  it('accelerates a diagonal stick no faster than a straight one, and boosts by BOOST', () => {
    const speedAfter = (x: number, y: number, buttons: number, ticks: number) => {
      const world = clearArena();
      world.join(0);
      place(world, 0, 640, 300);
      writeInput(world.inputs, 0, x, y, buttons);
      for (let i = 0; i < ticks; i++) world.step();
      const [, , vx, vy] = at(world, 0);
      return Math.hypot(vx!, vy!);
    };
    const straight = speedAfter(127, 0, 0, 1);
    expect(straight).toBeGreaterThan(0);
    expect(Math.abs(speedAfter(127, 127, 0, 1) - straight)).toBeLessThan(2 * GRID_STEP);
    expect(Math.abs(speedAfter(-64, 0, 0, 1) - straight * (64 / 127))).toBeLessThan(2 * GRID_STEP);
    expect(Math.abs(speedAfter(127, 0, BUTTON_BOOST, 1) - straight * BOOST)).toBeLessThan(
      2 * GRID_STEP,
    );
    expect(Math.abs(speedAfter(0, 127, BUTTON_BOOST, 20) - MAX_SPEED * BOOST)).toBeLessThan(1);
    expect(Math.abs(speedAfter(90, 90, 0, 20) - MAX_SPEED)).toBeLessThan(1);
  });
});
