import { Protocol } from '@colyseus/core';

/**
 * What a room lets through to Colyseus of a client's WebSocket message, read before Colyseus
 * decodes any of it. Colyseus 0.16 trusts what it reads: a message typed with the name of its
 * own fallback handler (`__no_message_handler`) had a stranger's text written into a close
 * reason, which `ws` refuses by throwing inside its socket listener, and the process exits; an
 * undecodable msgpack body prints a stack trace a message. So a room speaking raw bytes under
 * small numbered types reads the frame's first two bytes itself and passes on only:
 *
 * - `ack`: the join acknowledgement (JOIN_ROOM), from a client still joining;
 * - `leave`: a client leaving (LEAVE_ROOM);
 * - `data`: bytes (ROOM_DATA_BYTES) under a type the room takes, from a client that has joined.
 *
 * Everything else is `unknown` (a type the room does not take, or a name) or `malformed` (not
 * a frame of the protocol, msgpack where bytes belong, data before the acknowledgement, a second
 * acknowledgement), which the room refuses and counts without Colyseus reading a byte of it.
 */
export type Gate = 'ack' | 'leave' | 'data' | 'unknown' | 'malformed';

/** Message types a room can take through the gate: one-byte positive integers (msgpack fixint). */
export const MAX_GATE_TYPE = 0x7f;

/**
 * Sorts one message. `types` lists the numbered types the room takes (each 0 to
 * {@link MAX_GATE_TYPE}); `joined` says the client has acknowledged its join.
 */
export function gate(message: unknown, types: readonly number[], joined: boolean): Gate {
  if (!(message instanceof Uint8Array) || message.byteLength === 0) return 'malformed';
  const code = message[0];
  if (code === Protocol.JOIN_ROOM) return joined || message.byteLength !== 1 ? 'malformed' : 'ack';
  if (code === Protocol.LEAVE_ROOM) return 'leave';
  if (code !== Protocol.ROOM_DATA_BYTES && code !== Protocol.ROOM_DATA) return 'malformed';
  // The type: a number below 0x80 is its own one-byte encoding; any other first byte is a
  // string, a longer number, or nothing at all (a frame of one byte).
  const type = message[1];
  if (type === undefined || type > MAX_GATE_TYPE || !types.includes(type)) return 'unknown';
  return code === Protocol.ROOM_DATA || !joined ? 'malformed' : 'data';
}
