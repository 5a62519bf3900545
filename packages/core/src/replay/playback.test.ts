import { describe, expect, it } from 'vitest';
import { InputSnapshot } from '../dom/input.js';
import { RecordingError } from './error.js';
import { Playback, replayAll } from './playback.js';
import { Recorder } from './recorder.js';

/** A snapshot with these pointer fields and key flags. */
function snapshot(
  pointer: Partial<InputSnapshot['pointer']>,
  keys: Record<string, number>,
): InputSnapshot {
  const s = new InputSnapshot();
  Object.assign(s.pointer, pointer);
  for (const [code, flags] of Object.entries(keys)) s.keys.set(code, flags);
  return s;
}

/** The observable part of a snapshot: pointer fields, and each key's three questions. */
function seen(s: InputSnapshot, codes: string[]) {
  return {
    pointer: { ...s.pointer },
    keys: codes.map((c) => [s.isDown(c), s.wasPressed(c), s.wasReleased(c)]),
  };
}

const CODES = ['KeyA', 'Space', 'ArrowUp'];
const TICKS = [
  snapshot({ x: 12.5, y: -3, down: true, pressed: true, count: 1 }, { KeyA: 3, Space: 0 }),
  snapshot({ x: 13, y: 4, down: false, released: true }, { Space: 7, ArrowUp: 1 }),
  snapshot({ x: 0, y: 0, down: true, count: 2 }, { KeyA: 4 }),
  snapshot({}, {}),
];

function recording() {
  const recorder = new Recorder({ build: 'b', timestep: 20 }).keyframe(new Uint8Array([1]));
  for (const [i, s] of TICKS.entries()) recorder.record(s).hash(100 + i);
  return recorder.recording();
}

describe('Playback', () => {
  it('gives back each tick as recorded: pointer, keys held, pressed and released', () => {
    const playback = new Playback(recording());
    const first = playback.sample();
    expect(seen(first, CODES)).toEqual(seen(TICKS[0]!, CODES));
    for (const s of TICKS.slice(1)) {
      const next = playback.sample();
      expect(next).toBe(first); // one snapshot, rewritten, as Input.sample() does
      expect(seen(next, CODES)).toEqual(seen(s, CODES));
    }
    expect(playback.done).toBe(true);
    expect(playback.tick).toBe(4);
    expect([...first.keys.keys()]).toEqual(playback.recording.keys); // no stray entries
  });

  it('counts ticks and ends after the last, refusing to read past it', () => {
    const playback = new Playback(recording());
    expect([playback.tick, playback.done]).toEqual([0, false]);
    playback.sample();
    playback.sample();
    playback.sample();
    expect([playback.tick, playback.done]).toEqual([3, false]);
    playback.sample();
    expect(() => playback.sample()).toThrow(
      new RecordingError('Playback: all 4 ticks of the recording were played'),
    );
    expect(() => playback.sampleValues(new Float64Array(1))).toThrow(RecordingError);
    expect(playback.tick).toBe(4);
  });

  it('reads numbers as numbers and snapshots as snapshots, and says which tick was which', () => {
    const recorder = new Recorder({ build: 'b', timestep: 20 }).keyframe(new Uint8Array(0));
    recorder.record([1.5, -2, 3]).record(new InputSnapshot()).record([]);
    const playback = new Playback(recorder.recording());
    expect(() => playback.sample()).toThrow(
      'Playback: tick 0 was recorded as numbers, not read as an input snapshot (sample)',
    );
    expect(() => playback.sampleValues(new Float64Array(2))).toThrow(
      'Playback.sampleValues: out holds 2 numbers, the tick 3',
    );
    const out = new Float64Array([9, 9, 9, 9]);
    const fresh = new Playback(recorder.recording());
    expect(fresh.sampleValues(out)).toBe(3);
    expect(Array.from(out)).toEqual([1.5, -2, 3, 9]);
    expect(() => fresh.sampleValues(out)).toThrow(
      'Playback: tick 1 was recorded as an input snapshot, not read as numbers (sampleValues)',
    );
    fresh.sample();
    expect(fresh.sampleValues(new Float64Array(0))).toBe(0);
  });

  it('verifies the hash after each tick and names the tick where a replay diverges', () => {
    const playback = new Playback(recording());
    expect(() => playback.verify(100)).toThrow('Playback.verify: no tick has been played yet');
    try {
      playback.verify(100);
    } catch (error) {
      expect((error as Error).name).toBe('RecordingError');
    }
    playback.sample();
    expect(() => playback.verify(100)).not.toThrow();
    playback.sample();
    expect(() => playback.verify(0xab)).toThrow(
      new RecordingError(
        'replay diverged at tick 1: the state hash is 0x000000ab where the recording has 0x00000065',
      ),
    );
    const unhashed = new Recorder({ build: 'b', timestep: 20 }).keyframe(new Uint8Array(0));
    unhashed.record([1]);
    const quiet = new Playback(unhashed.recording());
    quiet.sampleValues(new Float64Array(1));
    expect(() => quiet.verify(12345)).not.toThrow();
  });

  it('names ticks by their index in the whole session', () => {
    const recorder = new Recorder({ build: 'b', timestep: 20, keep: 2 });
    for (let i = 0; i < 10; i++) {
      if (i % 2 === 0) recorder.keyframe(new Uint8Array(0));
      recorder.record([i]).hash(i);
    }
    const playback = new Playback(recorder.recording(2));
    expect(playback.recording.firstTick).toBe(8);
    playback.sampleValues(new Float64Array(1));
    expect(() => playback.verify(0)).toThrow('replay diverged at tick 8');
  });
});

