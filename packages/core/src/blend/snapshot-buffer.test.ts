import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../test-support/check.js';
import { lerpArray } from './batch.js';
import { type SampleKind, SnapshotBuffer } from './snapshot-buffer.js';

/** A buffer of one-number frames that remember which slot of the ring they are. */
function numbers(capacity?: number) {
  return new SnapshotBuffer((index) => Object.assign(new Float64Array(1), { index }), capacity);
}

function fill(buffer: SnapshotBuffer<Float64Array>, time: number, value: number): void {
  buffer.push(time)!.set([value]);
}

/** What the buffer found, as plain values. */
function found(buffer: SnapshotBuffer<Float64Array>, time: number) {
  const kind = buffer.sample(time);
  return { kind, older: buffer.older[0], newer: buffer.newer[0], t: buffer.t };
}

describe('SnapshotBuffer', () => {
  it('blends the two frames around a render time, with t the fraction of the gap between them', () => {
    const buffer = numbers(4);
    fill(buffer, 100, 0);
    fill(buffer, 150, 5);
    fill(buffer, 200, 7);
    expect(found(buffer, 170)).toEqual({ kind: 'blend', older: 5, newer: 7, t: 0.4 });
    expect(found(buffer, 125)).toEqual({ kind: 'blend', older: 0, newer: 5, t: 0.5 });
    expect(found(buffer, 150)).toEqual({ kind: 'blend', older: 5, newer: 7, t: 0 });
    expect(found(buffer, 100)).toEqual({ kind: 'blend', older: 0, newer: 5, t: 0 });
    expect(found(buffer, 200)).toEqual({ kind: 'blend', older: 5, newer: 7, t: 1 });
    const drawn = lerpArray(new Float64Array(1), buffer.older, buffer.newer, buffer.t);
    expect(drawn[0]).toBe(7);
  });

  it('holds the newest frame past it (starved, t = 1, never extrapolated) and the oldest before it (t = 0)', () => {
    const buffer = numbers(3);
    for (let i = 0; i < 5; i++) fill(buffer, i * 50, i);
    expect(buffer.size).toBe(3);
    expect(found(buffer, 200.5)).toEqual({ kind: 'starved', older: 4, newer: 4, t: 1 });
    expect(found(buffer, 10)).toEqual({ kind: 'early', older: 2, newer: 2, t: 0 }); // 0 and 1 are gone
    expect(found(buffer, Number.NaN)).toEqual({ kind: 'early', older: 2, newer: 2, t: 0 });
  });

  it('with one frame: the frame at its own time, held before and after it', () => {
    const buffer = numbers(2);
    fill(buffer, 10, 3);
    expect(found(buffer, 10)).toEqual({ kind: 'blend', older: 3, newer: 3, t: 1 });
    expect(found(buffer, 11)).toEqual({ kind: 'starved', older: 3, newer: 3, t: 1 });
    expect(found(buffer, 9)).toEqual({ kind: 'early', older: 3, newer: 3, t: 0 });
  });

  it('reuses its frames in a ring, oldest first, and blends across the end of the ring', () => {
    const buffer = numbers(3);
    expect(buffer.older.index).toBe(0);
    expect(buffer.newer).toBe(buffer.older);
    const slots = [1, 2, 3, 4, 5].map((time) => buffer.push(time)!.index);
    expect(slots).toEqual([0, 1, 2, 0, 1]);
    buffer.sample(3.25); // frame 3 sits in slot 2, frame 4 in slot 0
    expect([buffer.older.index, buffer.newer.index, buffer.t]).toEqual([2, 0, 0.25]);
  });

  it('never reads a slot it does not hold: not one left from before clear(), not one never filled', () => {
    const buffer = numbers(4);
    fill(buffer, 100, 1);
    fill(buffer, 200, 2);
    expect(found(buffer, 50)).toEqual({ kind: 'early', older: 1, newer: 1, t: 0 });
    fill(buffer, 300, 3);
    buffer.clear();
    expect([buffer.size, buffer.newestTime]).toEqual([0, Number.NEGATIVE_INFINITY]);
    const frame = buffer.push(1000)!;
    frame[0] = 9;
    expect(frame.index).toBe(0);
    expect(found(buffer, 500)).toEqual({ kind: 'early', older: 9, newer: 9, t: 0 });
  });

  it('refuses a frame not newer than the newest, and an empty buffer samples nothing', () => {
    const buffer = numbers();
    expect(buffer.capacity).toBe(32);
    expect(buffer.newestTime).toBe(Number.NEGATIVE_INFINITY);
    expect(buffer.sample(0)).toBe('empty');
    fill(buffer, 100, 1);
    expect(buffer.push(100)).toBeUndefined();
    expect(buffer.push(90)).toBeUndefined();
    expect(buffer.push(Number.NaN)).toBeUndefined();
    expect([buffer.size, buffer.newestTime]).toEqual([1, 100]);
    buffer.sample(100);
    buffer.t = 0.3;
    buffer.clear();
    expect(buffer.sample(100)).toBe('empty');
    expect([buffer.older[0], buffer.t]).toEqual([1, 0.3]); // left as they were
  });

  it('checks its capacity when made, naming the value', () => {
    for (const capacity of [1, 0, 2.5, Number.NaN]) {
      expect(() => numbers(capacity)).toThrow(
        new RangeError(`SnapshotBuffer capacity must be an integer >= 2, got ${capacity}`),
      );
    }
    expect(numbers(2).capacity).toBe(2);
  });

  it('property: any trace of pushes (stale, duplicate, NaN) and samples finds what a list of the kept frames finds', () => {
    const event = fc.oneof(
      fc.record({ push: fc.oneof(fc.integer({ min: -5, max: 40 }), fc.constant(Number.NaN)) }),
      fc.record({
        sample: fc.oneof(fc.double({ min: -10, max: 1000 }), fc.integer({ max: 1000 })),
      }),
      fc.constant('clear' as const),
    );
    check(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.array(event, { maxLength: 300 }),
        (cap, trace) => {
          const buffer = numbers(cap);
          const kept: number[] = []; // times, oldest first; frame values are their times
          let clock = 0;
          for (const e of trace) {
            if (e === 'clear') {
              buffer.clear();
              kept.length = 0;
            } else if ('push' in e) {
              const time = clock + e.push;
              const frame = buffer.push(time);
              const accepted = time > (kept.at(-1) ?? Number.NEGATIVE_INFINITY);
              expect(frame !== undefined).toBe(accepted);
              if (!frame) continue;
              frame[0] = time;
              clock = time;
              kept.push(time);
              if (kept.length > cap) kept.shift();
            } else {
              const expected = reference(kept, e.sample);
              if (expected) expect(found(buffer, e.sample)).toEqual(expected);
              else expect(buffer.sample(e.sample)).toBe('empty');
            }
            expect(buffer.size).toBe(kept.length);
          }
        },
      ),
      300,
    );
  });
});

/** The same answers from a plain list, searched from the oldest frame. */
function reference(kept: number[], time: number) {
  if (kept.length === 0) return undefined;
  const last = kept.length - 1;
  if (time > kept[last]!) return { kind: 'starved', older: kept[last], newer: kept[last], t: 1 };
  let at = -1;
  for (let j = 0; j < kept.length; j++) if (kept[j]! <= time) at = j;
  if (at < 0) return { kind: 'early', older: kept[0], newer: kept[0], t: 0 };
  const kind: SampleKind = 'blend';
  if (at === last) return { kind, older: kept[Math.max(0, last - 1)], newer: kept[last], t: 1 };
  const t = (time - kept[at]!) / (kept[at + 1]! - kept[at]!);
  return { kind, older: kept[at], newer: kept[at + 1], t };
}
