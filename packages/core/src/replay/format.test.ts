import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputSnapshot } from '../dom/input.js';
import { check } from '../test-support/check.js';
import { RecordingError } from './error.js';
import { hashNumbers } from './hash.js';
import { Recorder } from './recorder.js';
import { Recording } from './recording.js';

const BUILD = 'game 1.2.0 · ünïcode';

/** A recording with snapshots, numbers, hashes, a key table and a start state. */
function sample(): Recording {
  const recorder = new Recorder({ build: BUILD, timestep: 1000 / 60 });
  recorder.keyframe(new Uint8Array([1, 2, 3, 250]));
  for (let i = 0; i < 50; i++) {
    const s = new InputSnapshot();
    s.pointer.x = i * 1.25;
    s.keys.set(i % 2 ? 'Space' : 'Flèche', i % 8);
    recorder.record(i % 3 ? s : [i, -i, Math.PI]);
    if (i % 4) recorder.hash((i * 2654435761) >>> 0);
  }
  const recording = recorder.recording();
  return recording;
}

/** The bytes with the checksum made right again after an edit (a crafted file). */
function resign(bytes: Uint8Array): Uint8Array {
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(12, hashNumbers(bytes.subarray(16)), true);
  return bytes;
}

const parts = (r: Recording) => ({
  build: r.build,
  timestep: r.timestep,
  firstTick: r.firstTick,
  start: Array.from(r.start),
  keys: r.keys,
  offsets: Array.from(r.offsets),
  data: Array.from(r.data),
  hashes: Array.from(r.hashes),
});

describe('recording files', () => {
  it('read back exactly what was written, NaN hashes and non-ASCII names included', () => {
    const recording = sample();
    const back = Recording.fromBytes(recording.toBytes(), BUILD);
    expect(parts(back)).toEqual(parts(recording));
    expect(back.hashes[0]).toBeNaN();
    expect(back.keys).toEqual(['Space', 'Flèche']);
  });

  it('read an empty recording, and bytes that sit inside a larger buffer', () => {
    const empty = new Recorder({ build: '', timestep: 5 }).keyframe(new Uint8Array(0)).recording();
    expect(parts(Recording.fromBytes(empty.toBytes(), ''))).toEqual(parts(empty));
    const bytes = sample().toBytes();
    const inside = new Uint8Array(bytes.length + 11);
    inside.set(bytes, 3);
    expect(parts(Recording.fromBytes(inside.subarray(3, 3 + bytes.length), BUILD))).toEqual(
      parts(sample()),
    );
  });

  it('refuse a recording made by another build, naming both', () => {
    expect(() => Recording.fromBytes(sample().toBytes(), 'game 1.3.0')).toThrow(
      new RecordingError(
        `this recording was made by build "${BUILD}" and this is build "game 1.3.0": replaying it here would diverge`,
      ),
    );
  });

  it('refuse what is not a recording', () => {
    const not = 'not a recording this build can replay: ';
    expect(() => Recording.fromBytes('LOOPREC' as unknown as Uint8Array, BUILD)).toThrow(
      `${not}expected the bytes of a file (a Uint8Array)`,
    );
    const bytes = sample().toBytes();
    const other = bytes.slice();
    other[0] = 0x4d; // "M"
    for (const b of [
      other,
      new TextEncoder().encode('{"json": true}'),
      bytes.slice(0, 19),
      new Uint8Array(0),
    ]) {
      expect(() => Recording.fromBytes(b, BUILD)).toThrow(
        `${not}it does not start as a loop recording does (a file of something else?)`,
      );
    }
    expect(() => Recording.fromBytes(bytes.slice(0, 20), BUILD)).toThrow(/cut short or padded$/);
  });

  it('refuse another format version', () => {
    const bytes = sample().toBytes();
    new DataView(bytes.buffer).setUint32(8, 2, true);
    expect(() => Recording.fromBytes(bytes, BUILD)).toThrow(
      'it is in format version 2, and this build reads version 1',
    );
  });

  it('refuse a file cut short or with bytes added, saying both lengths', () => {
    const bytes = sample().toBytes();
    const n = bytes.length;
    expect(() => Recording.fromBytes(bytes.slice(0, n - 1), BUILD)).toThrow(
      `it is ${n - 1} bytes long where it says ${n}: cut short or padded`,
    );
    const padded = new Uint8Array(n + 1);
    padded.set(bytes);
    expect(() => Recording.fromBytes(padded, BUILD)).toThrow(`it is ${n + 1} bytes long`);
  });

  it('refuse any changed byte after the header: the checksum catches it', () => {
    const bytes = sample().toBytes();
    check(
      fc.property(
        fc.integer({ min: 12, max: bytes.length - 1 }).filter((i) => i < 16 || i >= 20),
        fc.integer({ min: 1, max: 255 }),
        (at, flip) => {
          const changed = bytes.slice();
          changed[at] = changed[at]! ^ flip;
          expect(() => Recording.fromBytes(changed, BUILD)).toThrow(
            'its checksum does not match its contents: the file was changed or damaged',
          );
        },
      ),
      300,
    );
  });

  it('refuse a crafted file whose parts do not fit, even with a right checksum', () => {
    const fit = 'its parts do not fit together (a file written by something else?)';
    const bytes = sample().toBytes();
    const view = new DataView(bytes.buffer);
    const longBuild = bytes.slice();
    new DataView(longBuild.buffer).setUint32(40, 1e6, true); // the build's length
    expect(() => Recording.fromBytes(resign(longBuild), BUILD)).toThrow(fit);
    const fewerTicks = bytes.slice();
    new DataView(fewerTicks.buffer).setUint32(36, view.getUint32(36, true) - 1, true);
    expect(() => Recording.fromBytes(resign(fewerTicks), BUILD)).toThrow(fit); // bytes left over
    const manyTicks = bytes.slice();
    new DataView(manyTicks.buffer).setUint32(36, 2 ** 31, true);
    expect(() => Recording.fromBytes(resign(manyTicks), BUILD)).toThrow(fit);
  });
});
