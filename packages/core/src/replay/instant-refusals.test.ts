import { describe, expect, it } from 'vitest';
import { InputSnapshot } from '../dom/input.js';
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
import { Recorder } from './recorder.js';

describe('InstantReplay: files refused, options checked, messages shown', () => {
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
});
