import { loadRapier } from 'virtual:rapier-wasm';
import { Playback, Recording } from '@loop/core/replay';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Game } from './game';
import { defaults, play, SCRIPT, steady } from './headless.test-support';
import { FLOOR_HALF, PLAYER } from './world';

beforeAll(() => loadRapier());

/** Boxes put past the floor's edge before the recording starts: they fall off and respawn. */
const OVERBOARD = [3, 17, 42];

/**
 * A game whose first keyframe has three boxes beyond the floor's edge, so they fall off,
 * respawn above the pile (where, drawn from their fall) and land on it within the recording;
 * the script's T teleports the ball too. Counts the boxes respawned, step by step.
 */
function overboard(): { game: Game; respawns: () => number } {
  const game = new Game(defaults());
  for (const [k, box] of OVERBOARD.entries()) {
    game.physics.bodies[box]!.setTranslation({ x: FLOOR_HALF + 1 + k, y: 1, z: k }, true);
  }
  game.loadState(game.saveState()); // the poses read again, as a start state is
  let respawns = 0;
  const physics = game.physics;
  const respawnFallen = physics.respawnFallen.bind(physics);
  vi.spyOn(physics, 'respawnFallen').mockImplementation((positions) => {
    const n = respawnFallen(positions);
    for (let k = 0; k < physics.respawnedCount; k++)
      if (physics.respawned[k] !== PLAYER) respawns++;
    return n;
  });
  return { game, respawns: () => respawns };
}

describe('a replay across respawns', () => {
  it('matches every tick while boxes fall off, respawn and land, and the ball teleports', () => {
    const ticks = 260;
    const live = overboard();
    const recorded = play(steady(60, 2 * ticks), ticks, SCRIPT, live.game);
    expect(live.respawns()).toBeGreaterThanOrEqual(OVERBOARD.length);
    const recording = live.game.replays.recorder.recording();
    expect(recording.firstTick).toBe(0);

    const other = overboard(); // same configuration, its replay from the file's keyframe
    other.game.replays.play(Recording.fromBytes(recording.toBytes(), other.game.replays.build));
    const replayed = play(steady(60, 2 * ticks), ticks, [], other.game);
    expect(other.respawns()).toBe(live.respawns());
    expect(other.game.replays.phase).toBe('matched');
    expect(other.game.replays.matched).toBe(ticks);
    expect(replayed.hashes).toEqual(recorded.hashes);
    // In the recorded game, they are back on the floor: where the respawn put them.
    for (const box of OVERBOARD) {
      const x = live.game.poses.positions.current[3 * box]!;
      expect(Math.abs(x)).toBeLessThan(FLOOR_HALF);
    }
  });
});

describe('keyframes', () => {
  it('are Rapier’s snapshot as it comes, not a second copy of it, and their cost is shown', () => {
    const game = new Game(defaults());
    const world = game.physics.world;
    const snapshot = world.takeSnapshot();
    const takeSnapshot = vi.spyOn(world, 'takeSnapshot').mockReturnValue(snapshot);
    expect(game.saveState()).toBe(snapshot);
    takeSnapshot.mockRestore();
    play(steady(60, 20), 1, [], game);
    const recording = game.replays.recorder.recording();
    expect(game.replays.keyframeBytes).toBe(recording.start.length);
    expect(game.replays.keyframeBytes).toBeGreaterThan(10_000);
    // The state is all in the snapshot: loading it into another game replays the same tick.
    const copy = new Game(defaults());
    copy.replays.play(new Playback(recording));
    play(steady(60, 20), 1, [], copy);
    expect(copy.replays.phase).toBe('matched');
  });
});
