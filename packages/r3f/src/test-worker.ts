/**
 * Test support for `<WorkerLoop>` (not shipped): a simulation served by `serveSimulation` of
 * `@loop/core/worker` on one end of a real MessageChannel in this thread, the other end given
 * as the `Worker`: the same messages, transfers and shared memory as a dedicated worker, with
 * the worker's frames fired by hand, as @loop/core's own worker tests run it.
 */

import { MessageChannel } from 'node:worker_threads';
import type { FrameCallback, LoopState, Scheduler } from '@loop/core';
import { type Port, type Simulation, serveSimulation, type WorkerLike } from '@loop/core/worker';

/** The worker's scheduler: `fire(now)` runs its pending frame. */
export class HandFrames implements Scheduler {
  #callback: FrameCallback | undefined;
  get pending(): boolean {
    return this.#callback !== undefined;
  }
  request(callback: FrameCallback): void {
    this.#callback = callback;
  }
  cancel(): void {
    this.#callback = undefined;
  }
  fire(now: number): void {
    const callback = this.#callback;
    if (!callback) throw new Error('no worker frame pending: the simulation is stopped');
    this.#callback = undefined;
    callback(now);
  }
}

/** The layout the test simulation publishes: `count` bodies' poses. */
export const poseLayout = (count: number) => ({
  positions: 3 * count,
  orientations: 4 * count,
});

/** Body `i`'s x at `tick`: it moves 1 m a tick plus its index, and input word 0 a tick. */
export const xAt = (tick: number, i: number, push = 0) => tick * (1 + push) + i;

/** A served simulation and what it saw. */
export interface Served {
  readonly worker: WorkerLike & { readonly terminated: boolean };
  readonly frames: HandFrames;
  /** The input words each step got, and the messages `receive` got. */
  readonly inputs: number[][];
  readonly received: unknown[];
  /** What the page's listeners threw while handling the worker's messages. */
  readonly thrown: unknown[];
  /** The kind (`t`) of every message the page posted to the worker, in order. */
  readonly posted: string[];
  /** The `data` setup got (the `init` prop). */
  setupData: unknown;
  /** Ticks stepped. */
  ticks: number;
}

/**
 * Serves `count` bodies moving along x (`xAt`), each step's input word 0 added to the speed,
 * unrotated; the snapshot's halves are the poses before and after each step.
 */
export function served(count: number): Served {
  const { port1, port2 } = new MessageChannel();
  const frames = new HandFrames();
  let terminated = false;
  const wrapped = new Map<(event: Event) => void, (event: Event) => void>();
  const worker = {
    postMessage: (message: unknown, transfer?: Transferable[]) => {
      result.posted.push(String((message as { t?: unknown }).t));
      port1.postMessage(message, transfer as never);
    },
    // What a page's listener throws, kept here (a page would report it as an uncaught error).
    addEventListener: (type: string, listener: (event: Event) => void) => {
      const caught = (event: Event) => {
        try {
          listener(event);
        } catch (error) {
          result.thrown.push(error);
        }
      };
      wrapped.set(listener, caught);
      port1.addEventListener(type, caught as never);
    },
    removeEventListener: (type: string, listener: (event: Event) => void) =>
      port1.removeEventListener(type, wrapped.get(listener) as never),
    terminate() {
      terminated = true;
      setTimeout(() => port1.close(), 5); // after the messages already posted
    },
    get terminated() {
      return terminated;
    },
  };
  const result: Served = {
    worker,
    frames,
    inputs: [],
    received: [],
    posted: [],
    thrown: [],
    setupData: undefined,
    ticks: 0,
  };
  const port: Port = {
    postMessage: (message, transfer) => port2.postMessage(message, transfer as never),
    addEventListener: (type, listener) => port2.addEventListener(type, listener as never),
    removeEventListener: (type, listener) => port2.removeEventListener(type, listener as never),
  };
  const x = new Float32Array(count);
  const before = new Float32Array(count);
  for (let i = 0; i < count; i++) x[i] = xAt(0, i);
  before.set(x);
  serveSimulation(
    ({ data, post }) => {
      result.setupData = data;
      const simulation: Simulation<ReturnType<typeof poseLayout>> = {
        update(_dt: number, input: Float64Array, _loop: LoopState) {
          result.inputs.push([...input]);
          before.set(x);
          for (let i = 0; i < count; i++) x[i] = x[i]! + 1 + (input[0] ?? 0);
          result.ticks++;
        },
        write(prev, curr) {
          for (let i = 0; i < count; i++) {
            prev.positions[3 * i] = before[i]!;
            curr.positions[3 * i] = x[i]!;
            prev.orientations[4 * i + 3] = 1;
            curr.orientations[4 * i + 3] = 1;
          }
        },
        receive(message) {
          if (message === 'throw') throw new Error('the simulation threw');
          result.received.push(message);
          post({ echo: message });
        },
      };
      return simulation as Simulation;
    },
    { port, scheduler: frames },
  );
  return result;
}

/** Waits a macrotask at a time (at most `tries`) until `done()` holds; throws if it never does. */
export async function until(done: () => boolean, what: string, tries = 400): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (done()) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error(`never happened: ${what}`);
}
