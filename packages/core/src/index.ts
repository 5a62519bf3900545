export { type BasicLoop, type BasicLoopOptions, createBasicLoop } from './basic-loop.js';
export { lerpArray, slerpArray } from './blend/batch.js';
export { type BlendKind, Interpolated } from './blend/interpolated.js';
export { composeMatrices } from './blend/matrix.js';
export { nlerp, nlerpFlat, slerp, slerpFlat } from './blend/quat.js';
export { extrapolate, lerp, lerpAngle } from './blend/scalar.js';
export { extrapolateVec3, lerpVec2, lerpVec3, type ReadonlyVec, type Vec } from './blend/vec.js';
export * from './dom/index.js';
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
export { RecordingError } from './replay/error.js';
export { hashNumbers } from './replay/hash.js';
export { Playback, replayAll } from './replay/playback.js';
export { Recorder, type RecorderOptions } from './replay/recorder.js';
export { Recording, type RecordingParts } from './replay/recording.js';
export {
  type FrameCallback,
  manualScheduler,
  rafScheduler,
  type Scheduler,
  type TimerSchedulerOptions,
  timerScheduler,
} from './run/scheduler.js';
export { FrameStats } from './stats.js';
export { Clock, type ClockOptions } from './time/clock.js';
export { Pacer } from './time/pacer.js';
export { UNITS_PER_STEP } from './time/ticks.js';
