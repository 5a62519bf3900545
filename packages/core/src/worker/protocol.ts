import type { LoopState, OverflowPolicy } from '../options.js';
import type { Fields, SlotPlan, SnapshotLayout } from './layout.js';
import type { Transport } from './transport.js';

/**
 * The messages between a page's worker loop (page.ts) and the simulation it serves in the
 * worker (serve.ts). Internal: a game only sees `createWorkerLoop` and `serveSimulation`.
 */

/** The end of a message channel either side talks through: a `Worker`, or `self` in one. */
export interface Port {
  /** Sends the other side a message, moving the buffers in `transfer`. */
  postMessage(message: unknown, transfer?: Transferable[]): void;
  /** Listens for the other side's messages. */
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  /** Stops listening, when the simulation is closed. */
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** The loop options the worker runs with, checked on the page. */
export interface WorkerTimeOptions {
  readonly timestep: number;
  readonly maxDelta: number;
  readonly maxSteps: number;
  readonly overflow: OverflowPolicy;
  readonly timeScale: number;
}

/** The page's first message: everything the worker needs to set up. */
export interface InitMessage {
  readonly t: 'init';
  readonly options: WorkerTimeOptions;
  readonly layout: SnapshotLayout;
  readonly inputLength: number;
  readonly transport: Transport;
  /** The shared memories (shared transport only). */
  readonly snapshots?: SharedArrayBuffer;
  readonly inputs?: SharedArrayBuffer;
  /** The game's own setup data, as given to `createWorkerLoop`'s `init`. */
  readonly data: unknown;
}

/**
 * Numbers before the words of an input slot: the input's sequence number (1 for the first one
 * sent). The worker applies an input at its next step and stamps every snapshot with the
 * number of the input its step used, so the page knows the tick each input took effect at.
 */
export const INPUT_HEADER = 1;
/** Index of the input's sequence number. */
export const INPUT_SEQ = 0;

/** Bytes of an input slot of `length` words. */
export function inputSlotBytes(length: number): number {
  return (INPUT_HEADER + length) * 8;
}

/** An input slot: its header and the game's words. */
export interface InputView {
  readonly header: Float64Array;
  readonly words: Float64Array;
}

/** The views of the input slot at byte `at`. */
export function viewInput(length: number) {
  return (buffer: ArrayBufferLike, at: number): InputView => ({
    header: new Float64Array(buffer, at, INPUT_HEADER),
    words: new Float64Array(buffer, at + INPUT_HEADER * 8, length),
  });
}

/** What `serveSimulation`'s setup gets. */
export interface SimulationContext {
  /** The data given to `createWorkerLoop` as `init` (structured-cloned). */
  readonly data: unknown;
  /**
   * The worker's loop: its figures, and `timeScale` to set from the simulation (an instant
   * replay at its own speed), which takes effect as the page's does: the time so far counted at
   * the old scale. The page reads the scale in force from each snapshot.
   */
  readonly loop: LoopState & { timeScale: number };
  /** Sends a message of the game's own to the page's `onMessage`. */
  post(data: unknown, transfer?: Transferable[]): void;
}

/** A simulation served in a worker: what `serveSimulation`'s setup returns. */
export interface Simulation<L extends SnapshotLayout = SnapshotLayout> {
  /**
   * One fixed step of exactly `dt` seconds with `input`, the words the page sampled most
   * recently. `input` is the same array object every step on either transport, rewritten in
   * place when a newer input arrives: keeping the array keeps the newest input, so copy the
   * numbers of a step you want to remember.
   */
  update(dt: number, input: Float64Array, loop: LoopState): void;
  /**
   * Writes the state render needs into the snapshot: the state before the last step into
   * `prev` and after it into `curr`. Equal halves draw a jump (a teleport) with no blend.
   */
  write(prev: Fields<L>, curr: Fields<L>): void;
  /** A message of the game's own from the page's `loop.post()`. */
  receive?(data: unknown): void;
  /** Frees what the simulation holds; the worker is terminated right after. */
  dispose?(): void;
}

/** The plan both ends agree on, with the input length. */
export interface Plans {
  readonly slot: SlotPlan;
  readonly inputLength: number;
}
