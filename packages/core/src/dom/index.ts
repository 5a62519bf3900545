/**
 * Browser glue every template needs, kept here so no template carries its own copy: canvas
 * sizing for the device pixel ratio, a stats overlay, and input sampled once per fixed step.
 */
export {
  type CanvasSize,
  canvasSize,
  type FitCanvasOptions,
  fitCanvas,
  pixelRatio,
  watchCanvas,
} from './canvas.js';
export {
  createInput,
  Input,
  type InputOptions,
  InputSnapshot,
  PointerSnapshot,
} from './input.js';
export {
  createStatsOverlay,
  type StatsOverlay,
  type StatsOverlayOptions,
  type StatsSource,
} from './overlay.js';
export { createScope, type Scope } from './scope.js';
