import { TICK_RATE } from './arena';
import { BUTTON_MASK, clampStick, INPUT_BYTES } from './input';

/**
 * What goes over the wire besides snapshots (snapshot.ts): message types, the input message,
 * pings, close codes and the limits a server enforces. Every message is raw bytes
 * (`room.sendBytes`), laid out here once for both ends; little-endian throughout.
 */

/** Colyseus message types, numbers so they cost one byte. */
export const MSG_INPUT = 1;
export const MSG_PING = 2;
export const MSG_SNAPSHOT = 3;
export const MSG_PONG = 4;

/**
 * Inputs per message at most: a message carries the newest tick's input and the ones before it
 * not yet acknowledged, so a lost packet loses nothing ("Fast-Paced Multiplayer", Gabriel
 * Gambetta; Glenn Fiedler's "Deterministic Lockstep" sends redundant inputs the same way).
 */
export const MAX_INPUTS_PER_MESSAGE = 16;
/** The input message's header: the newest input's tick (u32) and the count (u8). */
export const INPUT_HEADER_BYTES = 5;
/** The largest input message a client may send; a larger one closes the connection. */
export const MAX_INPUT_MESSAGE_BYTES = INPUT_HEADER_BYTES + MAX_INPUTS_PER_MESSAGE * INPUT_BYTES;
/** Inputs further ahead of the server's tick than this (2 s) are ignored, never buffered. */
export const MAX_TICKS_AHEAD = TICK_RATE * 2;
/** Ping and pong payloads: the client's send time, then (pong) the server's time, as f64 ms. */
export const PING_BYTES = 8;
export const PONG_BYTES = 16;

/** Close codes (4000–4999 are the application's): a client can tell the user why it was dropped. */
export const CLOSE_OVERSIZE = 4413;
export const CLOSE_MALFORMED = 4400;
/** More messages than its budget allows, for long (server/guards.ts). */
export const CLOSE_FLOOD = 4429;
/** Malformed messages a client may send before it is disconnected with {@link CLOSE_MALFORMED}. */
export const MAX_STRIKES = 10;

/**
 * Writes an input message into `out` (at least 5 + 3 × count bytes): `inputs` holds one input
 * per tick, oldest first, the last one for `newestTick`; the message carries the newest `count`
 * of them, newest first. Returns the message's length in bytes.
 */
export function writeInputMessage(
  out: Uint8Array,
  newestTick: number,
  inputs: Int8Array,
  count: number,
): number {
  writeUint32(out, 0, newestTick);
  out[4] = count;
  const last = inputs.length / INPUT_BYTES - 1;
  for (let i = 0; i < count; i++) {
    for (let k = 0; k < INPUT_BYTES; k++) {
      // A Uint8Array stores an Int8's bits: −1 as 255, read back by readInput.
      out[INPUT_HEADER_BYTES + i * INPUT_BYTES + k] = inputs[(last - i) * INPUT_BYTES + k]!;
    }
  }
  return INPUT_HEADER_BYTES + count * INPUT_BYTES;
}

/**
 * Why an input message was refused, or `ok`. `oversize` and `malformed` cannot come from this
 * template's client; `late` (every input for a tick already stepped) and `early` (further ahead
 * than {@link MAX_TICKS_AHEAD}) can, over a bad network or with a clock estimate still settling.
 */
export type InputVerdict = 'ok' | 'oversize' | 'malformed' | 'late' | 'early';

/**
 * Reads the input message's header, checking its shape: a message of any other length than its
 * count says, or with a count of 0 or over {@link MAX_INPUTS_PER_MESSAGE}, is `malformed`; over
 * {@link MAX_INPUT_MESSAGE_BYTES}, `oversize`. Never throws: it reads bytes a stranger sent.
 */
export function checkInputMessage(message: unknown): InputVerdict {
  if (!(message instanceof Uint8Array)) return 'malformed';
  if (message.byteLength > MAX_INPUT_MESSAGE_BYTES) return 'oversize';
  // No count (shorter than a header) or a count of 0 is malformed; a count over
  // MAX_INPUTS_PER_MESSAGE needs more bytes than an oversize message, so the length refuses it.
  const count = message[4] ?? 0;
  if (count === 0) return 'malformed';
  return message.byteLength === INPUT_HEADER_BYTES + count * INPUT_BYTES ? 'ok' : 'malformed';
}

/** The newest tick of a checked input message. */
export function newestTickOf(message: Uint8Array): number {
  return readUint32(message, 0);
}

/** Writes a little-endian u32 without a DataView (one would be allocated per message). */
export function writeUint32(out: Uint8Array, at: number, value: number): void {
  out[at] = value;
  out[at + 1] = value >>> 8;
  out[at + 2] = value >>> 16;
  out[at + 3] = value >>> 24;
}

/** Reads a little-endian u32 written by {@link writeUint32}. */
export function readUint32(bytes: Uint8Array, at: number): number {
  return (
    (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0
  );
}

/**
 * Copies input `i` (0 is the newest) of a checked message into `out` at `at`, clamped into
 * range (an Int8 stick of −128 becomes −127, unknown button bits are cleared).
 */
export function readInput(message: Uint8Array, i: number, out: Int8Array, at: number): void {
  const from = INPUT_HEADER_BYTES + i * INPUT_BYTES;
  out[at] = clampStick((message[from]! << 24) >> 24);
  out[at + 1] = clampStick((message[from + 1]! << 24) >> 24);
  out[at + 2] = message[from + 2]! & BUTTON_MASK;
}
