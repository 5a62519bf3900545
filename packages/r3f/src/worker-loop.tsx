import type {
  WorkerLoop as CoreWorkerLoop,
  SnapshotLayout,
  WorkerLike,
  WorkerLoopOptions,
} from '@loop/core/worker';
import { useFrame, useStore, useThree } from '@react-three/fiber';
import {
  type ReactNode,
  type Ref,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { FixedLoopContext, type FixedLoopContextValue } from './context.js';
import { DRIVER_PRIORITY, wake } from './fixed-loop.js';
import { FrameSource } from './frame-source.js';
import { checkPriority, Subscribers } from './subscribers.js';
import { hostWorker, type LatestWorkerProps } from './worker-host.js';

/** Props of {@link WorkerLoop}: `createWorkerLoop`'s options (times in ms), plus what React adds. */
export interface WorkerLoopProps<L extends SnapshotLayout = SnapshotLayout>
  extends Pick<
    WorkerLoopOptions<L>,
    | 'snapshot'
    | 'input'
    | 'sample'
    | 'init'
    | 'transport'
    | 'timestep'
    | 'maxDelta'
    | 'maxSteps'
    | 'overflow'
    | 'timeScale'
    | 'maxFps'
    | 'pauseWhenHidden'
    | 'onError'
    | 'onMessage'
  > {
  /**
   * Makes the worker that runs `serveSimulation`: `() => new Worker(new URL('./sim.worker.ts',
   * import.meta.url), { type: 'module' })`. A function, because each mount starts a worker of
   * its own and unmount terminates it (StrictMode's second mount, a hot update).
   */
  worker: () => WorkerLike;
  /** Under `frameloop="never"` only: who calls the page's frames, as for `<FixedLoop>`. */
  scheduler?: WorkerLoopOptions['scheduler'];
  /** Stops the worker's steps and the page's frames; false starts both again with no burst. */
  paused?: boolean;
  /** The `useFrame` priority the page's frames run at; default {@link DRIVER_PRIORITY}. */
  priority?: number;
  /** Receives the live `WorkerLoop` of `@loop/core/worker` (tick, health, stats, controls). */
  ref?: Ref<CoreWorkerLoop | null>;
  children?: ReactNode;
}

function makeShared(layout: SnapshotLayout): FixedLoopContextValue {
  return { updates: new Subscribers(), renders: new Subscribers(), loop: null, layout };
}

/**
 * Worker mode inside `<Canvas>`: the simulation's fixed steps run in a dedicated worker
 * (`serveSimulation` of `@loop/core/worker`), so a long task on the page (a re-render, a parse,
 * garbage collection) neither drops nor bursts a step, and the page only draws. The hooks of
 * `<FixedLoop>` work under it: `useFixedRender((alpha, snapshot) => …)` gets the worker's newest
 * snapshot with `alpha` every rendered frame, and `useInterpolatedInstances` blends its
 * `positions` and `orientations` into an `InstancedMesh`. `useFixedUpdate` throws here: no step
 * runs on the page.
 *
 * Every `frameloop`: under `'always'` and `'demand'` R3F's frames run the page's frames (at
 * `performance.now()`, the clock the worker stamps snapshots with), `'demand'` invalidating
 * while the worker steps; under `'never'` the `scheduler` calls them and each rendered one calls
 * R3F's `advance()`, so `maxFps` is core's exact cap. One worker per mount: StrictMode's second
 * mount and a hot update terminate the first, unmount terminates it; `maxFps`, `timeScale` and
 * `paused` change the live loop, any other option (the layout by value) makes a new one.
 */
export function WorkerLoop<L extends SnapshotLayout>(props: WorkerLoopProps<L>): ReactNode {
  const { snapshot, input, transport, timestep, maxDelta, maxSteps, overflow } = props;
  const { pauseWhenHidden, scheduler, paused = false, maxFps, timeScale, ref } = props;
  const priority = checkPriority('WorkerLoop', props.priority ?? DRIVER_PRIORITY);
  if (typeof snapshot !== 'object' || snapshot === null) {
    throw new TypeError(`WorkerLoop option snapshot must be an object, got ${String(snapshot)}`);
  }
  // By value: a layout written inline is a new object every render, the same layout still.
  const key = JSON.stringify(snapshot);
  const shared = useMemo(() => makeShared(JSON.parse(key)), [key]);
  const [source] = useState(() => new FrameSource());
  const [loop, setLoop] = useState<CoreWorkerLoop | null>(null);
  const live = useRef<CoreWorkerLoop | null>(null);
  const latest = useRef<LatestWorkerProps>(props as LatestWorkerProps);
  const store = useStore();
  const frameloop = useThree((s) => s.frameloop);
  useLayoutEffect(() => {
    latest.current = props as LatestWorkerProps;
  });

  useLayoutEffect(() => {
    const layout = shared.layout as SnapshotLayout;
    const given = { input, transport, timestep, maxDelta, maxSteps, overflow, pauseWhenHidden };
    const made = hostWorker(
      { ...given, snapshot: layout, scheduler },
      { shared, source, store, frameloop, latest },
    );
    live.current = made;
    if (!latest.current.paused) made.start();
    setLoop(made);
    wake(store.getState());
    return () => {
      made.dispose();
      live.current = null;
    };
  }, [
    shared,
    input,
    transport,
    timestep,
    maxDelta,
    maxSteps,
    overflow,
    pauseWhenHidden,
    scheduler,
    frameloop,
    source,
    store,
  ]);

  useLayoutEffect(() => {
    const made = live.current;
    // Stryker disable next-line ConditionalExpression: equivalent, the loop is set whenever this runs (the effect that makes it runs first, and after it throws React runs no later effect here)
    if (made === null) return;
    if (maxFps !== undefined) made.maxFps = maxFps;
    if (timeScale !== undefined) made.timeScale = timeScale;
    if (paused) made.stop();
    else if (!made.running) made.start();
    wake(store.getState());
  }, [store, paused, maxFps, timeScale]);

  useImperativeHandle(ref, () => loop as CoreWorkerLoop, [loop]);

  // Under 'never' (R3F's advance() runs this) the scheduler option calls the page's frames and
  // `source` is never asked for one: it runs nothing. It waits for a frame only while a live
  // loop runs (dispose cancels), so `live.current` is set whenever `pending` holds.
  useFrame((state) => {
    source.runAt(performance.now());
    // Stryker disable next-line ConditionalExpression: equivalent, under 'always' invalidate() only asks for a frame R3F renders anyway
    if (state.frameloop !== 'demand') return;
    if (source.pending && live.current!.timeScale > 0) state.invalidate();
  }, priority);

  return <FixedLoopContext value={shared}>{props.children}</FixedLoopContext>;
}
