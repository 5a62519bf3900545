import { createLoop, type Loop, type LoopOptions } from '@loop/core';
import type { RootState } from '@react-three/fiber';
import type { FixedLoopContextValue } from './context.js';
import type { FrameSource } from './frame-source.js';

/** The options that make a new loop when they change (the others are set on the live one). */
export type HostOptions = Pick<
  LoopOptions,
  'mode' | 'timestep' | 'maxDelta' | 'maxSteps' | 'overflow' | 'pauseWhenHidden' | 'scheduler'
>;

/** The callbacks and live values `<FixedLoop>` reads through a ref, so they are always the latest. */
export interface LatestProps {
  maxFps?: number | undefined;
  timeScale?: number | undefined;
  paused?: boolean | undefined;
  onDrop?: LoopOptions['onDrop'];
  onError?: LoopOptions['onError'];
}

/** What a hosted loop reads: the subscribers, R3F's store and frameloop, the latest props. */
export interface Host {
  readonly shared: FixedLoopContextValue;
  readonly source: FrameSource;
  readonly store: { getState(): RootState };
  readonly frameloop: RootState['frameloop'];
  readonly latest: { readonly current: LatestProps };
}

/**
 * Makes `@loop/core`'s loop for a `<FixedLoop>` (its options checked there: a RangeError naming
 * the option and the value), with hooks that walk the subscriber lists: each fixed step runs
 * the `useFixedUpdate` callbacks, each rendered frame the `useFixedRender` ones, then under
 * `frameloop="never"` R3F's `advance()` with the frame's time in seconds (fiber 9's unit), so
 * R3F draws exactly the frames core's pacer lets through. The hooks are made once per loop, so
 * nothing is allocated per step or frame. Under `'always'` and `'demand'` R3F's frames drive it
 * through `source`; under `'never'` the `scheduler` option does.
 */
export function hostLoop(given: HostOptions, host: Host): Loop {
  const { shared, source, store, frameloop, latest } = host;
  const { updates, renders } = shared;
  return createLoop({
    ...given,
    maxFps: latest.current.maxFps,
    timeScale: latest.current.timeScale,
    scheduler: frameloop === 'never' ? given.scheduler : source,
    update(dt, state) {
      const list = updates.list;
      for (let i = 0; i < list.length; i++) list[i]!.ref.current(dt, state.tick);
    },
    render(alpha, state) {
      const list = renders.list;
      for (let i = 0; i < list.length; i++) list[i]!.ref.current(alpha, null);
      if (frameloop === 'never') store.getState().advance(state.now / 1000, true);
    },
    onDrop: (ms, reason, state) => latest.current.onDrop?.(ms, reason, state),
    onError: latest.current.onError && ((error) => handOver(latest.current.onError, error)),
  });
}

/**
 * Gives a hook's error to the latest `onError`; with none any more (the prop was removed after
 * the loop was made), throws it, as core does for a loop made with none.
 */
export function handOver(onError: ((error: unknown) => void) | undefined, error: unknown): void {
  if (onError === undefined) throw error;
  onError(error);
}
