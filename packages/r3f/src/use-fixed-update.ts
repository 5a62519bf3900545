import type { SnapshotLayout } from '@loop/core/worker';
import { useLayoutEffect, useRef } from 'react';
import {
  type FixedLoopContextValue,
  type FixedRender,
  type FixedUpdate,
  useFixedLoopContext,
} from './context.js';
import { checkPriority } from './subscribers.js';

/**
 * Runs `update(dt, tick)` once per fixed step of the nearest `<FixedLoop>`: zero to `maxSteps`
 * times a frame, `dt` always the timestep in seconds, `tick` the step's number from 0. Callbacks
 * run by ascending `priority` (default 0), then in mount order, so "input, then physics, then
 * rules" is stated, not left to where components sit in the tree.
 *
 * Why not `useFrame`: it runs once per rendered frame with a variable delta, so a simulation on
 * it runs faster on a 144 Hz display and changes with the frame rate. Pass a new closure every
 * render freely: the latest one runs (a ref updated in a layout effect), with no re-subscribing.
 *
 * Under `<WorkerLoop>` it throws: the simulation steps in the worker (`serveSimulation` of
 * `@loop/core/worker`), so a step on the page would run at no step of the simulation.
 */
export function useFixedUpdate(update: FixedUpdate, priority = 0): void {
  const context = usePageSteps('useFixedUpdate');
  const checked = checkPriority('useFixedUpdate', priority);
  const ref = useRef(update);
  useLayoutEffect(() => {
    ref.current = update;
  });
  useLayoutEffect(() => context.updates.add(ref, checked), [context, checked]);
}

/**
 * Runs `render(alpha)` once per rendered frame of the nearest `<FixedLoop>`, after that frame's
 * steps and before R3F draws: `alpha` in [0, 1) is how far real time is between the last two
 * steps, to blend previous and current state ("Fix Your Timestep!", Glenn Fiedler). Ordered
 * like {@link useFixedUpdate}; a frame the FPS cap skips runs none.
 *
 * Why: drawing the newest step as it is shows stutter whenever the display and the step rates
 * differ (a 60 Hz simulation on a 144 Hz display); blending by alpha removes it.
 *
 * Under `<WorkerLoop>` the second argument is the worker's newest snapshot (`prev` and `curr`,
 * the typed arrays of its layout, rewritten in place each frame), to blend at `alpha`; under
 * `<FixedLoop>` it is null.
 */
export function useFixedRender<L extends SnapshotLayout = SnapshotLayout>(
  render: FixedRender<L>,
  priority = 0,
): void {
  const context = useFixedLoopContext('useFixedRender');
  const checked = checkPriority('useFixedRender', priority);
  const ref = useRef(render as FixedRender);
  useLayoutEffect(() => {
    ref.current = render as FixedRender;
  });
  useLayoutEffect(() => context.renders.add(ref, checked), [context, checked]);
}

/**
 * The nearest loop's shared state, for a hook that steps on the page: under `<WorkerLoop>` it
 * throws, naming the hook, since the steps run in the worker and this one would never run.
 */
export function usePageSteps(hook: string): FixedLoopContextValue {
  const context = useFixedLoopContext(hook);
  if (context.layout !== null) {
    throw new Error(
      `${hook} runs on the page's fixed steps, and under <WorkerLoop> the simulation steps in ` +
        'the worker: step it in serveSimulation there, or use <FixedLoop>',
    );
  }
  return context;
}
