import { checkKnownOptions } from '../known-options.js'; // development build only
import type { Scheduler } from '../run/scheduler.js';
import type { SnapshotLayout } from './layout.js';
import type { InitMessage, Port, Simulation, SimulationContext } from './protocol.js';
import { type ServedLoop, serveLoop } from './serve-loop.js';

/** Options of {@link serveSimulation}. */
export interface ServeOptions {
  /** Where the page's messages come from. Default the worker's global scope (`self`). */
  port?: Port;
  /**
   * Who calls the worker's frames. Default a timer that wakes once per step of real time; a
   * test or a headless run passes its own to step on demand.
   */
  scheduler?: Scheduler;
}

/** A message from the page: its type and what it carries. */
type PageMessage = { t: string; [key: string]: unknown };

/**
 * Runs a simulation in this worker for a page's {@link createWorkerLoop}: the fixed-step loop
 * of `@loop/core` (the same clock, integer ticks, `maxDelta`, `maxSteps`, time scale) on a
 * timer that wakes once per step, the page's latest input handed to every step, and after
 * every step a snapshot published that the page blends and draws. `setup` runs once, when
 * the page's options arrive (await a physics engine's WebAssembly there); what it throws,
 * like what a step throws or the first snapshot's `write`, reaches the page's `onError` and
 * stops the loop.
 *
 * @example
 * // sim.worker.ts
 * serveSimulation(async ({ data }) => {
 *   await RAPIER.init();
 *   const game = new Game(data as GameOptions);
 *   return {
 *     update: (dt, input) => game.update(dt, input),
 *     write: (prev, curr) => game.poses.write(prev, curr),
 *   };
 * });
 */
export function serveSimulation<L extends SnapshotLayout = SnapshotLayout>(
  setup: (context: SimulationContext) => Simulation<L> | Promise<Simulation<L>>,
  options: ServeOptions = {},
): void {
  checkKnownOptions(options, 'serveSimulation'); // development build only
  const port = options.port ?? (globalThis as unknown as Port);
  let served: ServedLoop<L> | undefined;
  // Set once setup and the first snapshot worked: until then there is nothing to step.
  let sim: Simulation<L> | undefined;
  const fail = (error: unknown) => {
    served?.loop.stop();
    port.postMessage({ t: 'error', error });
  };

  const begin = async (init: InitMessage) => {
    const s = serveLoop<L>(init, port, options.scheduler, fail);
    served = s;
    const made = await setup({
      data: init.data,
      loop: s.view,
      post: (data, transfer = []) => port.postMessage({ t: 'user', data }, transfer),
    });
    s.serve(made);
    sim = made;
    port.postMessage({ t: 'ready', origin: performance.timeOrigin });
  };

  const handle = (message: PageMessage) => {
    // After a setup (or a first snapshot) that failed, reported once by fail, the page's start,
    // input, messages and dispose have no simulation to reach: stepping or asking it would only
    // report errors that follow from the first, and fail has stopped the loop already.
    if (message.t === 'init') return begin(message as unknown as InitMessage);
    if (sim === undefined) return;
    const { loop, ends } = served!;
    switch (message.t) {
      case 'start':
        return served!.start();
      case 'stop':
        return void loop.stop();
      case 'scale':
        return served!.rescale(message.value as number);
      case 'ret': // message transport only, as is 'input'
        return ends.recycle!(message.b as ArrayBuffer);
      case 'input':
        return ends.deliver!(message.b as ArrayBuffer);
      case 'user':
        return sim.receive?.(message.data);
      case 'dispose':
        loop.dispose();
        return sim.dispose?.();
    }
  };
  // Messages are handled in order; those that arrive while setup is awaited wait for it.
  let queue: Promise<void> = Promise.resolve();
  port.addEventListener('message', (event) => {
    queue = queue.then(() => handle(event.data)).catch(fail);
  });
}
