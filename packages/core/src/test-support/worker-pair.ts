import { MessageChannel } from 'node:worker_threads';
import type { FrameCallback, Scheduler } from '../run/scheduler.js';
import type { WorkerLoop } from '../worker/page.js';
import type { WorkerLike } from '../worker/page-options.js';
import type { Port, Simulation, SimulationContext } from '../worker/protocol.js';
import { serveSimulation } from '../worker/serve.js';

/** A scheduler the test fires by hand: `fire(now)` runs the pending frame, if any. */
export class HandScheduler implements Scheduler {
  private callback: FrameCallback | undefined;
  /** Requests made so far. */
  requests = 0;

  get pending(): boolean {
    return this.callback !== undefined;
  }

  request(callback: FrameCallback): void {
    this.callback = callback;
    this.requests++;
  }

  cancel(): void {
    this.callback = undefined;
  }

  /** Runs the pending frame at `now`; throws if none is pending (the loop is stopped). */
  fire(now: number): void {
    const callback = this.callback;
    if (!callback) throw new Error('no frame pending: the worker loop is stopped');
    this.callback = undefined;
    callback(now);
  }
}

/** A page-side worker and a served simulation on the two ends of a real MessageChannel. */
export interface WorkerPair {
  /** What `createWorkerLoop` takes as its worker. */
  readonly worker: WorkerLike & {
    readonly terminated: boolean;
    /** Fires `event` at the page's listeners, as a Worker fires `error` or `messageerror`. */
    dispatch(event: Event): void;
  };
  /** The worker loop's scheduler. */
  readonly frames: HandScheduler;
  /** The context the simulation's setup got, once it ran. */
  context: SimulationContext | undefined;
  /**
   * Every buffer a message carried, either way: whether it went in the transfer list and was
   * detached on sending (moved, not copied).
   */
  readonly buffers: { t: string; moved: boolean }[];
}

/**
 * Serves the simulation `make` returns on one end of a MessageChannel in this thread and gives
 * the other end as a `Worker`: the same messages, transfers and shared memory as a real worker,
 * with the worker's frames fired by hand (`frames.fire(now)`).
 */
export function workerPair(
  make: (context: SimulationContext) => Simulation | Promise<Simulation>,
): WorkerPair {
  const { port1, port2 } = new MessageChannel();
  const frames = new HandScheduler();
  let terminated = false;
  const buffers: { t: string; moved: boolean }[] = [];
  /** Posts through `port`, noting what happened to a buffer the message carries. */
  const posting =
    (port: { postMessage(message: unknown, transfer?: never): void }) =>
    (message: unknown, transfer?: Transferable[]) => {
      port.postMessage(message, transfer as never);
      const { t, b } = message as { t: string; b?: ArrayBuffer };
      if (b) buffers.push({ t, moved: (transfer ?? []).includes(b) && b.byteLength === 0 });
    };
  const pair: WorkerPair = {
    worker: {
      postMessage: posting(port1),
      addEventListener: (type, listener) => port1.addEventListener(type, listener as never),
      removeEventListener: (type, listener) => port1.removeEventListener(type, listener as never),
      terminate() {
        terminated = true;
        // After the messages already posted: a real worker's terminate kills it at once.
        setTimeout(() => port1.close(), 5);
      },
      get terminated() {
        return terminated;
      },
      dispatch: (event) => port1.dispatchEvent(event as never),
    },
    frames: frames,
    context: undefined,
    buffers,
  };
  const workerEnd: Port = {
    postMessage: posting(port2),
    addEventListener: (type, listener) => port2.addEventListener(type, listener as never),
    removeEventListener: (type, listener) => port2.removeEventListener(type, listener as never),
  };
  serveSimulation(
    (context) => {
      pair.context = context;
      return make(context);
    },
    { port: workerEnd, scheduler: frames },
  );
  return pair;
}

/** Waits (a macrotask at a time, at most `tries`) until `done()` holds; throws if it never does. */
export async function until(
  done: () => boolean,
  what = 'the condition',
  tries = 200,
): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (done()) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error(`never happened: ${what}`);
}

/** Steps the worker once at `now` and draws page frames until the page holds `tick`. */
export async function stepTo(
  pair: WorkerPair,
  loop: WorkerLoop,
  now: number,
  tick: number,
): Promise<void> {
  pair.frames.fire(now);
  await until(() => {
    loop.frame(performance.now());
    return loop.tick >= tick;
  }, `the page holds tick ${tick}`);
}
