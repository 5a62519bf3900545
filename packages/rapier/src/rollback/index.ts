/**
 * `@loop/rapier/rollback`: a Rapier world as the opaque game of `@loop/net/rollback`'s
 * `RollbackSession` and `SyncTestSession` (snapshots for save and load, bodies found again by
 * handle, poses as the part a desync names, a checksum of the rest). Imports only types of
 * `@loop/net`, and no Rapier: the game hands in the world of the build it uses (the
 * deterministic one for peers on different machines).
 *
 * @module @loop/rapier/rollback
 */
export type { ChecksumSource, RapierRollbackOptions } from './options.js';
export { POSE_STRIDE, RapierRollback, VELOCITY_STRIDE } from './rapier-rollback.js';
export type { RollbackBody, RollbackWorld } from './rollback-types.js';
export { hashSnapshot } from './snapshot-hash.js';
