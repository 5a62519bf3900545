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
