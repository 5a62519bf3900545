/**
 * `@loop/core/dom`: browser glue every template needs, kept here so no template carries its
 * own copy: canvas sizing for the device pixel ratio (`watchCanvas`; `fitCanvas`, `canvasSize`
 * and `pixelRatio` are its building blocks, for a canvas sized once or by hand), a stats
 * overlay that folds away, input sampled once per fixed step (`createInput`, on-screen buttons
 * included), the page and HUD styles, a camera distance that frames a scene at any aspect
 * ratio (`fitDistance`), a scope that stops everything a module started, and a message in the
 * page where WebGL cannot start (`requireWebGL`).
 *
 * @module @loop/core/dom
 */
export {
  type CanvasSize,
  canvasSize,
  type FitCanvasOptions,
  fitCanvas,
  pixelRatio,
  watchCanvas,
} from './canvas.js';
export { fitDistance } from './fit-camera.js';
export {
  createInput,
  type Input,
  type InputOptions,
  InputSnapshot,
  type PointerSnapshot,
} from './input.js';
export {
  createStatsOverlay,
  type StatsOverlay,
  type StatsOverlayOptions,
  type StatsSource,
} from './overlay.js';
export { type PageElements, stylePage } from './page.js';
export { createScope, type Scope } from './scope.js';
export {
  NO_WEBGL_MESSAGE,
  type RequireWebGLOptions,
  requireWebGL,
  webglAvailable,
} from './webgl.js';
