import { describe, expect, it } from 'vitest';
import { InputSnapshot } from '../dom/input.js';
import { createLoop } from '../loop.js';
import { cleanRun, Game, setup, TIMESTEP } from '../test-support/replay-game.js';
import { InstantReplay } from './instant.js';
import { Playback, replayAll } from './playback.js';
import { Recorder } from './recorder.js';
import { Recording } from './recording.js';

describe('InstantReplay', () => {
  it('replays from the newest keyframe at least instantSeconds back, every tick matched, then goes on live as if it had not happened', () => {
    const a = setup({ instantSeconds: 1, keyframeSeconds: 0.5 });
    for (let i = 0; i < 300; i++) a.tick();
    a.replay.instant();
    expect(a.replay.timeScale).toBe(1); // it starts at the next tick
    a.tick();
    // keyframes every 30 ticks: the newest at or before 300 - 60, tick 240 itself
    expect([a.replay.phase, a.replay.length, a.replay.matched]).toEqual(['replaying', 60, 1]);
    const changes = a.replay.changes;
    let ticks = 1;
    while (a.replay.replaying) {
      a.tick();
      ticks++;
    }
    expect([a.replay.phase, a.replay.matched, ticks]).toEqual(['matched', 60, 60]);
    expect(a.replay.changes).toBe(changes + 1); // once at the end, not at every matched tick
    for (let i = 0; i < 50; i++) a.tick();
    const clean = cleanRun(350);
    expect(a.liveHashes).toEqual(clean.hashes);
    expect(a.game.state).toEqual(clean.game.state);
  });

  it('diverges at the first tick after one number of the state changed, naming that tick, and the live state comes back', () => {
    const { game, replay, tick } = setup({ instantTicks: 60, keyframeTicks: 30 });
    for (let i = 0; i < 200; i++) tick();
    replay.instant(); // from tick 120, the newest keyframe at or before 140
    for (let i = 0; i < 17; i++) tick();
    expect([replay.phase, replay.matched]).toEqual(['replaying', 17]);
    game.state[5]! += 2 ** -20; // one component of one body, as other code would
    tick();
    expect(replay.phase).toBe('error');
    expect(replay.message).toMatch(
      /^replay diverged at tick 137: the state hash is 0x[0-9a-f]{8} where the recording has 0x[0-9a-f]{8}$/,
    );
    expect([replay.matched, replay.replaying]).toEqual([17, false]);
    expect(game.state).toEqual(cleanRun(200).game.state);
    // a file whose first tick differs: none matched, not the 17 of the replay before
    const wrong = new Recorder({ build: 'b1', timestep: TIMESTEP });
    wrong.keyframe(new Game().saveState()).record([1]).hash(0);
    expect(replay.load(wrong.recording().toBytes())).toBe(true);
    tick();
    expect([replay.phase, replay.matched]).toEqual(['error', 0]);
    expect(replay.message).toMatch(/^replay diverged at tick 0:/);
  });

  it('ends a replay on stop() and goes back to the live state at once', () => {
    const { game, replay, tick, liveHashes } = setup();
    for (let i = 0; i < 200; i++) tick();
    replay.instant();
    for (let i = 0; i < 20; i++) tick();
    expect(replay.replaying).toBe(true);
    const changes = replay.changes;
    replay.stop();
    expect([replay.replaying, replay.phase, replay.changes]).toEqual([
      false,
      'recording',
      changes + 1,
    ]);
    expect(game.state).toEqual(cleanRun(200).game.state);
    replay.stop(); // nothing to end: no change
    expect(replay.changes).toBe(changes + 1);
    replay.instant();
    replay.stop(); // before the replay asked for has started: it never does
    tick();
    expect([replay.replaying, replay.recorder.ticks]).toEqual([false, 201]);
    for (let i = 0; i < 9; i++) tick();
    expect(liveHashes).toEqual(cleanRun(210).hashes);
  });

  it('records no hash for a replayed tick whose replay was stopped inside it', () => {
    const { replay, tick } = setup({ instantTicks: 30, keyframeTicks: 10 });
    for (let i = 0; i < 100; i++) tick();
    replay.instant();
    tick();
    tick(() => replay.stop());
    expect([replay.replaying, replay.phase, replay.recorder.ticks]).toEqual([
      false,
      'recording',
      100,
    ]);
    // the live ticks' hashes as they were: the replayed tick's did not overwrite tick 99's
    expect(Array.from(replay.recorder.recording().hashes)).toEqual(cleanRun(100).hashes);
    replay.instant();
    while (replay.phase !== 'matched' && replay.phase !== 'error') tick();
    expect(replay.phase).toBe('matched');
  });

  it('takes a keyframe before every tick the interval divides and keeps about keepSeconds of ticks', () => {
    const { game, replay, tick } = setup({
      keyframeSeconds: 0.5,
      keepSeconds: 2,
      instantSeconds: 1,
    });
    const at: number[] = [];
    const save = game.saveState.bind(game);
    game.saveState = () => {
      at.push(replay.recorder.ticks);
      return save();
    };
    for (let i = 0; i < 1000; i++) tick();
    expect(at).toEqual(Array.from({ length: 34 }, (_, k) => 30 * k));
    const all = replay.recorder.recording();
    expect(all.firstTick).toBe(870); // the newest keyframe leaving 120 ticks: bounded memory
    expect(all.length).toBe(130);
    const file = Recording.fromBytes(replay.save(), 'b1'); // everything kept
    expect([file.firstTick, file.length]).toEqual([870, 130]);
    expect(replay.recorder.recording(61).firstTick).toBe(930);
    expect(replay.keyframeBytes).toBe(64);
    expect(replay.instantSeconds).toBeCloseTo(1, 12);
    // the same lengths in ticks make the same recording
    const inTicks = setup({ keyframeTicks: 30, keepTicks: 120, instantTicks: 60 });
    for (let i = 0; i < 1000; i++) inTicks.tick();
    expect(inTicks.replay.save()).toEqual(replay.save());
    expect([inTicks.replay.instantTicks, inTicks.replay.keyframeTicks]).toEqual([60, 30]);
  });

  it('replays input snapshots as recorded', () => {
    const game = new Game();
    const replay = new InstantReplay(game, { build: 'b', timestep: TIMESTEP, instantSeconds: 0.5 });
    const live = new InputSnapshot();
    const seen: number[] = [];
    const recorded: number[] = [];
    for (let t = 0; t < 60; t++) {
      live.pointer.x = t % 7;
      const keys = replay.begin(live);
      recorded.push(keys.pointer.x);
      game.step(keys.pointer.x);
      replay.end(game.hash());
    }
    live.pointer.x = 99; // the live pointer now: a replay must not read it
    replay.instant();
    do {
      const keys = replay.begin(live);
      seen.push(keys.pointer.x);
      game.step(keys.pointer.x);
      replay.end(game.hash());
    } while (replay.replaying);
    expect(replay.phase).toBe('matched');
    expect(seen).toEqual(recorded);
  });

  it('asks the loop for its speed while replaying, 1 while live, and plays at it', () => {
    const run = (speed: number) => {
      const { replay, tick } = setup({ instantSeconds: 1, speed });
      const loop = createLoop({
        scheduler: 'manual',
        update() {
          tick();
          loop.timeScale = replay.timeScale;
        },
      }).start();
      let t = 0;
      const next = () => {
        t += 1000 / 60;
        return loop.frame(t);
      };
      loop.frame(t);
      for (let f = 0; f < 200; f++) next();
      expect(replay.timeScale).toBe(1);
      replay.instant();
      let frames = 0;
      next(); // the replay starts in this frame's step
      expect(replay.timeScale).toBe(speed);
      while (replay.replaying) {
        next();
        frames++;
      }
      expect(replay.phase).toBe('matched');
      return frames;
    };
    const real = run(1);
    expect(real).toBeGreaterThanOrEqual(58);
    expect(real).toBeLessThanOrEqual(90);
    const slow = run(0.25);
    expect(slow).toBeGreaterThanOrEqual(4 * real - 4);
    expect(slow).toBeLessThanOrEqual(4 * real + 4);
    expect(run(4)).toBeLessThanOrEqual(real / 4 + 1);
  });

  it('plays a replay through replayAll as fast as possible', () => {
    const { game, replay, tick } = setup({ instantSeconds: 1 });
    for (let i = 0; i < 100; i++) tick();
    const playback = new Playback(replay.recorder.recording(60));
    replay.play(playback);
    const played = replayAll(playback, () => {
      const input = replay.begin(Float64Array.of(99), new Float64Array(1));
      game.step(input[0]!);
      replay.end(game.hash());
    });
    expect(played).toBe(playback.recording.length);
    expect(replay.phase).toBe('matched');
  });

  it('starts recording with no message, and an instant replay before any tick does nothing', () => {
    const { game, replay, tick } = setup();
    expect([replay.phase, replay.message, replay.changes, replay.replaying]).toEqual([
      'recording',
      '',
      0,
      false,
    ]);
    replay.end(game.hash()); // an end with no begin: no tick to hash, nothing recorded
    expect(replay.recorder.ticks).toBe(0);
    replay.instant();
    tick();
    expect(replay.replaying).toBe(false);
    expect(replay.recorder.ticks).toBe(1);
    expect(replay.keyframeBytes).toBe(64);
    // a wall-clock figure, read from one clock: never negative, never beyond that clock
    expect(replay.keyframeMs).toBeGreaterThanOrEqual(0);
    expect(replay.keyframeMs).toBeLessThan(performance.now());
  });

  it('keeps the live state saved by the first replay when another is asked for during it', () => {
    const { game, replay, tick } = setup({ instantSeconds: 1 });
    for (let i = 0; i < 200; i++) tick();
    replay.instant();
    for (let i = 0; i < 10; i++) tick();
    replay.instant(); // a second replay, from inside the first
    tick();
    expect([replay.replaying, replay.matched]).toEqual([true, 1]);
    while (replay.replaying) tick();
    expect(replay.phase).toBe('matched');
    expect(game.state).toEqual(cleanRun(200).game.state);
  });
});
