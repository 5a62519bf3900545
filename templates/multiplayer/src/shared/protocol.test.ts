import { describe, expect, it } from 'vitest';
import { BUTTON_BOOST } from './input';
import {
  checkInputMessage,
  MAX_INPUT_MESSAGE_BYTES,
  MAX_INPUTS_PER_MESSAGE,
  newestTickOf,
  readInput,
  readUint32,
  writeInputMessage,
  writeUint32,
} from './protocol';

describe('the input message', () => {
  it('carries the newest inputs, newest first, under the newest tick', () => {
    const history = new Int8Array([1, 2, 0, -3, 4, 1, 5, -127, 0]); // ticks 98, 99, 100
    const out = new Uint8Array(MAX_INPUT_MESSAGE_BYTES);
    const length = writeInputMessage(out, 100, history, 2);
    const message = out.subarray(0, length);
    expect(length).toBe(11);
    expect(checkInputMessage(message)).toBe('ok');
    expect(newestTickOf(message)).toBe(100);
    const input = new Int8Array(6);
    readInput(message, 0, input, 0);
    readInput(message, 1, input, 3);
    expect([...input]).toEqual([5, -127, 0, -3, 4, 1]);
  });

  it('clamps what it reads: an Int8 −128 to −127, unknown button bits cleared', () => {
    const message = new Uint8Array([7, 0, 0, 0, 1, 0x80, 0x7f, 0xff]);
    const input = new Int8Array(3);
    readInput(message, 0, input, 0);
    expect([...input]).toEqual([-127, 127, BUTTON_BOOST]);
  });

  it('names what is wrong with a message of the wrong shape, and never throws', () => {
    const shaped = (count: number, length: number) => {
      const m = new Uint8Array(length);
      m[4] = count;
      return m;
    };
    expect(checkInputMessage('hello')).toBe('malformed');
    expect(checkInputMessage({ tick: 1 })).toBe('malformed');
    expect(checkInputMessage(undefined)).toBe('malformed');
    expect(checkInputMessage(new Uint8Array(4))).toBe('malformed');
    expect(checkInputMessage(shaped(0, 5))).toBe('malformed');
    expect(checkInputMessage(shaped(2, 10))).toBe('malformed');
    expect(checkInputMessage(shaped(2, 12))).toBe('malformed');
    expect(checkInputMessage(shaped(MAX_INPUTS_PER_MESSAGE + 1, MAX_INPUT_MESSAGE_BYTES))).toBe(
      'malformed',
    );
    expect(checkInputMessage(shaped(2, 11))).toBe('ok');
    expect(checkInputMessage(shaped(16, MAX_INPUT_MESSAGE_BYTES))).toBe('ok');
    expect(checkInputMessage(new Uint8Array(MAX_INPUT_MESSAGE_BYTES + 1))).toBe('oversize');
  });

  it('writes the message and nothing past it, and counts a short message as having no inputs', () => {
    const inputs = new Int8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const out = new Uint8Array(20).fill(0xee);
    expect(writeInputMessage(out, 41, inputs, 2)).toBe(11);
    expect([...out.subarray(4, 12)]).toEqual([2, 7, 8, 9, 4, 5, 6, 0xee]);
    expect(out.subarray(11).every((b) => b === 0xee)).toBe(true);
    for (let length = 0; length < 5; length++) {
      expect(checkInputMessage(new Uint8Array(length).fill(1))).toBe('malformed');
    }
  });

  it('writes and reads u32 little-endian over the whole range', () => {
    const bytes = new Uint8Array(8);
    for (const value of [0, 1, 255, 256, 65_535, 2 ** 31, 2 ** 32 - 1]) {
      writeUint32(bytes, 3, value);
      expect(readUint32(bytes, 3)).toBe(value);
    }
    expect([...bytes.subarray(3, 7)]).toEqual([255, 255, 255, 255]);
  });
});
