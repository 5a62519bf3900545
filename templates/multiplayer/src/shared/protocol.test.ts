import { describe, expect, it } from 'vitest';
import { BUTTON_BOOST } from './input';
import { wire } from './protocol';
import { SNAPSHOT_BYTES } from './snapshot';

describe("the arena's wire", () => {
  it('sends 3-byte inputs, up to 16 a message, and 228-byte snapshots', () => {
    expect(wire.maxInputMessageBytes).toBe(5 + 16 * 3);
    expect(wire.maxTicksAhead).toBe(120);
    expect(wire.snapshotBytes).toBe(SNAPSHOT_BYTES);
    expect(SNAPSHOT_BYTES).toBe(228);
  });

  it('clamps what it reads: an Int8 −128 to −127, unknown button bits cleared', () => {
    const message = new Uint8Array([7, 0, 0, 0, 1, 0x80, 0x7f, 0xff]);
    const input = new Int8Array(3);
    wire.readInput(message, 0, input, 0);
    expect([...input]).toEqual([-127, 127, BUTTON_BOOST]);
  });
});
