/**
 * `@loop/net/rollback`: rollback netcode on `@loop/core`'s fixed step, peer to peer, with no
 * transport of its own: a {@link RollbackSession} speaks to one `Link` per remote peer (a
 * WebRTC data channel, a WebSocket relay, a conditioned memory pair). The game gives its step,
 * its state as named typed arrays (or save/load for an opaque one such as a Rapier world) and
 * the session does the rest: input delay from the round trip, prediction, rollback, frame
 * advantage, leaving and rejoining, spectators, checksums of confirmed ticks, the sync test,
 * and a recording that replays bit for bit.
 *
 * @module @loop/net/rollback
 */
export { ConfirmedChecksums } from './checksums.js';
export type { SessionCounts, SessionState } from './core.js';
export { DesyncError, type DesyncReport, describeDesync } from './desync.js';
export {
  checkGame,
  isOpaque,
  MAX_INPUT_WORDS,
  MAX_PARTS,
  type PartArray,
  type RollbackGame,
  type StatePart,
} from './game.js';
export { StateHistory } from './history.js';
export { INPUT_RING, PlayerInputs } from './inputs.js';
export { ABSENT_LEAD } from './membership.js';
export {
  HISTORY_MARGIN,
  MAX_DELAY,
  MAX_PLAYERS,
  MAX_PREDICTION,
  MAX_REDUNDANCY,
  type PlayerEvent,
  type RollbackOptions,
} from './options.js';
export {
  MSG_RB_INPUT,
  MSG_RB_JOIN,
  MSG_RB_SPECTATE,
  MSG_RB_SPECTATOR_ACK,
  MSG_RB_STATE,
} from './packet.js';
export { MatchRecorder, type ReplayOptions, replayMatch } from './recording.js';
export { DELAY_INTERVAL, type PlayerStatus, RollbackSession, SYNC_SAMPLES } from './session.js';
export { Simulation, type SimulationCounts } from './simulation.js';
export { SpectatorFeed, type SpectatorOptions, SpectatorSession } from './spectator.js';
export { SyncCheck } from './sync-check.js';
export { type SyncTestOptions, SyncTestSession } from './sync-test-session.js';
export { chooseDelay, FrameAdvantage } from './time-sync.js';
