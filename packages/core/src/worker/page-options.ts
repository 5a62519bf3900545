import {
  checkFunction,
  checkMaxDelta,
  checkMaxFps,
  checkMaxSteps,
  checkOptions,
  checkOverflow,
  checkTimeScale,
  checkTimestep,
} from '../checks.js';
import { checkKnownOptions } from '../known-options.js'; // development build only
import type { LoopState, OverflowPolicy } from '../options.js';
import type { Scheduler } from '../run/scheduler.js';
import { show } from '../show.js';
import { type Fields, planSlot, type SlotPlan, type SnapshotLayout } from './layout.js';
import type { WorkerTimeOptions } from './protocol.js';
import type { Transport } from './transport.js';

/** A dedicated worker as the page sees it: a `Worker` is one. */
export interface WorkerLike {
  /** Sends the worker a message: options, input, control, and buffers given back to it. */
  postMessage(message: unknown, transfer?: Transferable[]): void;
  /** Listens for the worker's snapshots, messages and errors. */
  addEventListener(type: string, listener: (event: Event) => void): void;
  /** Stops listening, when the loop is disposed. */
  removeEventListener(type: string, listener: (event: Event) => void): void;
  /** Ends the worker, when the loop is disposed: a hot update never leaves two running. */
  terminate(): void;
}

/**
 * The two states around the render time, as the page's render hook gets them. The same object
 * every frame, and `prev` and `curr` hold the same typed arrays every frame on either
 * transport: the page copies each new snapshot into them, so an array kept after its render
 * reads the newest snapshot the page took (a later tick), never half of one nor an emptied
 * buffer. Copy the numbers of a frame you want to remember.
 */
export interface Snapshot<L extends SnapshotLayout = SnapshotLayout> {
  /** The state before the newest step (equal to `curr` after a jump). */
  readonly prev: Fields<L>;
  /** The newest state. */
  readonly curr: Fields<L>;
  /** Ticks the worker had run at `curr`. */
  readonly tick: number;
  /** Simulated seconds at `curr`: `tick × timestep`. */
  readonly time: number;
  /** The sequence number of the last input the worker had applied at `curr` (0: none yet). */
  readonly inputSeq: number;
  /** When the worker published it, in the page's `performance.now()` milliseconds. */
  readonly publishedAt: number;
}

/** Options of {@link createWorkerLoop}. Time options are in milliseconds, as for `createLoop`. */
export interface WorkerLoopOptions<L extends SnapshotLayout = SnapshotLayout> {
  /** The worker that runs `serveSimulation`: `new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module' })`. */
  worker: WorkerLike;
  /** What a snapshot holds; the worker's `write` fills it. */
  snapshot: L;
  /** Numbers of input the page sends, sampled every frame by `sample`. Default 0. */
  input?: number;
  /**
   * Fills `input` with this frame's input (held keys as 0/1, a stick's axes, presses as
   * running counts so none is lost between two steps). Sent to the worker when it changed.
   */
  sample?: (input: Float64Array, loop: LoopState) => void;
  /** Draws the two states around the render time, blended at `alpha` in [0, 1]. */
  render?: (snapshot: Snapshot<L>, alpha: number) => void;
  /** An error in the worker (setup, a step) or in a page hook: the loop has stopped. */
  onError?: (error: unknown) => void;
  /** A message of the game's own from the simulation's `post`. */
  onMessage?: (data: unknown) => void;
  /** Data for the simulation's setup (structured-cloned). */
  init?: unknown;
  /** `auto` (the default): `shared` on a cross-origin isolated page, `message` elsewhere. */
  transport?: 'auto' | Transport;
  timestep?: number;
  maxDelta?: number;
  maxSteps?: number;
  overflow?: OverflowPolicy;
  timeScale?: number;
  /** Cap on frames the page renders; the worker steps at the step rate regardless. */
  maxFps?: number;
  /** Who calls the page's frames: as for `createLoop`. Default `raf`. */
  scheduler?: 'raf' | 'timer' | 'manual' | Scheduler;
  /** Pause the worker too while the page is hidden. Default true in a browser. */
  pauseWhenHidden?: boolean;
}

/** The options after checks and defaults. */
export interface CheckedWorkerOptions<L extends SnapshotLayout> {
  readonly given: WorkerLoopOptions<L>;
  readonly time: WorkerTimeOptions;
  readonly plan: SlotPlan;
  readonly inputLength: number;
  readonly transport: Transport;
  readonly maxFps: number;
}

/** True where shared memory can reach a worker: a cross-origin isolated page (or Node). */
function canShare(): boolean {
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated;
  return typeof SharedArrayBuffer === 'function' && isolated !== false;
}

function pickTransport(choice: unknown): Transport {
  if (choice === undefined || choice === 'auto') {
    return canShare() && typeof document !== 'undefined' ? 'shared' : 'message';
  }
  if (choice === 'message') return 'message';
  if (choice !== 'shared') {
    throw new RangeError(
      `worker loop option transport must be one of "auto", "shared", "message", got ${show(choice)}`,
    );
  }
  if (!canShare()) {
    throw new RangeError(
      'worker loop option transport "shared" needs SharedArrayBuffer, which a page has only when ' +
        'cross-origin isolated (Cross-Origin-Opener-Policy: same-origin and ' +
        'Cross-Origin-Embedder-Policy: require-corp); use "auto" to fall back to "message"',
    );
  }
  return 'shared';
}

/** Checks every option once, when the loop is made (RangeError or TypeError naming it). */
export function checkWorkerOptions<L extends SnapshotLayout>(
  options: WorkerLoopOptions<L>,
): CheckedWorkerOptions<L> {
  const given = checkOptions(options) as WorkerLoopOptions<L>;
  checkKnownOptions(given, 'createWorkerLoop'); // development build only
  const worker = given.worker;
  if (typeof worker?.postMessage !== 'function' || typeof worker.terminate !== 'function') {
    throw new TypeError(`worker loop option worker must be a Worker, got ${show(worker)}`);
  }
  const inputLength = given.input ?? 0;
  if (!Number.isInteger(inputLength) || inputLength < 0) {
    throw new RangeError(
      `worker loop option input must be a whole number >= 0, got ${show(inputLength)}`,
    );
  }
  for (const hook of ['sample', 'render', 'onError', 'onMessage'] as const) {
    if (given[hook] !== undefined) checkFunction(hook, given[hook]);
  }
  return {
    given,
    plan: planSlot(given.snapshot),
    inputLength,
    transport: pickTransport(given.transport),
    maxFps: given.maxFps === undefined ? Infinity : checkMaxFps(given.maxFps),
    time: {
      timestep: checkTimestep(given.timestep),
      maxDelta: checkMaxDelta(given.maxDelta),
      maxSteps: checkMaxSteps(given.maxSteps),
      overflow: checkOverflow(given.overflow),
      timeScale: given.timeScale === undefined ? 1 : checkTimeScale(given.timeScale),
    },
  };
}
