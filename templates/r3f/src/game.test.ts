import { createInput } from '@loop/core/dom';
import { describe, expect, it } from 'vitest';
import { BOX_HALF, FALLEN_Y, FLOOR_HALF, Game, JUMP_SPEED, startOf, wantsJump } from './game';

/** The game's rules, played headless in Node with real Rapier (src/rapier.test-support.ts). */

const DT = 1 / 60;

/** Steps `game` for `seconds` of simulated time, with no jump. */
function run(game: Game, seconds: number): void {
  for (let i = 0; i < Math.round(seconds / DT); i++) game.step(DT, false);
}

/** Box `i`'s height at the latest step. */
const height = (game: Game, i: number) => game.poses.positions.current[3 * i + 1]!;

describe('Game', () => {
  it('refuses a count that is not a whole number of boxes, naming it', () => {
    expect(() => new Game(0)).toThrow(RangeError);
    expect(() => new Game(2.5)).toThrow(/count.*2\.5/);
  });

  it('makes one body a box, and the floor', () => {
    const game = new Game(100);
    expect(game.bodies).toHaveLength(100);
    expect(game.world.bodies.len()).toBe(100);
    expect(game.world.colliders.len()).toBe(101);
    expect(game.bodies.map((b) => b.userData)).toEqual([...Array(100).keys()]);
  });

  it('starts every box where startOf puts it, in poses too', () => {
    const game = new Game(100);
    const at = { x: 0, y: 0, z: 0 };
    for (const i of [0, 63, 64, 99]) {
      startOf(i, at);
      const p = game.poses.positions.current;
      // Rapier keeps 32-bit floats.
      expect(p[3 * i]).toBeCloseTo(at.x, 6);
      expect(p[3 * i + 1]).toBeCloseTo(at.y, 6);
      expect(p[3 * i + 2]).toBeCloseTo(at.z, 6);
    }
  });

  it('drops the pile onto the floor, where it comes to rest', () => {
    const game = new Game(64);
    run(game, 4);
    expect(game.ticks).toBe(240);
    for (let i = 0; i < game.count; i++) {
      expect(height(game, i)).toBeGreaterThan(BOX_HALF * 0.9);
      expect(height(game, i)).toBeLessThan(BOX_HALF * 1.1);
    }
  });

  it('a jump throws every box up, and the next steps blend from where they were', () => {
    const game = new Game(64);
    run(game, 4);
    const before = Array.from({ length: game.count }, (_, i) => height(game, i));
    game.step(DT, true);
    for (let i = 0; i < game.count; i++) {
      const velocity = game.bodies[i]!.linvel().y;
      expect(velocity).toBeGreaterThan(JUMP_SPEED * 0.9);
      expect(height(game, i)).toBeGreaterThan(before[i]!);
      // Previous is the pose before the jump: the flight is blended, not cut.
      expect(game.poses.positions.previous[3 * i + 1]).toBe(before[i]);
    }
    expect(game.jumpedCount).toBe(0);
    run(game, 0.3);
    for (let i = 0; i < game.count; i++) expect(height(game, i)).toBeGreaterThan(1);
  });

  it('kicks each box aside by its index as it jumps, so the pile spreads about its middle', () => {
    const game = new Game(64);
    run(game, 4); // at rest, asleep: the jump wakes them
    game.step(DT, true);
    // Sideways speed in m/s of boxes 0 to 6 (x, by i mod 7) and 0 to 4 (z, by i mod 5).
    const x = [-0.9, -0.6, -0.3, 0, 0.3, 0.6, 0.9];
    const z = [-0.6, -0.3, 0, 0.3, 0.6];
    for (let i = 0; i < game.count; i++) {
      const v = game.bodies[i]!.linvel();
      expect(v.x, `box ${i}`).toBeCloseTo(x[i % 7]!, 5);
      expect(v.z, `box ${i}`).toBeCloseTo(z[i % 5]!, 5);
    }
  });

  it('leaves a box at FALLEN_Y itself in play, and brings back one just below it', () => {
    const game = new Game(2);
    game.world.gravity = { x: 0, y: 0, z: 0 }; // nothing moves the boxes but the test
    game.bodies[0]!.setTranslation({ x: FLOOR_HALF + 2, y: FALLEN_Y, z: 0 }, true);
    game.bodies[1]!.setTranslation({ x: FLOOR_HALF + 2, y: FALLEN_Y - 1e-3, z: 2 }, true);
    game.step(DT, false);
    expect(Array.from(game.jumped.subarray(0, game.jumpedCount))).toEqual([1]);
    expect(height(game, 0)).toBe(FALLEN_Y);
  });

  it('puts a box that fell off the floor back above the pile, drawn there with no smear', () => {
    const game = new Game(8);
    game.bodies[3]!.setTranslation({ x: FLOOR_HALF + 3, y: 1, z: 0 }, true);
    let steps = 0;
    while (game.jumpedCount === 0 && steps < 600) {
      game.step(DT, false);
      steps++;
    }
    expect(Array.from(game.jumped.subarray(0, game.jumpedCount))).toEqual([3]);
    const at = { x: 0, y: 0, z: 0 };
    startOf(3, at);
    const p = game.poses.positions;
    expect(p.current[3 * 3 + 1]).toBeGreaterThan(at.y);
    expect(p.current[3 * 3]).toBeCloseTo(at.x, 6);
    // Previous equals current for the respawned box only: every frame draws it at its new place.
    expect(p.previous.subarray(9, 12)).toEqual(p.current.subarray(9, 12));
    expect(game.bodies[3]!.translation().y).toBeGreaterThan(FALLEN_Y);
  });

  it('plays the same way twice: the same steps give the same poses to the last bit', () => {
    const a = new Game(64);
    const b = new Game(64);
    for (let i = 0; i < 200; i++) {
      const jump = i === 120;
      a.step(DT, jump);
      b.step(DT, jump);
    }
    expect(a.poses.hash()).toBe(b.poses.hash());
    expect(a.poses.positions.current).toEqual(b.poses.positions.current);
  });
});

describe('startOf', () => {
  it('stacks layers of 8 × 8 boxes 0.8 m apart, centred over the floor, the lowest 3 m up', () => {
    const at = { x: 0, y: 0, z: 0 };
    const place = (i: number) => {
      startOf(i, at);
      return [at.x, at.y, at.z].map((v) => Math.round(v * 1000) / 1000);
    };
    expect(place(0)).toEqual([-2.8, 3, -2.8]);
    expect(place(1)).toEqual([-2, 3, -2.8]);
    expect(place(7)).toEqual([2.8, 3, -2.8]);
    expect(place(8)).toEqual([-2.8, 3, -2]);
    expect(place(63)).toEqual([2.8, 3, 2.8]);
    expect(place(64)).toEqual([-2.8, 3.8, -2.8]);
    expect(place(255)).toEqual([2.8, 5.4, 2.8]);
  });
});

describe('wantsJump', () => {
  it('is true in the one step after Space (a key or a HUD button) went down, or a tap', () => {
    const input = createInput({ keyboard: null });
    expect(wantsJump(input.sample())).toBe(false);
    input.tap('Space');
    expect(wantsJump(input.sample())).toBe(true);
    expect(wantsJump(input.sample())).toBe(false);
    const snapshot = input.sample();
    snapshot.pointer.pressed = true;
    expect(wantsJump(snapshot)).toBe(true);
    input.dispose();
  });
});
