import { describe, expect, it } from 'vitest';
import { InputSnapshot } from '../dom/input.js';
import { createLoop } from '../loop.js';
import {
  cleanRun,
  GARBAGE,
  Game,
  setup,
  TIMESTEP,
  unloadable,
} from '../test-support/replay-game.js';
import { InstantReplay } from './instant.js';
import type { InstantReplayOptions } from './instant-options.js';
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

  it('refuses a file of another build, another timestep, cut short, changed or of something else, touching nothing', () => {
    const { game, replay, tick } = setup();
    for (let i = 0; i < 100; i++) tick();
    const made = (build: string, timestep: number) => {
      const r = new InstantReplay(new Game(), { build, timestep });
      const g = new Game();
      for (let t = 0; t < 10; t++) {
        r.begin(Float64Array.of(1), new Float64Array(1));
        g.step(1);
        r.end(g.hash());
      }
      return r.save();
    };
    const good = replay.save();
    const changed = good.slice();
    changed[good.length - 20]! ^= 1;
    const refusals: [Uint8Array, RegExp][] = [
      [made('b2', TIMESTEP), /made by build "b2" and this is build "b1"/],
      [made('b1', 1000 / 30), /every 33\.3+\d* ms and this game every 16\.6+\d* ms/],
      [good.subarray(0, good.length - 8), /cut short or padded/],
      [changed, /checksum does not match/],
      [GARBAGE, /does not start as a loop recording does/],
    ];
    const clean = cleanRun(101);
    for (const [bytes, why] of refusals) {
      expect(replay.load(bytes)).toBe(false);
      expect(replay.phase).toBe('error');
      expect(replay.message).toMatch(/^cannot replay this file: /);
      expect(replay.message).toMatch(why);
      expect(game.state).toEqual(cleanRun(100).game.state);
    }
    tick();
    expect(replay.replaying).toBe(false);
    expect(game.state).toEqual(clean.game.state);
    expect(replay.recorder.ticks).toBe(101);
  });

  it('keeps the live game when the start state cannot be loaded, and a running replay ends', () => {
    const { game, replay, tick } = setup();
    for (let i = 0; i < 200; i++) tick();
    replay.instant();
    tick();
    expect(replay.replaying).toBe(true);
    expect(replay.load(unloadable())).toBe(true);
    tick();
    expect(replay.phase).toBe('error');
    expect(replay.message).toBe('cannot replay this file: a state of 10 bytes, not 64');
    expect(replay.replaying).toBe(false);
    expect(replay.recorder.ticks).toBe(201);
    // the live game as if neither replay had been asked for: 201 live ticks
    expect(game.state).toEqual(cleanRun(201).game.state);
  });

  it('ends a replay whose ticks the update cannot read (snapshots read as numbers), that tick played live', () => {
    const { game, replay, tick } = setup();
    for (let i = 0; i < 50; i++) tick();
    const recorder = new Recorder({ build: 'b1', timestep: TIMESTEP });
    recorder.keyframe(new Game().saveState());
    for (let t = 0; t < 5; t++) recorder.record(new InputSnapshot()).hash(0);
    expect(replay.load(recorder.recording().toBytes())).toBe(true);
    tick();
    expect([replay.phase, replay.replaying, replay.recorder.ticks]).toEqual(['error', false, 51]);
    expect(replay.message).toMatch(
      /^cannot replay this file: Playback: tick 0 was recorded as an input snapshot, not read as numbers/,
    );
    expect(game.state).toEqual(cleanRun(51).game.state);
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

  it('checks its options when made, naming the option and the value', () => {
    const make = (o: Partial<InstantReplayOptions>) =>
      new InstantReplay(new Game(), { build: 'b', timestep: TIMESTEP, ...o });
    const bad: [Partial<InstantReplayOptions>, RegExp][] = [
      [{ instantSeconds: 0 }, /instantSeconds must be .*got 0$/],
      [{ keepSeconds: Number.NaN }, /keepSeconds .*got NaN$/],
      [{ keyframeSeconds: -1 }, /keyframeSeconds .*got -1$/],
      [{ keepSeconds: '2' as never }, /keepSeconds .*got "2"$/],
      [{ instantSeconds: Number.POSITIVE_INFINITY }, /instantSeconds .*got Infinity$/],
      [{ keepTicks: 0 }, /keepTicks must be a whole number of ticks >= 1, got 0$/],
      [{ instantTicks: 1.5 }, /instantTicks .*got 1\.5$/],
      [{ keyframeTicks: Number.POSITIVE_INFINITY }, /keyframeTicks .*got Infinity$/],
      [{ keyframeTicks: '3' as never }, /keyframeTicks .*got "3"$/],
      [{ keepSeconds: 1, keepTicks: 60 }, /keepSeconds or keepTicks, not both: got 1 and 60$/],
      [{ speed: 0 }, /speed must be a finite number > 0, got 0$/],
      [{ speed: '2' as never }, /speed .*got "2"$/],
      [{ speed: Number.POSITIVE_INFINITY }, /speed .*got Infinity$/],
      [{ timestep: 0 }, /timestep/],
    ];
    for (const [options, message] of bad) expect(() => make(options)).toThrow(message);
    for (const [options] of bad) expect(() => make(options)).toThrow(RangeError);
    const replay = make({ keepTicks: 1, instantTicks: 7, keyframeTicks: 1 });
    expect([replay.recorder.keep, replay.instantTicks, replay.keyframeTicks]).toEqual([1, 7, 1]);
    expect(replay.instantSeconds).toBeCloseTo(7 / 60, 12);
    expect(() => {
      replay.speed = Number.POSITIVE_INFINITY;
    }).toThrow(/speed/);
    expect([replay.speed, replay.build]).toEqual([1, 'b']);
    expect(make({ keepSeconds: 0.001 }).recorder.keep).toBe(1);
    const rounded = make({ keepSeconds: 0.025, instantSeconds: 0.02 }); // 1.5 and 1.2 ticks
    expect([rounded.recorder.keep, rounded.instantTicks]).toEqual([2, 1]);
    const defaults = make({});
    expect([defaults.recorder.keep, defaults.instantTicks, defaults.keyframeTicks]).toEqual([
      720, 600, 120,
    ]);
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

  it('clears the message when a replay starts, matches, or is stopped after an error', () => {
    const { replay, tick } = setup({ instantSeconds: 0.5 });
    for (let i = 0; i < 100; i++) tick();
    expect(replay.load(new Uint8Array(3))).toBe(false);
    expect(replay.message).not.toBe('');
    replay.instant();
    tick();
    expect([replay.phase, replay.message]).toEqual(['replaying', '']);
    while (replay.replaying) tick();
    expect([replay.phase, replay.message]).toEqual(['matched', '']);
    expect(replay.load(new Uint8Array(3))).toBe(false);
    replay.instant();
    tick();
    replay.stop();
    expect([replay.phase, replay.message]).toEqual(['recording', '']);
  });

  it('ends a running replay at the next tick when a file is refused, keeping the error shown', () => {
    const { game, replay, tick } = setup({ instantSeconds: 1 });
    for (let i = 0; i < 200; i++) tick();
    replay.instant();
    for (let i = 0; i < 5; i++) tick();
    expect(replay.replaying).toBe(true);
    expect(replay.load(GARBAGE)).toBe(false);
    const message = replay.message;
    expect(replay.replaying).toBe(true); // until the next tick
    tick();
    expect(replay.replaying).toBe(false);
    expect([replay.phase, replay.message]).toEqual(['error', message]);
    // the live state came back and the live game went on by the tick just run
    expect(game.state).toEqual(cleanRun(201).game.state);
    // and the next replay plays to its end
    replay.instant();
    for (let i = 0; i < 3; i++) tick();
    expect(replay.replaying).toBe(true);
    while (replay.replaying) tick();
    expect(replay.phase).toBe('matched');
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
