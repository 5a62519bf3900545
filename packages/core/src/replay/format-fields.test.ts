import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputSnapshot } from '../dom/input.js';
import { check } from '../test-support/check.js';
import { RecordingError } from './error.js';
import { Recorder } from './recorder.js';
import { Recording, type RecordingParts } from './recording.js';

/**
 * A file whose checksum is right and whose parts fit together can still hold a number no
 * recorder writes: a first tick of -5.5, a timestep of 0, a hash of 1.5, a row that starts
 * after the next one, a key index past the key table. Each is refused with a RecordingError
 * naming the field, as the rest of a file that is not a recording is, instead of replaying.
 */

const BUILD = 'fields';

/** A recording with both kinds of row, two keys and hashes, as a Recorder writes it. */
function sample(): Recording {
  const recorder = new Recorder({ build: BUILD, timestep: 1000 / 60 });
  recorder.keyframe(new Uint8Array([7]));
  for (let i = 0; i < 6; i++) {
    const s = new InputSnapshot();
    s.pointer.x = i;
    s.pointer.count = i % 2;
    s.keys.set(i % 2 ? 'KeyA' : 'KeyB', 1 + (i % 7));
    if (i === 4) s.keys.clear(); // a row of the pointer alone
    recorder.record(i % 3 ? s : [i, Number.NaN, -i]);
    recorder.hash(i * 1000);
  }
  return recorder.recording();
}

/** The bytes of `sample()` with some parts replaced, read back. */
function readWith(change: Partial<RecordingParts>): Recording {
  const r = sample();
  const parts: RecordingParts = { ...r, ...change } as RecordingParts;
  return Recording.fromBytes(new Recording(parts).toBytes(), BUILD);
}

const refused = (why: string) =>
  new RecordingError(`not a recording this build can replay: ${why}`);