describe('replayAll', () => {
  it('runs update once per remaining tick with the timestep as dt and the loop figures', () => {
    const playback = new Playback(recording());
    playback.sample();
    const calls: [number, number, number][] = [];
    const ticks = replayAll(playback, (dt, loop) => {
      playback.sample();
      calls.push([dt, loop.tick, loop.dt]);
    });
    expect(ticks).toBe(3);
    expect(calls).toEqual([
      [0.02, 0, 0.02],
      [0.02, 1, 0.02],
      [0.02, 2, 0.02],
    ]);
    expect(replayAll(playback, () => {})).toBe(0);
  });

  it('runs the updates in frames of 8 timesteps, loop.now being the frame time from 0', () => {
    const recorder = new Recorder({ build: 'b', timestep: 20 }).keyframe(new Uint8Array(0));
    for (let i = 0; i < 20; i++) recorder.record([i]);
    const playback = new Playback(recorder.recording());
    const now: number[] = [];
    replayAll(playback, (_, loop) => {
      playback.sampleValues(new Float64Array(1));
      now.push(loop.now);
    });
    expect(now).toEqual([
      ...Array<number>(8).fill(160),
      ...Array<number>(8).fill(320),
      ...Array<number>(4).fill(480),
    ]);
  });

  it('plays a long recording at an awkward timestep to the last tick, no more', () => {
    const recorder = new Recorder({ build: 'b', timestep: 1000 / 144 }).keyframe(new Uint8Array(0));
    for (let i = 0; i < 5000; i++) recorder.record([i]);
    const playback = new Playback(recorder.recording());
    const out = new Float64Array(1);
    let sum = 0;
    expect(
      replayAll(playback, () => {
        playback.sampleValues(out);
        sum += out[0]!;
      }),
    ).toBe(5000);
    expect(sum).toBe((4999 * 5000) / 2);
  });

  it('stops with a clear error when an update reads no tick, instead of looping forever', () => {
    const playback = new Playback(recording());
    let updates = 0;
    expect(() =>
      replayAll(playback, () => {
        updates++;
        if (updates < 3) playback.sample(); // then the game stops reading the recording
      }),
    ).toThrow(
      new RecordingError(
        'replayAll: the update read no tick of the recording (sample or sampleValues) after 2 of 4, so the replay would never end',
      ),
    );
    expect([updates, playback.tick]).toEqual([3, 2]);
  });

  it('lets an error of the update through, stopping the replay where it was', () => {
    const playback = new Playback(recording());
    expect(() =>
      replayAll(playback, () => {
        playback.sample();
        if (playback.tick === 2) throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(playback.tick).toBe(2);
  });
});
