import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED } from '../test-support.js';
import { readUint32, writeUint32 } from './bytes.js';
import { defineWire } from './define-wire.js';

/** A small test layout: three Int8 per input (a stick and buttons), clamped as a game would. */
const sanitize = (inputs: Int8Array, at: number): void => {
  inputs[at] = Math.max(-127, inputs[at]!);
  inputs[at + 1] = Math.max(-127, inputs[at + 1]!);
  inputs[at + 2] = inputs[at + 2]! & 1;
};
const wire = defineWire({
  inputBytes: 3,
  tickRate: 60,
  snapshotBodyBytes: 217,
  sanitizeInput: sanitize,
});

describe('defineWire', () => {
  it('derives the sizes from the layout', () => {
    expect(wire.maxInputsPerMessage).toBe(16);
    expect(wire.maxInputMessageBytes).toBe(5 + 16 * 3);
    expect(wire.maxTicksAhead).toBe(120);
    expect(wire.snapshotBytes).toBe(228);
    expect(wire.timestepMs).toBe(1000 / 60);
    expect(wire.inputMessageBytes(2)).toBe(11);
    expect(wire.createSnapshotFrame().bytes.byteLength).toBe(228);
    const other = defineWire({
      inputBytes: 1,
      tickRate: 30,
      snapshotBodyBytes: 0,
      maxInputsPerMessage: 255,
      maxTicksAhead: 7,
    });
    expect(other.maxInputMessageBytes).toBe(260);
    expect(other.maxTicksAhead).toBe(7);
    expect(defineWire({ inputBytes: 1, tickRate: 0.1, snapshotBodyBytes: 0 }).maxTicksAhead).toBe(
      1,
    );
  });

  it('refuses an option out of range with a RangeError naming it and its value', () => {
    const base = { inputBytes: 3, tickRate: 60, snapshotBodyBytes: 10 };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ inputBytes: 0 }, /inputBytes.*got 0/],
      [{ inputBytes: 256 }, /inputBytes.*got 256/],
      [{ inputBytes: 1.5 }, /inputBytes.*got 1.5/],
      [{ inputBytes: Number.NaN }, /inputBytes.*got NaN/],
      [{ inputBytes: '3' }, /inputBytes.*got 3/],
      [{ tickRate: 0 }, /tickRate.*got 0/],
      [{ tickRate: -60 }, /tickRate.*got -60/],
      [{ tickRate: Number.POSITIVE_INFINITY }, /tickRate.*got Infinity/],
      [{ snapshotBodyBytes: -1 }, /snapshotBodyBytes.*got -1/],
      [{ snapshotBodyBytes: 65_536 }, /snapshotBodyBytes.*got 65536/],
      [{ maxInputsPerMessage: 0 }, /maxInputsPerMessage.*got 0/],
      [{ maxInputsPerMessage: 256 }, /maxInputsPerMessage.*got 256/],
      [{ maxTicksAhead: 0 }, /maxTicksAhead.*got 0/],
      [{ sanitizeInput: 3 }, /sanitizeInput.*got 3/],
    ];
    for (const [bad, message] of cases) {
      expect(() => defineWire({ ...base, ...bad } as never)).toThrow(RangeError);
      expect(() => defineWire({ ...base, ...bad } as never)).toThrow(message);
    }
    expect(
      defineWire({ inputBytes: 255, tickRate: 10_000, snapshotBodyBytes: 65_535 }).inputBytes,
    ).toBe(255);
  });
});

