/**
 * `@loop/core`: what a game needs on day one. The loops (`createLoop`, `createBasicLoop`), the
 * clock every loop runs on (`Clock`, for a loop of your own), state blending for render (and
 * `SnapshotBuffer`, for snapshots from a worker or a server), and a
 * seeded random for simulations that must replay. Record and replay are in
 * `@loop/core/replay`; the browser helpers (canvas, input, overlay, page styles, scope) in
 * `@loop/core/dom`.
 *
 * @module @loop/core
 */
export { type BasicLoop, type BasicLoopOptions, createBasicLoop } from './basic-loop.js';
export { lerpArray, slerpArray } from './blend/batch.js';
export { type BlendKind, Interpolated } from './blend/interpolated.js';
export { composeMatrices } from './blend/matrix.js';
export { nlerp, nlerpFlat, slerp, slerpFlat } from './blend/quat.js';
export { extrapolate, lerp, lerpAngle } from './blend/scalar.js';
export { type SampleKind, SnapshotBuffer } from './blend/snapshot-buffer.js';
export { extrapolateVec3, lerpVec2, lerpVec3, type ReadonlyVec, type Vec } from './blend/vec.js';
export { createLoop, type Loop } from './loop.js';
export {
  DEFAULTS,
  type DropReason,
  type LoopOptions,
  type LoopState,
  MAX_TIME_SCALE,
  MIN_TIMESTEP,
  type OverflowPolicy,
  type ResolvedOptions,
  type StepMode,
} from './options.js';
export { Random } from './random.js';
export type { FrameCallback, Scheduler } from './run/scheduler.js';
export { FrameStats } from './stats.js';
export { Clock, type ClockOptions } from './time/clock.js';
