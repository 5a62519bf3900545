/**
 * Simulation in a worker, `@loop/core/worker`: the fixed-step loop runs in a dedicated worker
 * (`serveSimulation`) and the page draws it (`createWorkerLoop`), so a long task on the page
 * neither drops nor bursts a step. After each step the worker publishes a snapshot (the game's
 * typed arrays, the state before and after the step) that the page can never see torn:
 * through a `SharedArrayBuffer` triple buffer on a cross-origin isolated page, through
 * transferred `ArrayBuffer`s elsewhere, with the same results. An entry of its own so a game
 * on the main thread ships none of it.
 *
 * @module @loop/core/worker
 */
export { WorkerHealth } from './health.js';
export type { FieldSpec, Fields, SnapshotLayout } from './layout.js';
export { createWorkerLoop, type WorkerLoop } from './page.js';
export type { Snapshot, WorkerLike, WorkerLoopOptions } from './page-options.js';
export type { Port, Simulation, SimulationContext } from './protocol.js';
export { type ServeOptions, serveSimulation } from './serve.js';
export type { Transport } from './transport.js';
