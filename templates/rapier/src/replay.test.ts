import { loadRapier } from 'virtual:rapier-wasm';
import { InputSnapshot } from '@loop/core/dom';
import { Playback, Recorder, Recording, replayAll } from '@loop/core/replay';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILD } from './build';
import { CONTROLS } from './controls';
import { Game, recordingId } from './game';
import { BOXES, defaults, jittery144, play, steady, TIMESTEP } from './headless.test-support';

beforeAll(() => loadRapier());

const idle = new InputSnapshot();
const TICKS = 240;

/** A session recorded on a jittery 144 Hz display with a stall: its recording and hashes. */
function record() {
  const run = play(jittery144(1000, 400), TICKS);
  const recording = run.game.replays.recorder.recording();
  return { ...run, recording };
}

describe('record and replay', () => {
  it('replays a 144 Hz session from its keyframe on a 60 Hz display and unthrottled: every tick hash equal', () => {
    const live = record();
    expect(live.multiStepFrames).toBeGreaterThan(0);
    const { recording } = live;
    // The id carries the build and the configuration: another pile or seed is another game.
    expect(recording.build).toBe(recordingId(BUILD, BOXES, 1, TIMESTEP));
    expect(recording.build).toBe(live.game.replays.build);
    expect(recording.firstTick).toBe(0);
    expect(recording.length).toBe(TICKS);
    // The keyframe holds Rapier's world.takeSnapshot(), a few hundred kB even for a small pile.
    expect(recording.start.length).toBeGreaterThan(10_000);

    // On a 60 Hz display, in a game already played elsewhere: the keyframe replaces its state.
    const at60 = play(steady(60, 200), 50, [{ tick: 0, code: 'KeyA', down: true }]).game;
    at60.replays.play(Recording.fromBytes(recording.toBytes(), at60.replays.build));
    const replayed = play(steady(60, 2 * TICKS), TICKS, [], at60);
    expect(at60.replays.phase).toBe('matched');
    expect(at60.replays.matched).toBe(TICKS);
    expect(replayed.hashes).toEqual(live.hashes);

    // As fast as the machine goes, through replayAll and the same update.
    const fast = new Game(defaults());
    const playback = new Playback(recording);
    fast.replays.play(playback);
    const hashes: number[] = [];
    const played = replayAll(playback, (dt) => {
      fast.update(dt, idle);
      hashes.push(fast.lastHash);
    });
    expect(played).toBe(TICKS);
    expect(fast.replays.phase).toBe('matched');
    expect(hashes).toEqual(live.hashes);
  });

  it('replays the last seconds from the newest keyframe before them, and goes back to the live game after', () => {
    const live = play(steady(144, 1000), TICKS);
    const game = live.game;
    const before = game.lastHash;
    const ticks = game.replays.recorder.ticks;
    game.replays.instant(); // 10 s asked, 4 s recorded: from the first keyframe
    const replayed = play(steady(30, 2000), TICKS, [], game);
    expect(game.replays.phase).toBe('matched');
    expect(replayed.hashes).toEqual(live.hashes);
    // The live state came back, and recording goes on where it stopped.
    expect(game.poses.hash()).toBe(before);
    expect(game.replays.recorder.ticks).toBe(ticks);
    const shorter = new Game(defaults({ instantSeconds: 1.5 }));
    play(steady(60, 1000), TICKS, undefined, shorter);
    shorter.replays.instant();
    const part = play(steady(60, 1000), TICKS, [], shorter);
    // Keyframes every second: 1.5 s asked starts 2 s back, at the keyframe of tick 120.
    expect(shorter.replays.length).toBe(120);
    expect(part.hashes.slice(0, 120)).toEqual(live.hashes.slice(120));
  });

  it('refuses a corrupted, a truncated and another build’s recording with a clear error, and never plays it', () => {
    const { recording } = record();
    const bytes = recording.toBytes();
    const game = new Game(defaults());
    const cases: [Uint8Array, RegExp][] = [
      [flip(bytes, bytes.length >> 1), /corrupt|checksum/i],
      [bytes.subarray(0, bytes.length - 100), /truncated|cut short|corrupt|checksum/i],
      [new TextEncoder().encode('not a recording at all'), /not a recording/i],
      [foreignBuild(recording), /build/i],
    ];
    for (const [file, message] of cases) {
      expect(game.replays.load(file)).toBe(false);
      expect(game.replays.phase).toBe('error');
      expect(game.replays.message).toMatch(/^cannot replay this file: /);
      expect(game.replays.message).toMatch(message);
      game.update(TIMESTEP / 1000, idle);
      expect(game.replays.replaying).toBe(false);
    }
  });

  it('stops a replay that diverges and says at which tick', () => {
    const game = new Game(defaults());
    const recorder = new Recorder({ build: game.replays.build, timestep: TIMESTEP });
    recorder.keyframe(game.saveState());
    const controls = new Float64Array(CONTROLS);
    for (let t = 0; t < 30; t++) {
      recorder.record(controls);
      // The hashes of a game that is not this one: it diverges at once.
      recorder.hash(t);
    }
    game.replays.play(recorder.recording());
    play(steady(60, 100), 30, [], game);
    expect(game.replays.phase).toBe('error');
    expect(game.replays.message).toMatch(/diverged at tick 0/);
    expect(game.replays.replaying).toBe(false);
  });
});

/** A copy of `bytes` with one bit of byte `at` flipped. */
function flip(bytes: Uint8Array, at: number): Uint8Array {
  const copy = bytes.slice();
  copy[at] = copy[at]! ^ 0x10;
  return copy;
}

/** The same ticks recorded by another build. */
function foreignBuild(recording: Recording): Uint8Array {
  const recorder = new Recorder({ build: 'another-build', timestep: recording.timestep });
  recorder.keyframe(recording.start);
  recorder.record(new Float64Array(CONTROLS)).hash(0);
  return recorder.recording().toBytes();
}
