import { createLoop, type Loop } from '../loop.js';
import type { Scheduler } from '../run/scheduler.js';
import * as H from './layout.js';
import {
  type Fields,
  planSlot,
  type SlotView,
  type SnapshotLayout,
  STEP_MS,
  viewSlot,
} from './layout.js';
import {
  INPUT_SEQ,
  type InitMessage,
  type InputView,
  inputSlotBytes,
  type Port,
  type Simulation,
  type SimulationContext,
  viewInput,
} from './protocol.js';
import { stepTimer } from './step-timer.js';
import {
  MessageReader,
  MessageWriter,
  type SlotReader,
  type SlotWriter,
  sharedReader,
  sharedWriter,
} from './transport.js';

/** The ends of both transports in the worker, and what feeds the message ones. */
interface Ends {
  readonly snapshots: SlotWriter<SlotView>;
  readonly inputs: SlotReader<InputView>;
  readonly recycle?: (buffer: ArrayBuffer) => void;
  readonly deliver?: (buffer: ArrayBuffer) => void;
}

function endsOf(init: InitMessage, port: Port): Ends {
  const plan = planSlot(init.layout);
  const view = (buffer: ArrayBufferLike, at: number) => viewSlot(plan, buffer, at);
  const inputView = viewInput(init.inputLength);
  if (init.transport === 'shared') {
    return {
      snapshots: sharedWriter(init.snapshots!, plan.slotBytes, view),
      inputs: sharedReader(init.inputs!, inputSlotBytes(init.inputLength), inputView),
    };
  }
  const snapshots = new MessageWriter(plan.slotBytes, view, (b) =>
    port.postMessage({ t: 'snap', b }, [b]),
  );
  const inputs = new MessageReader(inputSlotBytes(init.inputLength), inputView, (b) =>
    port.postMessage({ t: 'iret', b }, [b]),
  );
  return {
    snapshots,
    inputs,
    recycle: (b) => snapshots.recycle(b),
    deliver: (b) => inputs.deliver(b),
  };
}

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

/**
 * Runs a simulation in this worker for a page's {@link createWorkerLoop}: the fixed-step loop
 * of `@loop/core` (the same clock, integer ticks, `maxDelta`, `maxSteps`, time scale) on a
 * timer that wakes once per step, the page's latest input handed to every step, and after
 * every step a snapshot published that the page blends and draws. `setup` runs once, when
 * the page's options arrive (await a physics engine's WebAssembly there); what it throws,
 * like what a step throws, reaches the page's `onError` and stops the loop.
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
  const port = options.port ?? (globalThis as unknown as Port);
  let loop: Loop | undefined;
  let sim: Simulation<L> | undefined;
  let ends: Ends | undefined;
  let input: Float64Array = new Float64Array(0);
  let inputSeq = 0;
  const fail = (error: unknown) => {
    loop?.stop();
    port.postMessage({ t: 'error', error });
  };

  // Called from update, before the loop counts the step: `tick` is the one the step made.
  const publish = (tick: number, stepMs: number) => {
    const slot = ends!.snapshots.back;
    sim!.write(slot.prev as Fields<L>, slot.curr as Fields<L>);
    const header = slot.header;
    header[H.TICK] = tick;
    header[H.TIME] = tick * loop!.dt;
    header[H.PUBLISHED_AT] = performance.now();
    header[H.SCALE] = loop!.timeScale;
    header[H.INPUT_SEQ] = inputSeq;
    header[STEP_MS] = stepMs;
    header[H.BUFFERS] = ends!.snapshots.allocated;
    ends!.snapshots.publish();
  };

  const scheduler = options.scheduler;
  const begin = async (init: InitMessage) => {
    ends = endsOf(init, port);
    input = ends.inputs.front.words;
    const time = init.options;
    const state = createLoop({
      ...time,
      // Wakes when the next step is due: the rest of a step at the time scale (paused, it looks
      // again a step later).
      scheduler:
        scheduler ??
        stepTimer(() =>
          state.timeScale === 0
            ? state.now + time.timestep
            : state.now + (time.timestep - state.lag * 1000) / state.timeScale,
        ),
      pauseWhenHidden: false,
      update(dt, at) {
        if (ends!.inputs.acquire()) {
          const front = ends!.inputs.front;
          input = front.words;
          inputSeq = front.header[INPUT_SEQ]!;
        }
        const start = performance.now();
        sim!.update(dt, input, at);
        publish(at.tick + 1, performance.now() - start);
      },
      onError: fail,
    });
    loop = state;
    sim = await setup({
      data: init.data,
      loop: state,
      post: (data, transfer = []) => port.postMessage({ t: 'user', data }, transfer),
    });
    publish(state.tick, 0);
    port.postMessage({ t: 'ready', origin: performance.timeOrigin });
  };

  // Messages are handled in order; those that arrive while setup is awaited wait for it.
  let queue: Promise<void> = Promise.resolve();
  const handle = (message: { t: string; [key: string]: unknown }) => {
    // After a setup that failed (reported once, by fail) the page's start, input, messages and
    // dispose have no simulation to reach: stepping or asking it would only report errors that
    // follow from the first, and fail has stopped the loop already.
    if (sim === undefined && message.t !== 'init') return;
    switch (message.t) {
      case 'init':
        return begin(message as unknown as InitMessage);
      case 'start':
        return void loop!.start();
      case 'stop':
        return void loop!.stop();
      case 'scale':
        loop!.timeScale = message.value as number;
        return;
      case 'ret': // message transport only, as is 'input'
        return ends!.recycle!(message.b as ArrayBuffer);
      case 'input':
        return ends!.deliver!(message.b as ArrayBuffer);
      case 'user':
        return sim!.receive?.(message.data);
      case 'dispose':
        loop!.dispose(); // made before setup is awaited: always there after 'init'
        return sim!.dispose?.(); // there: the guard above drops a dispose without it
    }
  };
  port.addEventListener('message', (event) => {
    queue = queue.then(() => handle(event.data)).catch(fail);
  });
}
