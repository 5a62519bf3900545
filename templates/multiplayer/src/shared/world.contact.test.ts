import { describe, expect, it } from 'vitest';
import { at, clearArena, GRID_STEP, place } from '../test-support/world';
import {
  BODY_DAMPING,
  BODY_INV_MASS,
  BODY_RADIUS,
  DT,
  MAX_PLAYERS,
  PLAYER_DAMPING,
  PLAYER_INV_MASS,
  PLAYER_RADIUS,
  RESTITUTION,
  WIDTH,
} from './arena';

const PLAYER = 0;
const CRATE = MAX_PLAYERS;
const OTHER_CRATE = MAX_PLAYERS + 1;

/** Inverse mass, radius and damping by entity, as the arena's rules give them. */
const rules = (e: number) =>
  e < MAX_PLAYERS
    ? { w: PLAYER_INV_MASS, r: PLAYER_RADIUS, damping: PLAYER_DAMPING }
    : { w: BODY_INV_MASS, r: BODY_RADIUS, damping: BODY_DAMPING };

const dot = (x: number, y: number, nx: number, ny: number) => x * nx + y * ny;

describe('World contacts (at any angle, and at the exact edges)', () => {
  // Each pair meets head on along a direction of its own: straight and slanted, on both axes.
  it.for([
    ['a player', 'a crate', 0],
    ['a player', 'a crate', 90],
    ['a player', 'a crate', 210],
    ['a crate', 'another', 30],
    ['a crate', 'another', 135],
    ['a crate', 'another', 290],
  ] as const)(
    '%s meets %s at %i°: momentum kept on both axes, the closing speed reversed at RESTITUTION, pushed apart to touching by inverse mass',
    ([first, , degrees]) => {
      const [a, b] = first === 'a player' ? [PLAYER, CRATE] : [CRATE, OTHER_CRATE];
      const nx = Math.cos((degrees * Math.PI) / 180);
      const ny = Math.sin((degrees * Math.PI) / 180);
      const A = rules(a);
      const B = rules(b);
      const gap = A.r + B.r + 2;
      const start = { ax: 640, ay: 360, bx: 640 + gap * nx, by: 360 + gap * ny };
      const world = clearArena();
      if (a === PLAYER) world.join(PLAYER);
      place(world, a, start.ax, start.ay, 300 * nx, 300 * ny);
      place(world, b, start.bx, start.by, -60 * nx, -60 * ny);
      world.step();
      const [ax, ay, avx, avy] = at(world, a) as [number, number, number, number];
      const [bx, by, bvx, bvy] = at(world, b) as [number, number, number, number];
      // Velocities as the step has them when the two meet: damped, nothing else.
      const va = 300 * A.damping;
      const vb = -60 * B.damping;
      const [ma, mb] = [1 / A.w, 1 / B.w];
      const momentum = (ma * va + mb * vb) * nx;
      expect(Math.abs(ma * avx + mb * bvx - momentum)).toBeLessThan((ma + mb) * GRID_STEP);
      expect(Math.abs(ma * avy + mb * bvy - (ma * va + mb * vb) * ny)).toBeLessThan(
        (ma + mb) * GRID_STEP,
      );
      const closingAfter = dot(bvx - avx, bvy - avy, nx, ny);
      expect(Math.abs(closingAfter + RESTITUTION * (vb - va))).toBeLessThan(3 * GRID_STEP);
      // Nothing along the contact's tangent: the bodies move on its normal only.
      expect(Math.abs(dot(avx, avy, -ny, nx))).toBeLessThan(2 * GRID_STEP);
      expect(Math.abs(dot(bvx, bvy, -ny, nx))).toBeLessThan(2 * GRID_STEP);
      // Touching, pushed back along the normal, each by its share of the inverse masses.
      expect(Math.abs(Math.hypot(bx - ax, by - ay) - (A.r + B.r))).toBeLessThan(2 * GRID_STEP);
      const aBack = dot(start.ax + va * nx * DT - ax, start.ay + va * ny * DT - ay, nx, ny);
      const bOn = dot(bx - start.bx - vb * nx * DT, by - start.by - vb * ny * DT, nx, ny);
      expect(aBack).toBeGreaterThan(0);
      expect(Math.abs(aBack / A.w - bOn / B.w)).toBeLessThan(4 * GRID_STEP * (1 / A.w + 1 / B.w));
    },
  );

  it('leaves two bodies that touch exactly alone, even closing: the contact comes with the overlap', () => {
    // 437.625 + 398.4375 × BODY_DAMPING × DT is 444 exactly: 56 from the other, the sum of radii.
    const world = clearArena();
    place(world, CRATE, 437.625, 300, 398.4375, 0);
    place(world, OTHER_CRATE, 500, 300);
    world.step();
    expect(at(world, CRATE)).toEqual([444, 300, 398.4375 * BODY_DAMPING, 0]);
    expect(at(world, OTHER_CRATE)).toEqual([500, 300, 0, 0]);
  });

  it('bounces a body only once it passes a wall, not as it reaches it', () => {
    // Both land exactly at a radius from the wall, still moving into it.
    const left = clearArena();
    place(left, CRATE, 28.125, 300, -7.8125, 0);
    left.step();
    expect(at(left, CRATE)).toEqual([BODY_RADIUS, 300, -7.8125 * BODY_DAMPING, 0]);
    const right = clearArena();
    place(right, CRATE, 1245.625, 300, 398.4375, 0);
    right.step();
    expect(at(right, CRATE)).toEqual([WIDTH - BODY_RADIUS, 300, 398.4375 * BODY_DAMPING, 0]);
  });
});
