/**
 * `@loop/net/server`: the room side with no transport. A fixed-step room driver over the game's
 * own state and input layout, the input queue with redundant inputs, seats with reconnection,
 * the guards (message budget, strikes, slow readers, join timeout, rate-limited log), join
 * option checks, and session recording with bit-exact replay. No Colyseus import: a transport
 * adapter (`@loop/net/colyseus`) or a test's in-memory link plugs peers into it.
 *
 * @module @loop/net/server
 */
export { CLOSE_ERROR, CLOSE_JOIN_TIMEOUT, closeReason, MAX_REASON_BYTES } from './close-reason.js';
export {
  type Admission,
  Budget,
  FLOOD_LIMIT,
  MAX_BUFFERED,
  MESSAGE_BURST,
  MESSAGES_PER_TICK,
  SLOW_SECONDS,
} from './guards.js';
export { InputQueue } from './input-queue.js';
export {
  checkJoinOptions,
  MAX_OPTION_KEYS,
  type OptionCheck,
  type OptionSpec,
  optionInteger,
  optionString,
} from './join-options.js';
export { DEFAULT_LIMITS, type Limits, resolveLimits } from './limits.js';
export { LinkPeer, serveLink } from './link-peer.js';
export { LogLimit } from './log-limit.js';
export { checkGame, inputsFor, type NetGame } from './net-game.js';
export type { Peer, PeerState } from './peer.js';
export { RoomDriver } from './room-driver.js';
export { type ResolvedRoomOptions, type RoomOptions, resolveRoomOptions } from './room-options.js';
export type { Guarded, Refused, RoomStats, Seat } from './seat.js';
export { replaySession, SessionRecorder } from './session-recorder.js';
export { SnapshotSender } from './snapshot-sender.js';
export { Warden, type WardenCounts } from './warden.js';
