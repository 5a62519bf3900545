import { hashNumbers } from '@loop/core/replay';
import { defineWire } from '../wire/define-wire.js';
import { SNAPSHOT_HEADER_BYTES } from '../wire/snapshot-frame.js';
import type { NetGame } from './net-game.js';
import type { Peer, PeerState } from './peer.js';

/**
 * Test support (not code under test): the smallest game the room side can host, so its tests
 * say nothing of any arena. Four seats; an input is two bytes (dx, dy, clamped to ±100); the
 * state is each seat's position, moved by its input every step, and a crate the seed places.
 */
export interface TestState {
  /** x, y of each seat's player, then of the crate. */
  readonly positions: Int32Array;
  readonly present: Uint8Array;
}

export const TEST_SEATS = 4;
export const TEST_INPUT_BYTES = 2;
export const TEST_TICK_RATE = 60;
/** The body: a present bit per seat, the inputs in force, then every position (the seats', the crate's) as i32. */
const BODY = 1 + TEST_SEATS * TEST_INPUT_BYTES + (TEST_SEATS + 1) * 2 * 4;

/** The test game's wire: 60 Hz, two input bytes clamped to ±100. */
export const testWire = defineWire({
  tickRate: TEST_TICK_RATE,
  inputBytes: TEST_INPUT_BYTES,
  snapshotBodyBytes: BODY,
  sanitizeInput(inputs, at) {
    for (let k = 0; k < TEST_INPUT_BYTES; k++) {
      inputs[at + k] = Math.max(-100, Math.min(100, inputs[at + k]!));
    }
  },
});

const frame = testWire.createSnapshotFrame();
const reader = testWire.createSnapshotFrame();
const header = { tick: 0, ack: 0, missed: 0, slot: 0 };
const AT = SNAPSHOT_HEADER_BYTES;

/** The test game, as a room declares it. */
export const testGame: NetGame<TestState> = {
  wire: testWire,
  maxPlayers: TEST_SEATS,
  build: 'test-1',
  create: (seed) => {
    const state = {
      positions: new Int32Array((TEST_SEATS + 1) * 2),
      present: new Uint8Array(TEST_SEATS),
    };
    state.positions[TEST_SEATS * 2] = seed; // the crate, laid out from the seed
    return state;
  },
  join(state, slot) {
    state.present[slot] = 1;
    state.positions[slot * 2] = slot * 1000;
    state.positions[slot * 2 + 1] = 0;
  },
  leave(state, slot) {
    state.present[slot] = 0;
    state.positions.fill(0, slot * 2, slot * 2 + 2);
  },
  step(state, inputs) {
    for (let p = 0; p < TEST_SEATS; p++) {
      if (state.present[p] !== 1) continue;
      state.positions[p * 2] = state.positions[p * 2]! + inputs[p * 2]!;
      state.positions[p * 2 + 1] = state.positions[p * 2 + 1]! + inputs[p * 2 + 1]!;
    }
  },
  encode(state, inputs, tick) {
    const view = frame.begin(tick);
    let mask = 0;
    for (let p = 0; p < TEST_SEATS; p++) mask |= state.present[p]! << p;
    view.setUint8(AT, mask);
    for (let i = 0; i < inputs.length; i++) view.setInt8(AT + 1 + i, inputs[i]!);
    const from = AT + 1 + inputs.length;
    for (let i = 0; i < state.positions.length; i++) {
      view.setInt32(from + i * 4, state.positions[i]!, true);
    }
    return frame;
  },
  decode(snapshot, state) {
    if (!reader.read(snapshot, header)) return false;
    const view = reader.view;
    const mask = view.getUint8(AT);
    for (let p = 0; p < TEST_SEATS; p++) state.present[p] = (mask >> p) & 1;
    const from = AT + 1 + TEST_SEATS * TEST_INPUT_BYTES;
    for (let i = 0; i < state.positions.length; i++) {
      state.positions[i] = view.getInt32(from + i * 4, true);
    }
    return true;
  },
  hash: (state) => hashNumbers(state.positions, hashNumbers(state.present)),
};

/** An input message of the test game for `tick`, newest first: each input [dx, dy]. */
export function testInput(tick: number, ...inputs: number[][]): Uint8Array {
  const out = new Uint8Array(testWire.inputMessageBytes(inputs.length));
  const table = new Int8Array(inputs.length * TEST_INPUT_BYTES);
  // writeInputMessage takes them oldest first.
  for (const [i, input] of inputs.entries()) {
    table.set(input, (inputs.length - 1 - i) * TEST_INPUT_BYTES);
  }
  testWire.writeInputMessage(out, tick, table, inputs.length);
  return out;
}

/** A peer in memory: what it was sent, how it was closed, how much it has unsent. */
export class TestPeer implements Peer {
  state: PeerState = 'joining';
  readonly sent: { type: number; bytes: Uint8Array }[] = [];
  closed: { code: number; reason: string } | undefined;
  terminated = false;
  unsent = 0;
  constructor(readonly id: string) {}
  send(type: number, bytes: Uint8Array): void {
    this.sent.push({ type, bytes: bytes.slice() });
  }
  close(code: number, reason: string): void {
    this.closed = { code, reason };
  }
  terminate(): void {
    this.terminated = true;
  }
  buffered(): number {
    return this.unsent;
  }
  /** The messages of `type` it was sent. */
  of(type: number): Uint8Array[] {
    return this.sent.filter((m) => m.type === type).map((m) => m.bytes);
  }
}
