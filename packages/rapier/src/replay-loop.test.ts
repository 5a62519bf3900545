import { describe, expect, it } from 'vitest';
import { replayLoop } from './replay-loop.js';
import { BoxGame } from './test-support/replay-game.js';

const STEP_MS = 1000 / 60;

describe('replayLoop', () => {
  it('steps the game, runs at the replay’s speed while one plays, and draws the blended poses', () => {
    const game = new BoxGame();
    game.replays.speed = 0.5;
    const controls = new Float64Array(2);
    let replay = false;
    const drawn: number[][] = [];
    const { loop, status, figures } = replayLoop({
      game,
      scheduler: 'manual',
      timestep: STEP_MS,
      update(dt) {
        game.advance(dt, controls, replay, false);
        replay = false;
      },
      render(alpha) {
        const blended = [...game.poses.drawnPositions.subarray(0, 3)];
        game.poses.blend(alpha);
        expect([...game.poses.drawnPositions.subarray(0, 3)]).toEqual(blended); // blended already
        drawn.push(blended);
      },
    });
    loop.start();
    for (let f = 1; f <= 40; f++) loop.frame(f * STEP_MS);
    expect(game.steps).toBeGreaterThanOrEqual(38);
    expect(loop.timeScale).toBe(1);
    expect(status.phase).toBe('recording');
    replay = true;
    loop.frame(41 * STEP_MS);
    expect(status.phase).toBe('replaying');
    expect(loop.timeScale).toBe(0.5);
    expect(drawn.length).toBe(41);
    expect(drawn.at(-1)![1]).toBeGreaterThan(0); // a box's height, not the origin
    expect(figures().bodies).toBe(4);
    loop.stop();
    game.dispose();
  });

  it('refuses what is not a game, naming it', () => {
    expect(() => replayLoop({ game: {} as BoxGame, update() {}, render() {} })).toThrow(
      new RangeError('replayLoop game must be a RapierGame, got [object Object]'),
    );
  });
});
