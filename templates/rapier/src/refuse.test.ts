import { loadRapier } from 'virtual:rapier-wasm';
import { InputSnapshot } from '@loop/core/dom';
import { Playback, Recorder, RecordingError, replayAll } from '@loop/core/replay';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTROLS } from './controls';
import { Game } from './game';
import { defaults, play, steady, TIMESTEP } from './headless.test-support';
import { Physics } from './physics';

beforeAll(() => loadRapier());

const idle = new InputSnapshot();
const DT = TIMESTEP / 1000;

/** A recording of `ticks` idle ticks of `game`, bytes as a file holds them. */
function recorded(game: Game, ticks = 30): Uint8Array {
  play(steady(60, 2 * ticks), ticks, [], game);
  return game.replays.save();
}

/**
 * A file with `game`'s own id whose start state is `start` (another pile's, or not a state at
 * all): what a build id that missed the configuration would have let through.
 */
function withStart(game: Game, start: Uint8Array, timestep = TIMESTEP): Uint8Array {
  const recorder = new Recorder({ build: game.replays.build, timestep });
  recorder.keyframe(start);
  recorder.record(new Float64Array(CONTROLS)).hash(0);
  return recorder.recording().toBytes();
}

/** Plays `ticks` idle ticks of `game` and returns their hashes. */
function idleHashes(game: Game, ticks: number): number[] {
  const hashes: number[] = [];
  for (let t = 0; t < ticks; t++) {
    game.update(DT, idle);
    hashes.push(game.lastHash);
  }
  return hashes;
}

describe('a recording of another configuration', () => {
  it('is refused by its id before anything loads: another pile, seed or timestep', () => {
    const file = recorded(new Game(defaults({ boxes: 40 })));
    const game = new Game(defaults());
    expect(game.replays.load(file)).toBe(false);
    expect(game.replays.message).toMatch(
      /^cannot replay this file: this recording was made by build ".* boxes 40 seed 1 .*" and this is build ".* boxes 80 seed 1 .*"/,
    );
    const seeded = recorded(new Game(defaults({ seed: 2 })));
    expect(game.replays.load(seeded)).toBe(false);
    expect(game.replays.message).toMatch(
      /made by build ".* seed 2 .*" and this is build ".* seed 1 /,
    );
    const at30 = recorded(new Game(defaults({ timestep: 1000 / 30 })), 10);
    expect(game.replays.load(at30)).toBe(false);
    expect(game.replays.message).toMatch(/made by build ".* step 33\.3+\d* ms"/);
    expect(game.replays.phase).toBe('error');
  });

  it('is refused when its timestep differs from the game’s, whatever its id says', () => {
    const game = new Game(defaults());
    const file = withStart(game, game.saveState(), 1000 / 30);
    expect(game.replays.load(file)).toBe(false);
    expect(game.replays.message).toMatch(
      /^cannot replay this file: this recording steps every 33\.3+\d* ms and this game every 16\.6+\d* ms/,
    );
    game.update(DT, idle);
    expect(game.replays.replaying).toBe(false);
  });
});

describe('a start state the game cannot load', () => {
  it('throws from Physics.loadState and leaves the live world as it was, stepping on', () => {
    const physics = new Physics(80);
    const twin = new Physics(80);
    const world = physics.world;
    const foreign = new Physics(40);
    const states = [foreign.state.saveState(), new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])];
    foreign.state.free();
    for (const state of states) {
      expect(() => physics.state.loadState(state)).toThrow(RangeError);
      expect(physics.world).toBe(world);
    }
    expect(() => physics.state.loadState(states[0]!)).toThrow(
      /^Physics\.loadState: .*holds 41 bodies, this game 81/,
    );
    // Not freed, nothing swapped: it steps on exactly as a world that never saw those states.
    const controls = new Float64Array(CONTROLS);
    for (let t = 0; t < 30; t++) {
      physics.step(DT, controls);
      twin.step(DT, controls);
    }
    expect(physics.bodies[5]!.translation()).toEqual(twin.bodies[5]!.translation());
    expect(physics.bodies[5]!.userData).toBe(5);
    expect(physics.state.saveState()).toEqual(twin.state.saveState());
  });

  it('shows the error from InstantReplay.begin and keeps the live game running, with or without a replay playing', () => {
    const game = new Game(defaults());
    const twin = new Game(defaults());
    idleHashes(game, 20);
    idleHashes(twin, 20);
    const foreign = new Physics(40);
    const file = withStart(game, foreign.state.saveState());
    foreign.state.free();
    expect(game.replays.load(file)).toBe(true); // the id and timestep are this game's
    expect(idleHashes(game, 10)).toEqual(idleHashes(twin, 10));
    expect(game.replays.phase).toBe('error');
    expect(game.replays.message).toMatch(/^cannot replay this file: .*holds 41 bodies/);
    expect(game.replays.replaying).toBe(false);

    // During an instant replay: the replay ends, the live state comes back, the error stays.
    game.replays.instant();
    idleHashes(game, 5);
    expect(game.replays.replaying).toBe(true);
    expect(game.replays.load(file)).toBe(true);
    game.update(DT, idle);
    expect(game.replays.replaying).toBe(false);
    expect(game.replays.message).toMatch(/holds 41 bodies/);
    // The tick after the failed start was a live one, from where the live game had stopped.
    idleHashes(twin, 1);
    expect(game.lastHash).toBe(twin.lastHash);
    expect(idleHashes(game, 10)).toEqual(idleHashes(twin, 10));
  });
});

describe('a file refused while a replay plays', () => {
  it('ends the replay, brings the live state back, and its error is not overwritten', () => {
    const game = play(steady(60, 200), 60).game;
    const twin = play(steady(60, 200), 60).game;
    game.replays.instant();
    play(steady(60, 20), 10, [], game);
    expect(game.replays.phase).toBe('replaying');
    expect(game.replays.load(new TextEncoder().encode('not a recording'))).toBe(false);
    const message = game.replays.message;
    expect(message).toMatch(/^cannot replay this file: .*not a recording/i);
    game.update(DT, idle);
    expect(game.replays.replaying).toBe(false);
    expect(game.replays.phase).toBe('error');
    // The live game came back where it was and went on one tick: not the replay's tick 11.
    expect(game.replays.recorder.ticks).toBe(61);
    expect(idleHashes(twin, 1)).toEqual([game.lastHash]);
    idleHashes(game, 120); // longer than the replay would have lasted
    expect(game.replays.phase).toBe('error');
    expect(game.replays.message).toBe(message);
  });
});

describe('a diverging recording driven by replayAll', () => {
  it('ends in a RecordingError: the replay stops consuming the playback, phase error names the tick', () => {
    const game = new Game(defaults());
    const recorder = new Recorder({ build: game.replays.build, timestep: TIMESTEP });
    recorder.keyframe(game.saveState());
    const controls = new Float64Array(CONTROLS);
    for (let t = 0; t < 30; t++) recorder.record(controls).hash(t); // another game's hashes
    const playback = new Playback(recorder.recording());
    game.replays.play(playback);
    let calls = 0;
    const drive = () =>
      replayAll(playback, (dt) => {
        // A guard for this test only: were replayAll to go on calling, fail rather than hang.
        if (++calls > 1000) throw new Error('replayAll kept calling update');
        game.update(dt, idle);
      });
    expect(drive).toThrow(RecordingError);
    expect(calls).toBeLessThan(30);
    expect(game.replays.phase).toBe('error');
    expect(game.replays.message).toMatch(/^replay diverged at tick 0:/);
    expect(game.replays.replaying).toBe(false);
  });
});
