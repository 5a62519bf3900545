import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoxGame } from './test-support/replay-game.js';
import { check } from './test-support/seed.js';

const DT = 1 / 60;

describe('RapierGame', () => {
  it('reads every moved body after the step, and draws a teleported one at its new place only', () => {
    const game = new BoxGame();
    const controls = new Float64Array(2);
    for (let t = 0; t < 5; t++) game.advance(DT, controls, false, false);
    controls[1] = 3; // teleport body 2
    game.advance(DT, controls, false, false);
    const p = game.poses.positions;
    expect([...p.current.subarray(6, 8)]).toEqual([3, 6]);
    expect([...p.previous.subarray(6, 9)]).toEqual([...p.current.subarray(6, 9)]);
    const at = game.state.bodies[1]!.translation();
    expect([...p.current.subarray(3, 6)]).toEqual([at.x, at.y, at.z]);
    expect(game.steps).toBe(6);
    expect(game.lastHash).toBe(game.poses.hash());
    game.dispose();
  });

  it('replays its own last seconds tick for tick, teleports every tick included', () => {
    // Odd numbers of steps, a teleport of a random body (or none) in every tick, pushes: the
    // instant replay matches every tick's hash and brings the live state back.
    check(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.nat(4)), {
          minLength: 31,
          maxLength: 61,
        }),
        (ticks) => {
          const game = new BoxGame(4);
          const controls = new Float64Array(2);
          for (const [push, teleport] of ticks) {
            controls[0] = push;
            controls[1] = teleport;
            game.advance(DT, controls, false, false);
          }
          const live = game.lastHash;
          controls.fill(0);
          game.advance(DT, controls, true, false);
          while (game.replays.replaying) game.advance(DT, controls, false, false);
          expect(game.replays.phase).toBe('matched');
          expect(game.replays.matched).toBe(game.replays.length);
          game.advance(DT, controls, false, false);
          expect(game.lastHash).not.toBe(live); // live again, one step on
          game.dispose();
        },
      ),
      10,
    );
  });

  it('draws a loaded state as a jump: every pose read, previous equal to current', () => {
    const game = new BoxGame();
    const start = game.saveState();
    const controls = new Float64Array(2);
    controls[0] = 1;
    for (let t = 0; t < 20; t++) game.advance(DT, controls, false, false);
    game.loadState(start);
    const p = game.poses.positions;
    expect([...p.previous]).toEqual([...p.current]);
    expect(game.state.bodies[0]!.translation().x).toBe(p.current[0]);
    expect(game.stepMsTotal).toBeGreaterThan(0);
    game.dispose();
  });

  it('refuses a jump of no body and controls of no numbers, naming them', () => {
    const game = new BoxGame(2);
    expect(() => game.jump(2)).toThrow(
      new RangeError('RapierGame.jump index must be a body from 0 to 1, got 2'),
    );
    expect(() => game.jump(-1)).toThrow(/got -1$/);
    expect(() => game.jump(0.5)).toThrow(/got 0.5$/);
    game.dispose();
    class NoControls extends BoxGame {
      constructor() {
        super(1);
      }
    }
    expect(() => new NoControls()).not.toThrow();
  });
});
