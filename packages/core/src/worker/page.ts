import { SnapshotBuffer } from '../blend/snapshot-buffer.js';
import { checkMaxFps, checkTimeScale } from '../checks.js';
import { createLoop } from '../loop.js';
import type { LoopState } from '../options.js';
import { watchVisibility } from '../run/visibility.js';
import type { FrameStats } from '../stats.js';
import { WorkerHealth } from './health.js';
import type { SnapshotLayout } from './layout.js';
import * as H from './layout.js';
import { pageEnds } from './page-ends.js';
import { checkWorkerOptions, type Snapshot, type WorkerLoopOptions } from './page-options.js';
import { INPUT_SEQ } from './protocol.js';

/** A simulation running in a worker, drawn on the page; see {@link createWorkerLoop}. */
export interface WorkerLoop {
  /** Starts (or resumes) the worker's steps and the page's frames. */
  start(): WorkerLoop;
  /** Stops both, keeping all state; `start()` resumes without a catch-up burst. */
  stop(): WorkerLoop;
  /**
   * Stops for good: the page's frames end and the worker is terminated, so nothing of it runs
   * (a hot update never leaves two simulations). `start()` after it throws.
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

/** True where `a` and `b` differ in any number (NaN never equal: sent again, harmlessly). */
function differs(a: Float64Array, b: Float64Array): boolean {
  // Stryker disable next-line EqualityOperator: one more round compares undefined with undefined
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return true;
  return false;
}

/**
 * Runs a fixed-step simulation in a dedicated worker (`serveSimulation` there) and draws it on
 * the page: the simulation no longer shares the frame with rendering, layout, input and garbage
 * collection, so a long task on the page neither drops nor bursts its steps. After every step
 * the worker publishes a snapshot (the game's typed arrays, the state before and after the
 * step, its tick); each page frame takes the newest and hands `render` the pair with `alpha`,
 * the real time since it was published over one step (a two-frame `SnapshotBuffer` sampled at
 * that time, as a network client samples its server's snapshots): the page draws at most one step behind
 * the newest state, as the main-thread loop does, blends with the same functions, and when no
 * newer snapshot came in time holds the newest pose (alpha 1, counted in `health.late`), never
 * extrapolating. Input sampled each frame reaches the worker's next step. Options are checked
 * here, with the same messages as `createLoop`'s.
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
  const { given, time, inputLength } = checked;
  const worker = given.worker;
  const ends = pageEnds(checked);
  const health = new WorkerHealth(checked.transport);
  let scale = time.timeScale;
  let offset = 0;
  let ready = false;
  let progress = 0;
  let last = Number.NaN;
  // The front snapshot's `prev` (frame 0) and `curr` (frame 1), one step apart, sampled at
  // `progress`: the snapshot interpolation a network client runs over its server's snapshots,
  // with the slot the transport hands over as the frames.
  // Stryker disable next-line ArrowFunction: the frames are never read (the slot holds the states), only the times and t
  const pair = new SnapshotBuffer((index) => index, 2);
  pair.push(0);
  pair.push(time.timestep);
  const sampled = new Float64Array(inputLength);
  const sent = new Float64Array(inputLength);
  let seq = 0;

  const snapshot: Snapshot<L> = {
    get prev() {
      return ends.snapshots.front.prev;
    },
    get curr() {
      return ends.snapshots.front.curr;
    },
    get tick() {
      return ends.snapshots.front.header[H.TICK]!;
    },
    get time() {
      return ends.snapshots.front.header[H.TIME]!;
    },
    get inputSeq() {
      return ends.snapshots.front.header[H.INPUT_SEQ]!;
    },
    get publishedAt() {
      return ends.snapshots.front.header[H.PUBLISHED_AT]! + offset;
    },
  };

  const sendInput = (state: LoopState) => {
    given.sample!(sampled, state);
    if (!differs(sampled, sent)) return;
    sent.set(sampled);
    const back = ends.inputs.back;
    back.words.set(sampled);
    back.header[INPUT_SEQ] = ++seq;
    ends.inputs.publish();
  };

  const draw = (now: number) => {
    if (!ready) return;
    const front = () => ends.snapshots.front.header;
    if (ends.snapshots.acquire()) {
      const h = front();
      health.acquired(h[H.TICK]!, h[H.PUBLISHED_AT]!, h[H.STEP_MS]!);
      const s = scale === 0 ? 0 : h[H.SCALE]!;
      progress = Math.max(0, now - (h[H.PUBLISHED_AT]! + offset)) * s;
    } else {
      health.reused++;
      const s = scale === 0 ? 0 : front()[H.SCALE]!;
      // Stryker disable next-line EqualityOperator: at now = last the blend moves by 0 either way
      if (now > last) progress += (now - last) * s;
    }
    last = now;
    health.buffers = front()[H.BUFFERS]! + ends.inputs.allocated;
    if (pair.sample(progress) === 'starved') health.late++;
    given.render?.(snapshot, pair.t);
  };

  const page = createLoop({
    mode: 'variable',
    maxFps: checked.maxFps,
    scheduler: given.scheduler,
    pauseWhenHidden: false,
    begin: given.sample ? (_now, state) => sendInput(state) : undefined,
    render: (_alpha, state) => draw(state.now),
    onError: (error) => fail(error),
  });

  let unwatch: (() => void) | undefined;
  // Stryker disable next-line StringLiteral,ConditionalExpression: with no document, watching visibility does nothing
  const watch = given.pauseWhenHidden ?? typeof document !== 'undefined';
  const post = (message: object, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  const fail = (error: unknown) => {
    controls.stop();
    if (!given.onError) throw error;
    given.onError(error);
  };

  const onMessage = (event: Event) => {
    const message = (event as MessageEvent).data as { t: string; [key: string]: unknown };
    switch (message.t) {
      case 'ready':
        offset = (message.origin as number) - performance.timeOrigin;
        ready = true;
        return;
      case 'snap': // message transport only, as is 'iret'
        return ends.deliver!(message.b as ArrayBuffer);
      case 'iret':
        return ends.recycle!(message.b as ArrayBuffer);
      case 'user':
        return given.onMessage?.(message.data);
      case 'error':
        return fail(message.error);
    }
  };
  const onError = (event: Event) => {
    event.preventDefault();
    fail(new Error(`worker failed: ${(event as ErrorEvent).message ?? 'could not start'}`));
  };
  worker.addEventListener('message', onMessage);
  worker.addEventListener('error', onError);
  worker.addEventListener('messageerror', onError);
  post({
    t: 'init',
    options: time,
    layout: given.snapshot,
    inputLength,
    transport: checked.transport,
    data: given.init,
    ...ends.init,
  });

  const controls: WorkerLoop = {
    start() {
      page.start();
      post({ t: 'start' });
      if (watch && !unwatch) {
        unwatch = watchVisibility((hidden) => {
          post({ t: hidden ? 'stop' : 'start' });
          if (hidden) page.stop();
          else page.start();
        });
      }
      return controls;
    },
    stop() {
      page.stop();
      post({ t: 'stop' });
      unwatch?.();
      unwatch = undefined;
      return controls;
    },
    dispose() {
      page.dispose();
      unwatch?.();
      unwatch = undefined;
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      worker.removeEventListener('messageerror', onError);
      post({ t: 'dispose' });
      worker.terminate();
    },
    frame: (now) => page.frame(now),
    get running() {
      return page.running;
    },
    stats: page.stats,
    health,
    get tick() {
      return health.tick;
    },
    get timeScale() {
      return scale;
    },
    set timeScale(value) {
      scale = checkTimeScale(value);
      post({ t: 'scale', value: scale });
    },
    get maxFps() {
      return page.maxFps;
    },
    set maxFps(value) {
      page.maxFps = checkMaxFps(value);
    },
    post(data, transfer = []) {
      post({ t: 'user', data }, transfer);
    },
  };
  return controls;
}
