import {
  createWorkerLoop,
  type WorkerLike,
  type WorkerLoop,
  type WorkerLoopOptions,
} from '@loop/core/worker';
import type { RootState } from '@react-three/fiber';
import type { FixedLoopContextValue } from './context.js';
import type { FrameSource } from './frame-source.js';
import { handOver } from './host-loop.js';

/** The options that make a new worker loop (and a new worker) when they change. */
export type WorkerHostOptions = Pick<
  WorkerLoopOptions,
  | 'snapshot'
  | 'input'
  | 'transport'
  | 'timestep'
  | 'maxDelta'
  | 'maxSteps'
  | 'overflow'
  | 'pauseWhenHidden'
  | 'scheduler'
>;

/** What `<WorkerLoop>` reads through a ref, so it is always the latest. */
export interface LatestWorkerProps
  extends Pick<WorkerLoopOptions, 'sample' | 'onError' | 'onMessage' | 'init'> {
  worker: () => WorkerLike;
  maxFps?: number | undefined;
  timeScale?: number | undefined;
  paused?: boolean | undefined;
}

/** What a hosted worker loop reads: the subscribers, R3F's store and frameloop, the latest props. */
export interface WorkerHost {
  readonly shared: FixedLoopContextValue;
  readonly source: FrameSource;
  readonly store: { getState(): RootState };
  readonly frameloop: RootState['frameloop'];
  readonly latest: { readonly current: LatestWorkerProps };
}

/**
 * Makes `@loop/core/worker`'s page loop for a `<WorkerLoop>`, with a fresh worker from the
 * `worker` prop (its options checked by `createWorkerLoop`: a RangeError naming the option and
 * the value; the worker is terminated if they fail). Each rendered frame runs the
 * `useFixedRender` callbacks with `alpha` and the newest snapshot, then under
 * `frameloop="never"` R3F's `advance()` with the frame's time in seconds. Made once per loop,
 * so nothing is allocated per frame. Under `'always'` and `'demand'` R3F's frames drive it
 * through `source`; under `'never'` the `scheduler` option does.
 */
export function hostWorker(given: WorkerHostOptions, host: WorkerHost): WorkerLoop {
  const { shared, source, store, frameloop, latest } = host;
  const props = latest.current;
  if (typeof props.worker !== 'function') {
    throw new TypeError(
      `WorkerLoop option worker must be a function that makes the Worker (each mount starts its own), got ${String(props.worker)}`,
    );
  }
  const renders = shared.renders;
  const never = frameloop === 'never';
  const worker = props.worker();
  try {
    const loop: WorkerLoop = createWorkerLoop({
      ...given,
      worker,
      init: props.init,
      maxFps: props.maxFps,
      timeScale: props.timeScale,
      scheduler: never ? given.scheduler : source,
      sample: props.sample && ((input, state) => latest.current.sample?.(input, state)),
      render(snapshot, alpha) {
        const list = renders.list;
        for (let i = 0; i < list.length; i++) list[i]!.ref.current(alpha, snapshot);
        if (never) store.getState().advance(loop.stats.now / 1000, true);
      },
      onMessage: (data) => latest.current.onMessage?.(data),
      onError: props.onError && ((error) => handOver(latest.current.onError, error)),
    });
    return loop;
  } catch (error) {
    // A worker refused by the checks may not even have terminate().
    if (typeof worker?.terminate === 'function') worker.terminate();
    throw error;
  }
}
