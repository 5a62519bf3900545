import { describe, expect, it } from 'vitest';
import { InputSnapshot } from '../dom/input.js';
import { createLoop } from '../loop.js';
import { hashNumbers } from './hash.js';
import { InstantReplay, type InstantReplayOptions } from './instant.js';
import { Playback, replayAll } from './playback.js';
import { Recorder } from './recorder.js';

const TIMESTEP = 1000 / 60;

/** A small deterministic game: bodies pushed by one control number, bouncing in a box. */
class Game {
  state = new Float64Array(8); // x, v for four bodies
  /** A change of code: the third body's velocity decays, so a replay of the old game diverges. */
  drag = false;
  constructor() {
    for (let i = 0; i < 4; i++) this.state[2 * i] = i * 10;
  }
  step(push: number): void {
    const s = this.state;
    for (let i = 0; i < 4; i++) {
      s[2 * i + 1]! += push * (i + 1) * 0.01;
      if (this.drag && i === 2) s[2 * i + 1]! *= 0.999;
      s[2 * i]! += s[2 * i + 1]! / 60;
      if (s[2 * i]! > 100 || s[2 * i]! < 0) s[2 * i + 1] = -s[2 * i + 1]!;
    }
  }
  hash(): number {
    return hashNumbers(this.state);
  }
  saveState(): Uint8Array {
    return new Uint8Array(this.state.slice().buffer);
  }
  loadState(bytes: Uint8Array): void {
    if (bytes.length !== 64) throw new Error(`a state of ${bytes.length} bytes, not 64`);
    this.state = new Float64Array(bytes.slice().buffer);
  }
}

/** The input of live tick `t`: a push that changes over time. */
const pushAt = (t: number) => ((t * 7) % 13) - 6;

/** A game with its replay, and one tick as a game's update runs it. */
function setup(options: Partial<InstantReplayOptions> = {}) {
  const game = new Game();
  const replay = new InstantReplay(game, { build: 'b1', timestep: TIMESTEP, ...options });
  const live = new Float64Array(1);
  const out = new Float64Array(1);
  let liveTicks = 0;
  const liveHashes: number[] = [];
  const tick = () => {
    const replaying = replay.replaying;
    live[0] = pushAt(liveTicks);
    const input = replay.begin(live, out);
    game.step(input[0]!);
    replay.end(game.hash());
    if (!replaying && !replay.replaying) {
      liveTicks++;
      liveHashes.push(game.hash());
    }
  };
  return { game, replay, tick, liveHashes };
}

