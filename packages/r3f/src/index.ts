/**
 * `@loop/r3f`: a fixed-step loop for React Three Fiber on `@loop/core`. `<FixedLoop>` inside
 * `<Canvas>`; `useFixedUpdate` for the simulation, `useFixedRender` for drawing with `alpha`;
 * `useInterpolatedObject` and `useInterpolatedInstances` to draw bodies between steps;
 * `useInstantReplay` for instant replay and recordings of the game stepped under `<FixedLoop>`;
 * `<WorkerLoop>` for the same hooks over a simulation stepped in a worker.
 *
 * @module @loop/r3f
 */
export type { FixedRender, FixedUpdate } from './context.js';
export { DRIVER_PRIORITY, FixedLoop, type FixedLoopProps } from './fixed-loop.js';
export { REPLAY_SPEED_PRIORITY, useInstantReplay } from './instant-replay.js';
export {
  type InstanceLayout,
  InterpolatedInstances,
  useInterpolatedInstances,
} from './interpolated-instances.js';
export { InterpolatedPose, useInterpolatedObject } from './interpolated-object.js';
export { useFixedRender, useFixedUpdate } from './use-fixed-update.js';
export { WorkerLoop, type WorkerLoopProps } from './worker-loop.js';