describe('recording files with numbers no recorder writes', () => {
  it('read back every field a recorder writes, the bounds of each included', () => {
    const r = sample();
    expect(readWith({}).firstTick).toBe(r.firstTick);
    expect(readWith({ firstTick: Number.MAX_SAFE_INTEGER }).firstTick).toBe(
      Number.MAX_SAFE_INTEGER,
    );
    expect(readWith({ timestep: 0.001 }).timestep).toBe(0.001);
    const hashes = r.hashes.slice();
    hashes[0] = 0xffffffff;
    hashes[1] = 0;
    hashes[2] = Number.NaN;
    expect([...readWith({ hashes }).hashes].slice(0, 3)).toEqual([0xffffffff, 0, Number.NaN]);
  });

  it('refuse a first tick that is not a whole number of ticks from 0 up', () => {
    expect(() => readWith({ firstTick: -5.5 })).toThrow(
      refused('its first tick is -5.5, not a whole number >= 0'),
    );
    check(
      fc.property(
        fc
          .oneof(fc.double(), fc.integer({ max: -1 }), fc.constant(2 ** 53))
          .filter((n) => !(Number.isSafeInteger(n) && n >= 0)),
        (firstTick) => {
          expect(() => readWith({ firstTick })).toThrow(/its first tick is .*, not a whole number/);
        },
      ),
      100,
    );
  });

  it('refuse a timestep that is not a finite number of ms > 0', () => {
    for (const timestep of [0, -0, -16, Number.NaN, Infinity, -Infinity]) {
      expect(() => readWith({ timestep })).toThrow(
        refused(`its timestep is ${timestep} ms, not a finite number > 0`),
      );
    }
  });

  it('refuse a state hash that is not an unsigned 32-bit integer (or NaN, none recorded)', () => {
    for (const bad of [1.5, -1, 2 ** 32, Infinity]) {
      const hashes = sample().hashes.slice();
      hashes[3] = bad;
      expect(() => readWith({ hashes })).toThrow(
        refused(`its hash of tick 3 is ${bad}, not an unsigned 32-bit integer`),
      );
    }
  });

  it('refuse rows that start after their end or before the first', () => {
    const offsets = sample().offsets.slice();
    [offsets[1], offsets[2]] = [offsets[2]!, offsets[1]!];
    expect(() => readWith({ offsets })).toThrow(refused('its row of tick 1 is out of order'));
    const shifted = sample().offsets.slice();
    shifted[0] = 1;
    expect(() => readWith({ offsets: shifted })).toThrow(
      refused('its row of tick 0 is out of order'),
    );
    const empty = sample().offsets.slice();
    empty[2] = empty[1]!;
    expect(() => readWith({ offsets: empty })).toThrow(
      refused('its row of tick 1 is out of order'),
    );
  });

  it('refuse a row of an unknown kind, or an input row whose numbers no input makes', () => {
    const r = sample();
    const row = (tick: number) => r.offsets[tick]!;
    const bad = (tick: number, at: number, value: number) => {
      const data = r.data.slice();
      data[row(tick) + at] = value;
      return () => readWith({ data });
    };
    const input = refused('its row of tick 1 is no input a recorder writes');
    expect(bad(0, 0, 2)).toThrow(refused('its row of tick 0 is no input a recorder writes'));
    expect(bad(1, 0, 0.5)).toThrow(input);
    expect(bad(1, 1, Number.NaN)).toThrow(input); // pointer x
    expect(bad(1, 2, Infinity)).toThrow(input); // pointer y
    expect(bad(1, 3, 8)).toThrow(input); // pointer bits
    expect(bad(1, 3, 1.5)).toThrow(input);
    expect(bad(1, 4, -1)).toThrow(input); // pointer count
    expect(bad(1, 5, 2)).toThrow(input); // key index past the table of 2
    expect(bad(1, 5, 0.5)).toThrow(input);
    expect(bad(1, 6, 0)).toThrow(input); // key flags
    expect(bad(1, 6, 8)).toThrow(input);
    // A game's own numbers may be anything, NaN included.
    expect(readWith({}).data[row(0) + 2]).toBeNaN();
    expect(row(5) - row(4)).toBe(5); // the pointer alone, no key: read as written
    expect(readWith({}).offsets).toEqual(r.offsets);
  });

  it('read back a pointer anywhere a number can say, the largest finite coordinates included', () => {
    // x + y overflows to Infinity here: each coordinate is checked finite on its own.
    const recorder = new Recorder({ build: BUILD, timestep: 1000 / 60 });
    recorder.keyframe(new Uint8Array([7]));
    for (const [x, y] of [
      [Number.MAX_VALUE, Number.MAX_VALUE],
      [-Number.MAX_VALUE, -Number.MAX_VALUE],
    ] as const) {
      const s = new InputSnapshot();
      s.pointer.x = x;
      s.pointer.y = y;
      recorder.record(s);
    }
    const back = Recording.fromBytes(recorder.recording().toBytes(), BUILD);
    expect([...back.data]).toEqual([
      0,
      Number.MAX_VALUE,
      Number.MAX_VALUE,
      0,
      0,
      0,
      -Number.MAX_VALUE,
      -Number.MAX_VALUE,
      0,
      0,
    ]);
  });

  it('refuse an input row shorter than its pointer, whatever numbers follow it', () => {
    // Tick 1's row cut to its kind and pointer x and y: the next row's first numbers (an input
    // row's kind 0 and its pointer x of 2) would pass for the pointer's bits and count.
    const r = sample();
    const start = r.offsets[1]!;
    const end = r.offsets[2]!;
    expect(r.data[end]).toBe(0);
    const data = Float64Array.from([...r.data.slice(0, start + 3), ...r.data.slice(end)]);
    const cut = end - start - 3;
    const offsets = r.offsets.map((o, i) => (i >= 2 ? o - cut : o));
    expect(() => readWith({ data, offsets })).toThrow(
      refused('its row of tick 1 is no input a recorder writes'),
    );
  });

  it('refuse an input row cut inside a key, even where the next row would pass for its flags', () => {
    // Tick 2's row less its key's flags: the next row's kind (1, a game's own numbers) reads as
    // flags a key can have, so only the row's length tells it is cut.
    const r = sample();
    const end = r.offsets[3]!;
    expect(r.data[end]).toBe(1);
    const data = Float64Array.from([...r.data.slice(0, end - 1), ...r.data.slice(end)]);
    const offsets = r.offsets.map((o, i) => (i >= 3 ? o - 1 : o));
    expect(() => readWith({ data, offsets })).toThrow(
      refused('its row of tick 2 is no input a recorder writes'),
    );
  });

  it('refuse an input row cut inside its pointer or inside a key', () => {
    const r = sample();
    const start = r.offsets[1]!;
    const end = r.offsets[2]!;
    // Tick 1's row less its last number, and a row of the pointer's head only less one.
    const data = Float64Array.from([...r.data.slice(0, end - 1), ...r.data.slice(end)]);
    const offsets = r.offsets.map((o, i) => (i >= 2 ? o - 1 : o));
    expect(() => readWith({ data, offsets })).toThrow(
      refused('its row of tick 1 is no input a recorder writes'),
    );
    const head = Float64Array.from([...r.data.slice(0, start + 4), ...r.data.slice(end)]);
    const cut = end - start - 4;
    const headOffsets = r.offsets.map((o, i) => (i >= 2 ? o - cut : o));
    expect(() => readWith({ data: head, offsets: headOffsets })).toThrow(
      refused('its row of tick 1 is no input a recorder writes'),
    );
  });
});