describe('InstantReplay', () => {
  it('replays the last seconds from a keyframe, every tick matched, then goes back to the live game', () => {
    const a = setup({ instantSeconds: 1, keyframeSeconds: 0.5 });
    for (let i = 0; i < 300; i++) a.tick();
    a.replay.instant();
    expect(a.replay.timeScale).toBe(1); // it starts at the next tick
    a.tick();
    expect(a.replay.phase).toBe('replaying');
    // the newest keyframe at least 60 ticks back: keyframes every 30 ticks, so tick 240
    expect(a.replay.length).toBe(60);
    while (a.replay.replaying) a.tick();
    expect(a.replay.phase).toBe('matched');
    expect(a.replay.matched).toBe(60);
    // the live game goes on from where it was, as if the replay had not happened
    for (let i = 0; i < 50; i++) a.tick();
    const b = setup({ instantSeconds: 1, keyframeSeconds: 0.5 });
    for (let i = 0; i < 350; i++) b.tick();
    expect(a.liveHashes).toEqual(b.liveHashes);
    expect(a.game.state).toEqual(b.game.state);
  });

  it('stops a replay at the first tick where one number of the state differs, naming it', () => {
    const { game, replay, tick } = setup({ instantSeconds: 1 });
    for (let i = 0; i < 200; i++) tick();
    const before = game.saveState();
    replay.instant();
    game.drag = true; // other code: one component of one body now differs
    tick();
    while (replay.replaying) tick();
    expect(replay.phase).toBe('error');
    expect(replay.message).toMatch(
      /^replay diverged at tick 120: the state hash is 0x[0-9a-f]{8} where the recording has 0x[0-9a-f]{8}$/,
    );
    expect(replay.matched).toBe(0);
    // the live state came back
    expect(game.saveState()).toEqual(before);
  });

  it('ends a replay on stop() and goes back to the live state at once', () => {
    const { game, replay, tick } = setup();
    for (let i = 0; i < 200; i++) tick();
    const before = game.saveState();
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
    expect(game.saveState()).toEqual(before);
    replay.stop(); // nothing to end: no change
    expect(replay.changes).toBe(changes + 1);
  });

  it('refuses a file of another build, another timestep or no recording, touching nothing', () => {
    const { game, replay, tick } = setup();
    for (let i = 0; i < 100; i++) tick();
    const before = game.saveState();
    const other = new InstantReplay(new Game(), { build: 'b2', timestep: TIMESTEP });
    const at30 = new InstantReplay(new Game(), { build: 'b1', timestep: 1000 / 30 });
    for (const r of [other, at30]) {
      const g = new Game();
      for (let t = 0; t < 10; t++) {
        r.begin(Float64Array.of(1), new Float64Array(1));
        g.step(1);
        r.end(g.hash());
      }
    }
    expect(replay.load(other.save())).toBe(false);
    expect(replay.message).toMatch(/^cannot replay this file: .*build "b2"/);
    expect(replay.load(at30.save())).toBe(false);
    expect(replay.message).toMatch(/every 33\.3+\d* ms and this game every 16\.6+\d* ms/);
    expect(replay.load(new TextEncoder().encode('not a recording'))).toBe(false);
    expect(replay.phase).toBe('error');
    tick();
    expect(replay.replaying).toBe(false);
    expect(game.saveState()).not.toEqual(before); // the live game went on
    expect(replay.recorder.ticks).toBe(101);
  });

  it('keeps the live game when the start state cannot be loaded, and a running replay ends', () => {
    const { game, replay, tick } = setup();
    for (let i = 0; i < 200; i++) tick();
    const recorder = new Recorder({ build: 'b1', timestep: TIMESTEP });
    recorder.keyframe(new Uint8Array(10)); // a state of another game: 10 bytes
    recorder.record([0]).hash(0);
    replay.instant();
    tick();
    expect(replay.replaying).toBe(true);
    expect(replay.load(recorder.recording().toBytes())).toBe(true);
    tick();
    expect(replay.phase).toBe('error');
    expect(replay.message).toBe('cannot replay this file: a state of 10 bytes, not 64');
    expect(replay.replaying).toBe(false);
    expect(replay.recorder.ticks).toBe(201);
    // the live game as if neither replay had been asked for: 201 live ticks
    const clean = setup();
    for (let k = 0; k < 201; k++) clean.tick();
    expect(game.state).toEqual(clean.game.state);
  });

  it('takes a keyframe every keyframeSeconds and keeps about keepSeconds of ticks', () => {
    const { replay, tick } = setup({ keyframeSeconds: 0.5, keepSeconds: 2, instantSeconds: 1 });
    for (let i = 0; i < 1000; i++) tick();
    const all = replay.recorder.recording();
    expect(all.firstTick % 30).toBe(0);
    expect(all.length).toBeGreaterThanOrEqual(120);
    expect(all.length).toBeLessThan(120 + 30);
    expect(replay.recorder.recording(61).firstTick).toBe(930);
    expect(replay.keyframeBytes).toBe(64);
    expect(replay.instantSeconds).toBeCloseTo(1, 12);
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
    expect(run(0.25)).toBeGreaterThanOrEqual(4 * real - 4);
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

  it('checks its options when made, naming them', () => {
    const game = new Game();
    const make = (o: Partial<InstantReplayOptions>) =>
      new InstantReplay(game, { build: 'b', timestep: TIMESTEP, ...o });
    expect(() => make({ instantSeconds: 0 })).toThrow(/instantSeconds must be .*got 0/);
    expect(() => make({ keepSeconds: Number.NaN })).toThrow(/keepSeconds .*got NaN/);
    expect(() => make({ keyframeSeconds: -1 })).toThrow(/keyframeSeconds .*got -1/);
    expect(() => make({ speed: 0 })).toThrow(/speed must be a finite number > 0, got 0/);
    expect(() => make({ timestep: 0 })).toThrow(/timestep/);
    const replay = make({});
    expect(() => {
      replay.speed = Number.POSITIVE_INFINITY;
    }).toThrow(/speed/);
    expect(replay.speed).toBe(1);
    expect(replay.build).toBe('b');
  });

  it('starts recording with no message, and an instant replay before any tick does nothing', () => {
    const { replay, tick } = setup();
    expect([replay.phase, replay.message, replay.changes, replay.replaying]).toEqual([
      'recording',
      '',
      0,
      false,
    ]);
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
    const live = game.saveState();
    replay.instant();
    for (let i = 0; i < 5; i++) tick();
    expect(replay.replaying).toBe(true);
    expect(replay.load(new TextEncoder().encode('not a recording'))).toBe(false);
    const message = replay.message;
    expect(replay.replaying).toBe(true); // until the next tick
    tick();
    expect(replay.replaying).toBe(false);
    expect([replay.phase, replay.message]).toEqual(['error', message]);
    // the live state came back and the live game went on by the tick just run
    const after = new Game();
    after.loadState(live);
    after.step(pushAt(200));
    expect(game.state).toEqual(after.state);
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
    const live = game.saveState();
    replay.instant();
    for (let i = 0; i < 10; i++) tick();
    replay.instant(); // a second replay, from inside the first
    tick();
    expect(replay.replaying).toBe(true);
    while (replay.replaying) tick();
    expect(replay.phase).toBe('matched');
    expect(game.saveState()).toEqual(live);
  });

  it('refuses seconds and speeds that are not finite positive numbers', () => {
    const game = new Game();
    const make = (o: Partial<InstantReplayOptions>) =>
      new InstantReplay(game, { build: 'b', timestep: TIMESTEP, ...o });
    expect(() => make({ keepSeconds: '2' as never })).toThrow(/keepSeconds .*got "2"/);
    expect(() => make({ instantSeconds: Number.POSITIVE_INFINITY })).toThrow(/got Infinity/);
    expect(() => make({ speed: '2' as never })).toThrow(/speed .*got "2"/);
    expect(() => make({ speed: Number.POSITIVE_INFINITY })).toThrow(/speed .*got Infinity/);
    expect(make({ keepSeconds: 0.001 }).recorder.keep).toBe(1);
  });
});
