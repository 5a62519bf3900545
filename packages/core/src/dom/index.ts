/**
 * Browser glue every template needs, kept here so no template carries its own copy: canvas
 * sizing for the device pixel ratio, a stats overlay, input sampled once per fixed step, the
 * page and HUD styles, and a scope that stops everything a module started.
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
export { type PageElements, stylePage } from './page.js';
export { createScope, type Scope } from './scope.js';
