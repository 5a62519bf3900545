/**
 * `@loop/rapier/three`: Rapier's bodies drawn with three.js: a run of bodies as one
 * `InstancedMesh` (`InstancedBodies`), a camera that follows a body's blended pose
 * (`ChaseCamera`), and the page's renderer around the game's drawing (`threePageView`). An
 * entry of its own, so a game that draws another way (or a worker, which draws nothing) never
 * imports three.
 *
 * @module @loop/rapier/three
 */
export type { FrameTime } from '../frame-time.js';
export { ChaseCamera, type ChaseCameraOptions } from './chase-camera.js';
export { InstancedBodies } from './instanced-bodies.js';
export {
  type RendererLike,
  type ThreeDrawing,
  type ThreePageViewOptions,
  threePageView,
} from './page-view.js';
