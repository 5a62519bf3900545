import { Protocol } from '@colyseus/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED } from '../../test-support.js';
import { gate, MAX_GATE_TYPE } from './message-gate.js';

const TYPES = [1, 2, MAX_GATE_TYPE];
const { JOIN_ROOM, LEAVE_ROOM, ROOM_DATA, ROOM_DATA_BYTES } = Protocol;
const of = (...bytes: number[]) => new Uint8Array(bytes);

describe('gate', () => {
  it('passes the join acknowledgement once, alone, from a client still joining', () => {
    expect(gate(of(JOIN_ROOM), TYPES, false)).toBe('ack');
    expect(gate(of(JOIN_ROOM), TYPES, true)).toBe('malformed');
    expect(gate(of(JOIN_ROOM, 0), TYPES, false)).toBe('malformed');
  });

  it('passes a leave, joined or not', () => {
    expect(gate(of(LEAVE_ROOM), TYPES, true)).toBe('leave');
    expect(gate(of(LEAVE_ROOM), TYPES, false)).toBe('leave');
  });

  it("passes bytes of the room's types from a joined client, with or without a payload", () => {
    for (const type of TYPES) expect(gate(of(ROOM_DATA_BYTES, type, 9), TYPES, true)).toBe('data');
    expect(gate(of(ROOM_DATA_BYTES, 1), TYPES, true)).toBe('data');
    expect(gate(of(ROOM_DATA_BYTES, 1, 9), TYPES, false)).toBe('malformed'); // before its ack
  });

  it('calls other types unknown: numbers it does not take, names, longer encodings, none', () => {
    const names = [0xa0 | 1, 0x61]; // "a", a fixstr
    for (const code of [ROOM_DATA_BYTES, ROOM_DATA]) {
      expect(gate(of(code, 3), TYPES, true)).toBe('unknown');
      expect(gate(of(code, ...names), TYPES, true)).toBe('unknown');
      expect(gate(of(code, 0x80), TYPES, true)).toBe('unknown');
      expect(gate(of(code, 0xcc, 1), TYPES, true)).toBe('unknown');
      expect(gate(of(code), TYPES, true)).toBe('unknown');
    }
    expect(gate(of(ROOM_DATA_BYTES, 0x80), [0x80], true)).toBe('unknown');
  });

  it("calls msgpack under the room's own type malformed, and anything not a frame of the protocol", () => {
    expect(gate(of(ROOM_DATA, 1, 0x90), TYPES, true)).toBe('malformed');
    for (const code of [0, 11, 14, 15, 16, 18, 255]) {
      expect(gate(of(code, 1), TYPES, true)).toBe('malformed');
    }
    for (const message of [new Uint8Array(0), 'text', [17, 1], undefined, new ArrayBuffer(2)]) {
      expect(gate(message, TYPES, true)).toBe('malformed');
    }
  });

  it('property: any bytes get one of its five answers, data only for a type it takes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 8 }), fc.boolean(), (bytes, joined) => {
        const verdict = gate(bytes, TYPES, joined);
        expect(['ack', 'leave', 'data', 'unknown', 'malformed']).toContain(verdict);
        if (verdict === 'data') expect(TYPES).toContain(bytes[1]);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