describe('the input message', () => {
  it('carries the newest inputs, newest first, under the newest tick', () => {
    const history = new Int8Array([1, 2, 0, -3, 4, 1, 5, -127, 0]); // ticks 98, 99, 100
    const out = new Uint8Array(wire.maxInputMessageBytes);
    const length = wire.writeInputMessage(out, 100, history, 2);
    const message = out.subarray(0, length);
    expect(length).toBe(11);
    expect(wire.checkInputMessage(message)).toBe('ok');
    expect(wire.newestTickOf(message)).toBe(100);
    expect(wire.inputCountOf(message)).toBe(2);
    const input = new Int8Array(6);
    wire.readInput(message, 0, input, 0);
    wire.readInput(message, 1, input, 3);
    expect([...input]).toEqual([5, -127, 0, -3, 4, 1]);
  });

  it("reads each input through the game's sanitizeInput: an Int8 −128 to −127, unknown bits cleared", () => {
    const message = new Uint8Array([7, 0, 0, 0, 1, 0x80, 0x7f, 0xff]);
    const input = new Int8Array(3);
    wire.readInput(message, 0, input, 0);
    expect([...input]).toEqual([-127, 127, 1]);
    const raw = defineWire({ inputBytes: 3, tickRate: 60, snapshotBodyBytes: 0 });
    raw.readInput(message, 0, input, 0);
    expect([...input]).toEqual([-128, 127, -1]);
  });

  it('names what is wrong with a message of the wrong shape, and never throws', () => {
    const shaped = (count: number, length: number) => {
      const m = new Uint8Array(length);
      m[4] = count;
      return m;
    };
    expect(wire.checkInputMessage('hello')).toBe('malformed');
    expect(wire.checkInputMessage({ tick: 1 })).toBe('malformed');
    expect(wire.checkInputMessage(undefined)).toBe('malformed');
    expect(wire.checkInputMessage(new Uint8Array(4))).toBe('malformed');
    expect(wire.checkInputMessage(shaped(0, 5))).toBe('malformed');
    expect(wire.checkInputMessage(shaped(2, 10))).toBe('malformed');
    expect(wire.checkInputMessage(shaped(2, 12))).toBe('malformed');
    expect(wire.checkInputMessage(shaped(17, wire.maxInputMessageBytes))).toBe('malformed');
    expect(wire.checkInputMessage(shaped(2, 11))).toBe('ok');
    expect(wire.checkInputMessage(shaped(16, wire.maxInputMessageBytes))).toBe('ok');
    expect(wire.checkInputMessage(new Uint8Array(wire.maxInputMessageBytes + 1))).toBe('oversize');
  });

  it('writes the message and nothing past it, and counts a short message as having no inputs', () => {
    const inputs = new Int8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const out = new Uint8Array(20).fill(0xee);
    expect(wire.writeInputMessage(out, 41, inputs, 2)).toBe(11);
    expect([...out.subarray(4, 12)]).toEqual([2, 7, 8, 9, 4, 5, 6, 0xee]);
    expect(out.subarray(11).every((b) => b === 0xee)).toBe(true);
    for (let length = 0; length < 5; length++) {
      expect(wire.checkInputMessage(new Uint8Array(length).fill(1))).toBe('malformed');
    }
  });

  it('round-trips any history through a message, for any input size (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 20 }),
        fc.nat(2 ** 32 - 1),
        fc.infiniteStream(fc.integer({ min: -128, max: 127 })),
        (inputBytes, ticks, newest, values) => {
          const w = defineWire({ inputBytes, tickRate: 60, snapshotBodyBytes: 0 });
          const history = Int8Array.from(values.take(ticks * inputBytes));
          const count = Math.min(ticks, w.maxInputsPerMessage);
          const out = new Uint8Array(w.maxInputMessageBytes);
          const message = out.subarray(0, w.writeInputMessage(out, newest, history, count));
          expect(w.checkInputMessage(message)).toBe('ok');
          expect(w.newestTickOf(message)).toBe(newest);
          const got = new Int8Array(inputBytes);
          for (let i = 0; i < count; i++) {
            w.readInput(message, i, got, 0);
            const from = (ticks - 1 - i) * inputBytes;
            expect([...got]).toEqual([...history.subarray(from, from + inputBytes)]);
          }
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('gives hostile bytes a verdict without throwing: ok only for the exact shape (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        const verdict = wire.checkInputMessage(bytes);
        const count = bytes[4] ?? 0;
        if (bytes.byteLength > wire.maxInputMessageBytes) expect(verdict).toBe('oversize');
        else if (count > 0 && bytes.byteLength === 5 + count * 3) expect(verdict).toBe('ok');
        else expect(verdict).toBe('malformed');
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});

describe('u32', () => {
  it('writes and reads u32 little-endian over the whole range', () => {
    const bytes = new Uint8Array(8);
    for (const value of [0, 1, 255, 256, 65_535, 2 ** 31, 2 ** 32 - 1]) {
      writeUint32(bytes, 3, value);
      expect(readUint32(bytes, 3)).toBe(value);
    }
    expect([...bytes.subarray(3, 7)]).toEqual([255, 255, 255, 255]);
    expect(readUint32(new Uint8Array([1, 2]), 0)).toBe(0x0201);
  });
});
