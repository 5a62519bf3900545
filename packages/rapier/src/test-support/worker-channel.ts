import { MessageChannel } from 'node:worker_threads';
import type { FrameCallback } from '@loop/core';
import {
  type Port,
  type Simulation,
  type SimulationContext,
  serveSimulation,
  type WorkerLike,
} from '@loop/core/worker';

/**
 * A simulation served on one end of a real MessageChannel in this thread, the other end handed
 * to the page as its Worker: the messages and transfers of a worker, with the worker's frames
 * called by the test (`tick(now)`).
 */
export function workerChannel(setup: (context: SimulationContext) => Promise<Simulation<never>>) {
  const { port1, port2 } = new MessageChannel();
  let frame: FrameCallback | undefined;
  const worker: WorkerLike = {
    postMessage: (message, transfer) => port1.postMessage(message, transfer as never),
    addEventListener: (type, listener) => port1.addEventListener(type, listener as never),
    removeEventListener: (type, listener) => port1.removeEventListener(type, listener as never),
    terminate: () => setTimeout(() => port1.close(), 5),
  };
  const end: Port = {
    postMessage: (message, transfer) => port2.postMessage(message, transfer as never),
    addEventListener: (type, listener) => port2.addEventListener(type, listener as never),
    removeEventListener: (type, listener) => port2.removeEventListener(type, listener as never),
  };
  serveSimulation(setup as never, {
    port: end,
    scheduler: {
      request: (callback) => {
        frame = callback;
      },
      cancel: () => {
        frame = undefined;
      },
    },
  });
  return {
    worker,
    /** Runs the worker's pending frame at `now` (ms), if it has asked for one. */
    tick(now: number): boolean {
      const callback = frame;
      frame = undefined;
      callback?.(now);
      return callback !== undefined;
    },
  };
}

/** Waits a macrotask at a time (at most `tries`) until `done()` holds; throws if it never does. */
export async function until(done: () => boolean, what: string, tries = 500): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (done()) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error(`never happened: ${what}`);
}
