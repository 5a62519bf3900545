import type { Loop, LoopOptions } from '@loop/core';
import { type RootState, useFrame, useStore, useThree } from '@react-three/fiber';
import {
  type ReactNode,
  type Ref,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { FixedLoopContext, type FixedLoopContextValue } from './context.js';
import { FrameSource } from './frame-source.js';
import { hostLoop } from './host-loop.js';
import { checkPriority, Subscribers } from './subscribers.js';

/**
 * The `useFrame` priority `<FixedLoop>` drives its steps from by default: below every usual
 * priority, so a `useFrame` at the default 0 already sees this frame's steps and blend. It is
 * negative, because any priority above 0 turns off React Three Fiber's own render.
 */
export const DRIVER_PRIORITY = -1000;

/** Props of {@link FixedLoop}: `createLoop`'s options (times in ms), plus what React adds. */
export interface FixedLoopProps
  extends Pick<
    LoopOptions,
    | 'mode'
    | 'timestep'
    | 'maxDelta'
    | 'maxSteps'
    | 'overflow'
    | 'maxFps'
    | 'timeScale'
    | 'pauseWhenHidden'
    | 'onDrop'
    | 'onError'
  > {
  /**
   * Under `frameloop="never"` only: who calls the loop's frames (`raf`, `timer`, `manual` or your
   * own), each one then calling R3F's `advance()`. Default: `raf` in a page. Ignored under
   * `'always'` and `'demand'`, where R3F's frames drive the loop.
   */
  scheduler?: LoopOptions['scheduler'];
  /** Stops the simulation (render goes on under `'always'`); false starts it again with no burst. */
  paused?: boolean;
  /** The `useFrame` priority the steps run at; default {@link DRIVER_PRIORITY}. Keep it ≤ 0. */
  priority?: number;
  /** Receives the live `Loop` of `@loop/core` (tick, alpha, stats, controls); null before mount. */
  ref?: Ref<Loop | null>;
  children?: ReactNode;
}

/**
 * Asks `'demand'` for a frame after a control changed (start, time scale), or nothing would
 * draw the change. Only there: `'always'` already runs, `'never'` ignores it.
 */
export function wake(state: RootState): void {
  // Stryker disable next-line ConditionalExpression: equivalent, fiber 9's invalidate() returns at once under 'never' and only asks for a frame 'always' renders anyway
  if (state.frameloop === 'demand') state.invalidate();
}

function makeShared(): FixedLoopContextValue {
  return { updates: new Subscribers(), renders: new Subscribers(), loop: null, layout: null };
}

/**
 * A fixed-step loop inside `<Canvas>`: "Fix Your Timestep!" (Glenn Fiedler) for React Three
 * Fiber, whose `useFrame` runs once per rendered frame with a variable delta. The loop is
 * `@loop/core`'s `createLoop` (its clock, clamp, cap on steps, FPS cap and time scale, its
 * options checked there: a RangeError naming the option and the value); `useFixedUpdate`
 * callbacks run zero to `maxSteps` times a frame and `useFixedRender` callbacks once per
 * rendered frame with `alpha`.
 *
 * Under each `frameloop`: `'always'`, a `useFrame` at {@link DRIVER_PRIORITY} runs the loop's
 * frame and R3F renders; `'demand'`, the same, and it invalidates while steps can come due (the
 * loop runs with a time scale above 0), and the first frame after R3F went idle is a baseline,
 * not a stall repaid in steps; `'never'`, the loop's own scheduler calls its frames and each
 * rendered one calls R3F's `advance()` (in seconds, as fiber 9 takes it), so core's exact FPS
 * cap decides which frames are drawn.
 *
 * One loop per mount: StrictMode's second mount and a hot update dispose the first, unmount
 * disposes it; an option other than `maxFps`, `timeScale` and `paused` makes a new loop.
 */
export function FixedLoop(props: FixedLoopProps): ReactNode {
  const { mode, timestep, maxDelta, maxSteps, overflow, pauseWhenHidden, scheduler } = props;
  const { paused = false, maxFps, timeScale, ref } = props;
  const priority = checkPriority('FixedLoop', props.priority ?? DRIVER_PRIORITY);
  const [shared] = useState(makeShared);
  const [source] = useState(() => new FrameSource());
  const [loop, setLoop] = useState<Loop | null>(null);
  const latest = useRef(props);
  const store = useStore();
  const frameloop = useThree((s) => s.frameloop);
  useLayoutEffect(() => {
    latest.current = props;
  });

  useLayoutEffect(() => {
    const given = { mode, timestep, maxDelta, maxSteps, overflow, pauseWhenHidden, scheduler };
    const made = hostLoop(given, { shared, source, store, frameloop, latest });
    shared.loop = made;
    if (!latest.current.paused) made.start();
    setLoop(made);
    wake(store.getState());
    return () => {
      made.dispose();
      shared.loop = null;
    };
  }, [
    mode,
    timestep,
    maxDelta,
    maxSteps,
    overflow,
    pauseWhenHidden,
    scheduler,
    frameloop,
    shared,
    source,
    store,
  ]);

  useLayoutEffect(() => {
    const live = shared.loop;
    // Stryker disable next-line ConditionalExpression: equivalent, the loop is set whenever this runs (the effect that makes it runs first, and after it throws React runs no later effect here)
    if (live === null) return;
    if (maxFps !== undefined) live.maxFps = maxFps;
    if (timeScale !== undefined) live.timeScale = timeScale;
    // start() on a running loop does nothing (core's controls are safe at any moment).
    if (paused) live.stop();
    else live.start();
    wake(store.getState());
  }, [shared, store, paused, maxFps, timeScale]);

  useImperativeHandle(ref, () => loop as Loop, [loop]);

  useFrame((state, delta) => {
    // Stryker disable next-line ConditionalExpression: equivalent, with no loop the source waits for no frame, and drive() then reads nothing of the loop
    if (shared.loop !== null) source.drive(shared.loop, state, delta);
  }, priority);

  return <FixedLoopContext value={shared}>{props.children}</FixedLoopContext>;
}
