import { createLoop, type Loop } from '../loop.js';
import type { LoopState } from '../options.js';
import type { Scheduler } from '../run/scheduler.js';
import type { Fields, SlotView, SnapshotLayout } from './layout.js';
import * as H from './layout.js';
import { INPUT_SEQ, type InitMessage, type Port, type Simulation } from './protocol.js';
import { type WorkerEnds, workerEnds } from './serve-ends.js';
import { type StepTimer, stepTimer } from './step-timer.js';
import type { SlotWriter } from './transport.js';

/** The worker's loop for one simulation, made when the page's options arrive. */
export interface ServedLoop<L extends SnapshotLayout> {
  readonly loop: Loop;
  readonly ends: WorkerEnds;
  /**
   * What the simulation's setup gets as its loop: the loop's figures, and a time scale that
   * changes as the page's does (the time so far counted at the old scale).
   */
  readonly view: LoopState & { timeScale: number };
  /**
   * Serves `sim` from now on and publishes its state as the page's first snapshot. What `write`
   * throws leaves nothing served: the loop cannot step a simulation whose state it cannot show.
   */
  serve(sim: Simulation<L>): void;
  /** Starts (or resumes) the loop, its first frame (the baseline, which steps nothing) at once. */
  start(): void;
  /**
   * Sets the time scale as the main thread's next frame would: the real time since the last
   * wake counted at the old scale, the timer set again for the step at the new one.
   */
  rescale(value: number): void;
}

/**
 * Writes `sim`'s state into the writer's slot, stamped with `tick` (the step just made, or the
 * tick before the first step) and the step's figures, and publishes it to the page.
 */
function publishSnapshot<L extends SnapshotLayout>(
  snapshots: SlotWriter<SlotView>,
  sim: Simulation<L>,
  loop: Loop,
  tick: number,
  inputSeq: number,
  stepMs: number,
): void {
  const slot = snapshots.back;
  sim.write(slot.prev as Fields<L>, slot.curr as Fields<L>);
  const header = slot.header;
  header[H.TICK] = tick;
  header[H.TIME] = tick * loop.dt;
  header[H.PUBLISHED_AT] = performance.now();
  header[H.SCALE] = loop.timeScale;
  header[H.INPUT_SEQ] = inputSeq;
  header[H.STEP_MS] = stepMs;
  header[H.BUFFERS] = snapshots.allocated;
  snapshots.publish();
}

/** Real ms from the loop's last frame until its next step is due (paused: a step, to look again). */
function untilStep(loop: Loop, timestep: number): number {
  const scale = loop.timeScale;
  return scale === 0 ? timestep : (timestep - loop.lag * 1000) / scale;
}

/**
 * The worker's fixed-step loop: createLoop's clock on a {@link stepTimer} that wakes when the
 * next step is due, each step handed the page's newest input and followed by a snapshot.
 *
 * Why the timer never sleeps more than half of `maxDelta`: the clock clamps a frame longer
 * than `maxDelta` as a stall. In slow motion (at 0.04 the next step of 1/60 s is 417 ms of
 * real time away) or with a timestep longer than `maxDelta`, a sleep until the step would be
 * cut as one, and the worker would step slower than the main thread, whose frames come every
 * 16.7 ms and are counted in full. Waking at least every `maxDelta / 2` keeps every wake, even
 * one late by as much again, under the clamp: the same ticks per real second at every scale.
 */
export function serveLoop<L extends SnapshotLayout>(
  init: InitMessage,
  port: Port,
  scheduler: Scheduler | undefined,
  fail: (error: unknown) => void,
): ServedLoop<L> {
  const ends = workerEnds(init, port);
  const time = init.options;
  const nap = time.maxDelta / 2;
  // The same array every step, rewritten when an input arrives (either transport).
  const input = new Float64Array(init.inputLength);
  let inputSeq = 0;
  let sim: Simulation<L> | undefined;
  let stepping = false;
  // Started and no frame yet: the baseline is due now (a step later would lose a step of time).
  // Stryker disable next-line BooleanLiteral: start() sets it before it starts the loop, and no timer reads it while stopped (the simulation's loop, a LoopState, has no start)
  let fresh = false;

  const publish = (tick: number, stepMs: number) =>
    publishSnapshot(ends.snapshots, sim!, loop, tick, inputSeq, stepMs);
  const dueAt = () => (fresh ? 0 : loop.now + Math.min(nap, untilStep(loop, time.timestep)));
  const timer: StepTimer | undefined = scheduler ? undefined : stepTimer(dueAt);
  const loop = createLoop({
    ...time,
    scheduler: scheduler ?? timer,
    pauseWhenHidden: false,
    begin() {
      fresh = false;
    },
    update(dt, at) {
      if (ends.inputs.acquire()) {
        const front = ends.inputs.front;
        input.set(front.words);
        inputSeq = front.header[INPUT_SEQ]!;
      }
      const start = performance.now();
      stepping = true;
      try {
        sim!.update(dt, input, at);
      } finally {
        stepping = false;
      }
      publish(at.tick + 1, performance.now() - start);
    },
    onError: fail,
  });

  const rescale = (value: number) => {
    // On its own timer the loop's clock is performance.now(): a frame now counts the time
    // since the last wake at the old scale (stopped, it runs nothing). In a step, that frame's
    // time is counted already; a scheduler of your own runs on a clock of its own, and its next
    // frame counts it.
    if (timer && !stepping) loop.frame(performance.now());
    loop.timeScale = value;
    timer?.rearm();
  };
  const view = Object.create(loop, {
    timeScale: { get: () => loop.timeScale, set: rescale },
  }) as LoopState & { timeScale: number };
  return {
    loop,
    ends,
    view,
    serve(given) {
      sim = given;
      try {
        publish(loop.tick, 0);
      } catch (error) {
        sim = undefined;
        throw error;
      }
    },
    start() {
      // Already running, the next frame's begin clears it before any timer reads it.
      fresh = true;
      loop.start();
    },
    rescale,
  };
}
