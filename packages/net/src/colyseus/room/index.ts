/**
 * The room side of a Colyseus 0.16 game server: `@loop/net/server`'s room driver plugged into a
 * Colyseus Room (the message gate before Colyseus decodes, join options in onAuth, reconnection,
 * dispose when nobody joins), and the operators' view of its live rooms.
 */
export { buffered, ColyseusPeer } from './colyseus-peer.js';
export {
  type ColyseusSeat,
  FixedStepRoom,
  type FixedStepRoomClass,
  fixedStepRoom,
  type LiveRoom,
} from './fixed-step-room.js';
export { GuardedRoom } from './guarded-room.js';
export { liveRoomsSource } from './live-rooms.js';
export { type Gate, gate, MAX_GATE_TYPE } from './message-gate.js';
