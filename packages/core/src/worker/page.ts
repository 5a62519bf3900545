import { createLoop } from '../loop.js';
import type { FrameStats } from '../stats.js';
import { WorkerHealth } from './health.js';
import type { SnapshotLayout } from './layout.js';
import { workerControls } from './page-controls.js';
import { pageDrawer } from './page-draw.js';
import { pageEnds } from './page-ends.js';
import { inputSender } from './page-input.js';
import { listenToWorker } from './page-listen.js';
import { checkWorkerOptions, type WorkerLoopOptions } from './page-options.js';

/** A simulation running in a worker, drawn on the page; see {@link createWorkerLoop}. */
export interface WorkerLoop {
  /**
   * Starts (or resumes) the worker's steps and the page's frames. Throws after `dispose()`, and
   * after the simulation failed to start (its setup or its first snapshot threw: `onError` had
   * it), since there is nothing to step or draw.
   */
  start(): WorkerLoop;
  /** Stops both, keeping all state; `start()` resumes without a catch-up burst. */
  stop(): WorkerLoop;
  /**
   * Stops for good: the page's frames end and the worker is terminated, so nothing of it runs
   * (a hot update never leaves two simulations). Calling it again does nothing; `start()`
   * after it throws.
   */
  dispose(): void;
  /** One page frame at `now` ms (the scheduler calls it; with `manual` you do). */
  frame(now: number): boolean;
  /** True between `start()` and `stop()`. */
  readonly running: boolean;
  /** The page's frames: fps, frame time, frames rendered and skipped by `maxFps`. */
  readonly stats: FrameStats;
  /** The snapshots: transport, newest tick, the worker's tick rate, late and reused frames. */
  readonly health: WorkerHealth;
  /** Tick of the newest snapshot (what a stats overlay counts steps by). */
  readonly tick: number;
  /** Game speed, sent to the worker: 0 pauses, 0.5 slow motion, 2 fast forward. */
  timeScale: number;
  /** Cap on frames the page renders; the worker steps at the step rate regardless. */
  maxFps: number;
  /** Sends a message of the game's own to the simulation's `receive`. */
  post(data: unknown, transfer?: Transferable[]): void;
}

/**
 * Runs a fixed-step simulation in a dedicated worker (`serveSimulation` there) and draws it on
 * the page: the simulation no longer shares the frame with rendering, layout, input and garbage
 * collection, so a long task on the page neither drops nor bursts its steps. After every step
 * the worker publishes a snapshot (the game's typed arrays, the state before and after the
 * step, its tick); each page frame takes the newest and hands `render` the pair with `alpha`
 * (see page-draw.ts): the page draws at most one step behind the newest state, as the
 * main-thread loop does, blends with the same functions, and never extrapolates. Input sampled
 * each frame reaches the worker's next step. Options are checked here, with the same messages
 * as `createLoop`'s.
 *
 * @example
 * const loop = createWorkerLoop({
 *   worker: new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module' }),
 *   snapshot: { positions: 3 * bodies },
 *   render(s, alpha) { draw(lerpArray(drawn, s.prev.positions, s.curr.positions, alpha)); },
 * }).start();
 */
export function createWorkerLoop<L extends SnapshotLayout>(
  options: WorkerLoopOptions<L>,
): WorkerLoop {
  const checked = checkWorkerOptions(options);
  const { given, inputLength } = checked;
  const worker = given.worker;
  const ends = pageEnds(checked);
  const health = new WorkerHealth(checked.transport);
  const drawer = pageDrawer(checked, ends, health);
  // 'ready' came (the simulation is set up and drawn); an error before it: nothing to start.
  let ready = false;
  let failed = false;
  const page = createLoop({
    mode: 'variable',
    maxFps: checked.maxFps,
    scheduler: given.scheduler,
    pauseWhenHidden: false,
    begin: given.sample ? inputSender(given.sample, ends.inputs, inputLength) : undefined,
    render: (_alpha, state) => drawer.draw(state.now),
    onError: (error) => fail(error),
  });
  const post = (message: object, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  const fail = (error: unknown) => {
    controls.stop();
    if (!given.onError) throw error;
    given.onError(error);
  };
  const unlisten = listenToWorker(worker, {
    ready(origin) {
      ready = true;
      drawer.ready(origin);
    },
    deliver: ends.deliver,
    recycle: ends.recycle,
    message: given.onMessage,
    fail(error) {
      failed ||= !ready;
      fail(error);
    },
  });
  post({
    t: 'init',
    options: checked.time,
    layout: given.snapshot,
    inputLength,
    transport: checked.transport,
    data: given.init,
    ...ends.init,
  });
  const controls = workerControls({
    page,
    worker,
    drawer,
    health,
    // As createLoop's: watchVisibility watches nothing outside a document.
    watch: given.pauseWhenHidden ?? true,
    post,
    failed: () => failed,
    unlisten,
  });
  return controls;
}
