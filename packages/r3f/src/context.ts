import type { Loop } from '@loop/core';
import type { Snapshot, SnapshotLayout } from '@loop/core/worker';
import { createContext, useContext } from 'react';
import type { Subscribers } from './subscribers.js';

/** What `useFixedUpdate` runs each fixed step: `dt` in seconds, `tick` the step's number from 0. */
export type FixedUpdate = (dt: number, tick: number) => void;
/**
 * What `useFixedRender` runs each rendered frame: `alpha` between the last two steps (in [0, 1)
 * under `<FixedLoop>`, in [0, 1] under `<WorkerLoop>`, which holds the newest pose at 1 when no
 * snapshot came in time), and under `<WorkerLoop>` the worker's newest `snapshot` (null under
 * `<FixedLoop>`, whose state is the game's own).
 */
export type FixedRender<L extends SnapshotLayout = SnapshotLayout> = (
  alpha: number,
  snapshot: Snapshot<L> | null,
) => void;

/**
 * What a `<FixedLoop>` shares with the hooks under it. The subscriber lists outlive the loop
 * (made once per `<FixedLoop>`), so a loop made again (options changed, StrictMode's second
 * mount) finds every hook already subscribed, and a hook never re-subscribes because of it.
 */
export interface FixedLoopContextValue {
  readonly updates: Subscribers<FixedUpdate>;
  readonly renders: Subscribers<FixedRender>;
  /** The live loop, null before the first mount and after unmount (and under `<WorkerLoop>`). */
  loop: Loop | null;
  /**
   * Under `<WorkerLoop>`, what its snapshots hold (the simulation steps in the worker, so no
   * `useFixedUpdate` runs on the page); null under `<FixedLoop>`.
   */
  readonly layout: SnapshotLayout | null;
}

/** The context `<FixedLoop>` provides; null outside one. */
export const FixedLoopContext = /* @__PURE__ */ createContext<FixedLoopContextValue | null>(null);

/**
 * The nearest `<FixedLoop>`'s shared state. Throws when there is none: a hook outside a
 * `<FixedLoop>` would otherwise never run, silently.
 */
export function useFixedLoopContext(hook: string): FixedLoopContextValue {
  const value = useContext(FixedLoopContext);
  if (value === null) throw new Error(`${hook} must be used inside <FixedLoop> or <WorkerLoop>`);
  return value;
}
