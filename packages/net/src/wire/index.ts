/**
 * The wire every game on `@loop/net` speaks: message types and close codes, the input message
 * with redundant inputs, and the snapshot's framing, sized by the game's own layout.
 */
export { readUint32, writeUint32 } from './bytes.js';
export { defineWire, type InputVerdict, Wire, type WireOptions } from './define-wire.js';
export {
  CLOSE_FLOOD,
  CLOSE_MALFORMED,
  CLOSE_OVERSIZE,
  INPUT_HEADER_BYTES,
  MAX_STRIKES,
  MSG_INPUT,
  MSG_PING,
  MSG_PONG,
  MSG_SNAPSHOT,
  PING_BYTES,
  PONG_BYTES,
} from './messages.js';
export {
  NO_SLOT,
  SNAPSHOT_HEADER_BYTES,
  SnapshotFrame,
  type SnapshotHeader,
} from './snapshot-frame.js';
