import { describe, expect, it } from 'vitest';
import { InputSnapshot } from '../dom/input.js';
import { Playback } from './playback.js';
import { Recorder } from './recorder.js';

const state = (n: number) => new Uint8Array([n]);

/** A recorder with a keyframe, and `ticks` ticks of numbers [i] hashed i. */
function recorded(ticks: number, options: { keep?: number; every?: number } = {}): Recorder {
  const recorder = new Recorder({ build: 'b', timestep: 10, keep: options.keep });
  for (let i = 0; i < ticks; i++) {
    if (i % (options.every ?? ticks) === 0) recorder.keyframe(state(i));
    recorder.record([i]).hash(i);
  }
  return recorder;
}

/** The numbers of every tick of a recording, through a Playback. */
function values(recorder: Recorder, lastTicks?: number): number[] {
  const playback = new Playback(recorder.recording(lastTicks));
  const out = new Float64Array(4);
  const seen: number[] = [];
  while (!playback.done) {
    expect(playback.sampleValues(out)).toBe(1);
    seen.push(out[0]!);
  }
  return seen;
}

describe('Recorder', () => {
  it('checks its options, naming the option and the value', () => {
    expect(() => new Recorder({ build: 1 as unknown as string, timestep: 10 })).toThrow(
      'Recorder build must be a string, got 1',
    );
    for (const timestep of [0, -1, Number.NaN, Infinity, '16']) {
      expect(() => new Recorder({ build: 'b', timestep: timestep as number })).toThrow(
        /^Recorder timestep must be a number of ms > 0, got/,
      );
    }
    expect(() => new Recorder({ build: 'b', timestep: '16' as unknown as number })).toThrow(
      'got "16"',
    );
    for (const keep of [0, 0.5, Number.NaN, '600']) {
      expect(() => new Recorder({ build: 'b', timestep: 10, keep: keep as number })).toThrow(
        /^Recorder keep must be a number of ticks >= 1, got/,
      );
    }
    const recorder = new Recorder({ build: '', timestep: 0.1, keep: 1 });
    expect([recorder.build, recorder.timestep, recorder.keep]).toEqual(['', 0.1, 1]);
    expect(new Recorder({ build: 'b', timestep: 10 }).keep).toBe(Infinity);
  });

  it('needs a keyframe before the first tick, and a tick before its hash', () => {
    const recorder = new Recorder({ build: 'b', timestep: 10 });
    expect(() => recorder.record([1])).toThrow('add a keyframe() first');
    expect(() => recorder.recording()).toThrow('no keyframe yet');
    recorder.keyframe(state(0));
    expect(() => recorder.hash(1)).toThrow('record() the tick first');
    expect(() => recorder.keyframe([1] as unknown as Uint8Array)).toThrow(
      new TypeError('Recorder.keyframe takes the state as a Uint8Array, got an object'),
    );
    expect(recorder.record([1])).toBe(recorder);
    expect(recorder.hash(0xffffffff)).toBe(recorder);
    for (const bad of [-1, 1.5, 2 ** 32, Number.NaN]) {
      expect(() => recorder.hash(bad)).toThrow(/^Recorder.hash takes an unsigned 32-bit integer/);
    }
    expect(recorder.ticks).toBe(1);
  });

  it('keeps every tick in order through many ticks and long rows', () => {
    const recorder = recorded(1000, { every: 100 });
    expect(recorder.ticks).toBe(1000);
    expect(values(recorder)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    const long = new Recorder({ build: 'b', timestep: 10 }).keyframe(state(0));
    const row = Array.from({ length: 3000 }, (_, i) => i / 7);
    long.record(row).record([5]);
    const playback = new Playback(long.recording());
    const out = new Float64Array(3000);
    expect(playback.sampleValues(out)).toBe(3000);
    expect(Array.from(out)).toEqual(row);
    expect(playback.sampleValues(out)).toBe(1);
    expect(out[0]).toBe(5);
  });

  it('starts a recording at the newest keyframe that leaves at least lastTicks', () => {
    const recorder = recorded(1000, { every: 100 });
    expect(recorder.recording(250).firstTick).toBe(700);
    expect(recorder.recording(300).firstTick).toBe(700); // exactly 300 left from tick 700
    expect(recorder.recording(301).firstTick).toBe(600);
    expect(recorder.recording(0).firstTick).toBe(900);
    expect(recorder.recording(5000).firstTick).toBe(0);
    expect(recorder.recording().firstTick).toBe(0);
    const last = recorder.recording(250);
    expect(last.start).toEqual(state(700));
    expect(last.length).toBe(300);
    expect(Array.from(last.hashes)).toEqual(Array.from({ length: 300 }, (_, i) => 700 + i));
    expect(values(recorder, 250)[0]).toBe(700);
    for (const bad of [-1, Number.NaN, '5']) {
      expect(() => recorder.recording(bad as number)).toThrow(
        /^Recorder.recording: lastTicks must be >= 0/,
      );
    }
  });

  it('forgets what no replay of the last `keep` ticks needs, and keeps what one does', () => {
    const recorder = recorded(1000, { keep: 250, every: 100 });
    const all = recorder.recording();
    // The keyframe at 900 was added when 900 ticks were recorded: 600 leaves at least 250.
    expect(all.firstTick).toBe(600);
    expect(all.length).toBe(400);
    expect(values(recorder)).toEqual(Array.from({ length: 400 }, (_, i) => 600 + i));
    expect(Array.from(all.hashes)).toEqual(Array.from({ length: 400 }, (_, i) => 600 + i));
    expect(recorder.recording(250).firstTick).toBe(700);
    expect(recorder.ticks).toBe(1000);
  });

  it('keeps rows of every length intact when it forgets', () => {
    const recorder = new Recorder({ build: 'b', timestep: 10, keep: 5 });
    const row = (i: number) => Array.from({ length: (i % 4) + 1 }, (_, k) => i * 10 + k);
    for (let i = 0; i < 40; i++) {
      if (i % 5 === 0) recorder.keyframe(state(i));
      recorder.record(row(i));
    }
    const playback = new Playback(recorder.recording());
    expect(playback.recording.firstTick).toBe(30);
    const out = new Float64Array(4);
    for (let i = 30; i < 40; i++) {
      const n = playback.sampleValues(out);
      expect(Array.from(out.subarray(0, n))).toEqual(row(i));
    }
  });

  it('starts over after clear(), counting ticks on', () => {
    const recorder = recorded(10);
    recorder.clear();
    expect(() => recorder.record([1])).toThrow('add a keyframe() first');
    recorder.keyframe(state(9)).record([42]);
    const recording = recorder.recording();
    expect([recording.firstTick, recording.length, recorder.ticks]).toEqual([10, 1, 11]);
    expect(values(recorder)).toEqual([42]);
  });

  it('records snapshots compactly: the pointer, then only the keys that did something', () => {
    const recorder = new Recorder({ build: 'b', timestep: 10 }).keyframe(state(0));
    const snapshot = new InputSnapshot();
    snapshot.keys.set('KeyA', 0).set('KeyB', 0);
    recorder.record(snapshot);
    snapshot.keys.set('KeyB', 3);
    recorder.record(snapshot);
    const recording = recorder.recording();
    expect(Array.from(recording.offsets)).toEqual([0, 5, 12]);
    expect(recording.keys).toEqual(['KeyB']);
    snapshot.keys.set('KeyC', 1);
    recorder.record(snapshot);
    expect(recording.keys).toEqual(['KeyB']); // a recording made earlier does not change
    expect(recorder.recording().keys).toEqual(['KeyB', 'KeyC']);
  });

  it('ticks without a hash are recorded as NaN and leave recordings independent copies', () => {
    const recorder = new Recorder({ build: 'b', timestep: 10 }).keyframe(state(0));
    recorder.record([1]);
    const first = recorder.recording();
    recorder.hash(7).record([2]);
    expect(first.length).toBe(1);
    expect(first.hashes[0]).toBeNaN();
    expect(Array.from(recorder.recording().hashes)).toEqual([7, Number.NaN]);
    expect(first.build).toBe('b');
    expect(first.timestep).toBe(10);
    expect(first.duration).toBe(0.01);
  });
});
