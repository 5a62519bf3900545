import { loadRapier } from 'virtual:rapier-wasm';
import { createLoop } from '@loop/core';
import { InputSnapshot } from '@loop/core/dom';
import { Poses } from '@loop/rapier';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILD } from './build';
import { CONTROLS } from './controls';
import { Game, recordingId } from './game';
import {
  defaults,
  jittery144,
  play,
  scriptedInput,
  steady,
  TIMESTEP,
} from './headless.test-support';
import { PLAYER } from './world';

beforeAll(() => loadRapier());

const idle = new InputSnapshot();

/** Body `i`'s current and previous pose, and whether they are equal (no blend at any alpha). */
function still(poses: Poses, i: number): boolean {
  const p = poses.positions;
  const o = poses.orientations;
  for (let k = 3 * i; k < 3 * i + 3; k++) if (p.previous[k] !== p.current[k]) return false;
  for (let k = 4 * i; k < 4 * i + 4; k++) if (o.previous[k] !== o.current[k]) return false;
  return true;
}

describe('Game', () => {
  it('steps the world once per fixed step with dt, never the frame time: same steps and state at 60 and 144 Hz', () => {
    const dts: number[] = [];
    const game = new Game(defaults());
    const world = game.physics.world;
    const step = world.step.bind(world);
    world.step = () => {
      dts.push(world.timestep);
      step();
    };
    const at144 = play(jittery144(600, 300), 180, undefined, game);
    const at60 = play(steady(60, 400), 180);
    expect(at144.hashes).toHaveLength(180);
    expect(dts).toHaveLength(180);
    expect(new Set(dts)).toEqual(new Set([Math.fround(TIMESTEP / 1000)]));
    expect(at144.multiStepFrames).toBeGreaterThan(0);
    expect(at60.hashes).toEqual(at144.hashes);
  });

  it('blends from the pose before the last step when one frame runs several steps', () => {
    const game = new Game(defaults());
    const afterStep: Float64Array[] = [];
    const seen: { previous: Float64Array; alpha: number }[] = [];
    const loop = createLoop({
      scheduler: 'manual',
      timestep: TIMESTEP,
      update(dt) {
        game.update(dt, idle);
        afterStep.push(game.poses.positions.current.slice());
      },
      render(alpha) {
        seen.push({ previous: game.poses.positions.previous.slice(), alpha });
      },
    });
    loop.start();
    loop.frame(0);
    loop.frame(3.5 * TIMESTEP); // three steps in one frame: the pile is falling, all of it moves
    expect(afterStep).toHaveLength(3);
    const last = seen.at(-1)!;
    expect(last.alpha).toBeCloseTo(0.5, 9);
    expect(last.previous).toEqual(afterStep[1]);
    expect(last.previous).not.toEqual(afterStep[0]);
    const out = game.poses.drawnPositions;
    game.poses.blend(last.alpha);
    const i = 3 * 10 + 1; // a box's y, half way between the second and third steps
    expect(out[i]).toBeCloseTo((afterStep[1]![i]! + afterStep[2]![i]!) / 2, 5);
  });

  it('does not smear a teleport (T) or a respawn: those bodies draw at their new place only', () => {
    const game = new Game(defaults());
    const { press, input } = scriptedInput();
    for (let t = 0; t < 20; t++) game.update(TIMESTEP / 1000, input.sample());
    // A box off the floor's edge, far below: the next step respawns it above the pile.
    const box = 7;
    game.physics.bodies[box]!.setTranslation({ x: 30, y: -40, z: 0 }, true);
    press('KeyT', true);
    game.update(TIMESTEP / 1000, input.sample());
    expect(game.physics.respawnedCount).toBe(2);
    expect(still(game.poses, PLAYER)).toBe(true);
    expect(still(game.poses, box)).toBe(true);
    expect(game.poses.positions.current[3 * box + 1]).toBeGreaterThan(10);
    expect(game.poses.positions.current[3 * PLAYER + 1]).toBeGreaterThan(10);
    // Meanwhile the others still blend between two different poses.
    let moving = 0;
    for (let i = 1; i < game.poses.count; i++) if (!still(game.poses, i)) moving++;
    expect(moving).toBeGreaterThan(game.poses.count / 2);
  });

  it('reads only the bodies Rapier moved, and still matches reading every body, as the pile falls asleep', () => {
    const game = new Game(defaults());
    const full = new Poses(game.poses.count);
    const { input, press } = scriptedInput();
    let least = Infinity;
    for (let t = 0; t < 420; t++) {
      if (t === 300) press('KeyT', true); // the ball drops on the sleeping pile and wakes part of it
      game.update(TIMESTEP / 1000, input.sample());
      full.readAll(game.physics.bodies);
      expect(game.poses.positions.current).toEqual(full.positions.current);
      expect(game.poses.orientations.current).toEqual(full.orientations.current);
      least = Math.min(least, game.poses.active);
    }
    expect(least).toBeLessThan(game.poses.count / 2);
  });

  it('takes its defaults, and every option changed', () => {
    const plain = new Game({ boxes: 4, timestep: TIMESTEP });
    expect(plain.physics.count).toBe(5);
    expect(plain.physics.seed).toBe(1);
    expect(plain.replays.build).toBe(recordingId(BUILD, 4, 1, TIMESTEP));
    expect(plain.replays.instantTicks).toBe(600); // 10 s
    expect(plain.replays.recorder.keep).toBe(720); // 12 s
    expect(plain.replays.keyframeTicks).toBe(120); // 2 s
    const set = new Game({
      boxes: 3,
      timestep: 1000 / 30,
      seed: 7,
      build: 'b1',
      instantSeconds: 4,
      keepSeconds: 5,
      keyframeSeconds: 0.5,
    });
    expect(set.physics.seed).toBe(7);
    expect(set.replays.build).toBe(recordingId('b1', 3, 7, 1000 / 30));
    expect(set.replays.instantTicks).toBe(120);
    expect(set.replays.recorder.keep).toBe(150);
    expect(set.replays.keyframeTicks).toBe(15);
  });

  it('counts its steps, and blends the ball between two steps while it rolls', () => {
    const game = new Game(defaults({ boxes: 3 }));
    const { input, press } = scriptedInput();
    press('KeyD', true);
    for (let t = 0; t < 30; t++) {
      game.update(TIMESTEP / 1000, input.sample());
      if (t > 0) expect(still(game.poses, PLAYER)).toBe(false);
    }
    expect(game.steps).toBe(30);
  });

  it('ends an instant replay on Escape, and a replay asked for with the end in one step never starts', () => {
    const game = new Game(defaults({ boxes: 3 }));
    const live = new Float64Array(CONTROLS);
    for (let t = 0; t < 20; t++) game.advance(TIMESTEP / 1000, live, false, false);
    game.advance(TIMESTEP / 1000, live, true, false);
    expect(game.replays.phase).toBe('replaying');
    game.advance(TIMESTEP / 1000, live, false, true);
    expect(game.replays.phase).toBe('recording');
    game.advance(TIMESTEP / 1000, live, true, true);
    expect(game.replays.replaying).toBe(false);
    expect(game.steps).toBe(23);
  });

  it('keeps the highest count of moving bodies until it is read', () => {
    const game = new Game(defaults({ boxes: 3 }));
    game.update(TIMESTEP / 1000, idle); // the ball starts to fall onto the floor
    expect(game.movingPeak).toBe(0); // by less than 1 m/s × dt in its first step
    for (let t = 0; t < 20; t++) game.update(TIMESTEP / 1000, idle);
    expect(game.movingPeak).toBe(1); // the boxes stand on the floor: only the ball fell
    for (let t = 0; t < 120; t++) game.update(TIMESTEP / 1000, idle);
    expect(game.poses.moving(TIMESTEP / 1000)).toBe(0); // at rest now
    expect(game.movingPeak).toBe(1); // but it fell since the last reading
    game.movingPeak = 0; // read
    for (let t = 0; t < 10; t++) game.update(TIMESTEP / 1000, idle);
    expect(game.movingPeak).toBe(0);
  });

  it('starts an instant replay on R and ends it on Escape, through the input', () => {
    const game = new Game(defaults({ boxes: 3 }));
    const { input, press } = scriptedInput();
    for (let t = 0; t < 20; t++) game.update(TIMESTEP / 1000, input.sample());
    press('KeyR', true);
    game.update(TIMESTEP / 1000, input.sample());
    expect(game.replays.phase).toBe('replaying');
    press('KeyR', false);
    press('Escape', true);
    game.update(TIMESTEP / 1000, input.sample());
    expect(game.replays.phase).toBe('recording');
  });
});
