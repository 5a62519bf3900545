/**
 * `@loop/rapier`: Rapier physics under `@loop/core`'s fixed step, what every Rapier game of this
 * kind needs. Every body's pose captured into typed arrays once per step and blended at alpha,
 * with teleports never smeared (`Poses`); the world as a replayable state whose keyframes are
 * Rapier's own `world.takeSnapshot()` (`WorldState`); the fixed step of a game with instant
 * replay (`RapierGame`); bodies put somewhere by hand, a respawn or a drop, at spots drawn from
 * the world's own state (`BodyPlacer`); worker mode (`poseLayout`, `writePoses`,
 * `blendSnapshot`, `replaySimulation`, the input as `ControlWords`); Rapier's WebAssembly loaded
 * with progress for the separate-file build and the `-compat` build alike (`wasmLoader`,
 * `compatLoader`, `showLoading`); the overlay's figures and the replay status line. No three.js
 * here (`@loop/rapier/three` draws) and no Rapier import: the game imports the build it wants
 * and hands its objects in.
 *
 * @module @loop/rapier
 */
export { compatLoader } from './compat-loader.js';
export { ControlReader, ControlWords, controlWordCount, wordsGame } from './control-words.js';
export { counted, type LoadProgress } from './counted.js';
export { type DrawnPoses, drawnPoses } from './drawn-poses.js';
export {
  type FigureSource,
  FiguresInbox,
  figuresText,
  noFigures,
  type PhysicsFigures,
  physicsFigures,
  type SnapshotFigures,
} from './figures.js';
export type { FrameTime } from './frame-time.js';
export {
  type LoadingElement,
  type LoadingView,
  loadingText,
  loadingView,
  showLoading,
} from './loading-line.js';
export { overlayLines } from './overlay-lines.js';
export { type PlaceableBody, placeAtRest } from './place.js';
export { BodyPlacer, type TurnableBody } from './placer.js';
export { Poses } from './poses.js';
export { RapierGame } from './rapier-game.js';
export type {
  BodyLike,
  BodyOf,
  QuaternionLike,
  Vector3Like,
  WorldClassLike,
  WorldLike,
} from './rapier-types.js';
export { type ReplayLoop, type ReplayLoopOptions, replayLoop } from './replay-loop.js';
export {
  type ReplayWorkerLoop,
  type ReplayWorkerLoopOptions,
  replayWorkerLoop,
} from './replay-page.js';
export { copyStatus, firstStatus, type ReplayStatus, statusOf } from './replay-status.js';
export {
  type ReplayGame,
  type ReplayReport,
  type ReplayRequest,
  type ReplaySimulationOptions,
  replaySimulation,
  type StartedGame,
} from './replay-worker.js';
export { TickRate } from './tick-rate.js';
export { type RapierLoader, type WasmBuild, type WasmSource, wasmLoader } from './wasm-loader.js';
export { blendSnapshot, type PoseLayout, poseLayout, writePoses } from './worker-poses.js';
export { WorldState } from './world-state.js';
