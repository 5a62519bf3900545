import type { Loop } from '@loop/core';
import { createContext, useContext } from 'react';
import type { Subscribers } from './subscribers.js';

/** What `useFixedUpdate` runs each fixed step: `dt` in seconds, `tick` the step's number from 0. */
export type FixedUpdate = (dt: number, tick: number) => void;
/** What `useFixedRender` runs each rendered frame: `alpha` in [0, 1) between the last two steps. */
export type FixedRender = (alpha: number) => void;

/**
 * What a `<FixedLoop>` shares with the hooks under it. The subscriber lists outlive the loop
 * (made once per `<FixedLoop>`), so a loop made again (options changed, StrictMode's second
 * mount) finds every hook already subscribed, and a hook never re-subscribes because of it.
 */
export interface FixedLoopContextValue {
  readonly updates: Subscribers<FixedUpdate>;
  readonly renders: Subscribers<FixedRender>;
  /** The live loop, null before the first mount and after unmount. */
  loop: Loop | null;
}

/** The context `<FixedLoop>` provides; null outside one. */
export const FixedLoopContext = /* @__PURE__ */ createContext<FixedLoopContextValue | null>(null);

/**
 * The nearest `<FixedLoop>`'s shared state. Throws when there is none: a hook outside a
 * `<FixedLoop>` would otherwise never run, silently.
 */
export function useFixedLoopContext(hook: string): FixedLoopContextValue {
  const value = useContext(FixedLoopContext);
  if (value === null) throw new Error(`${hook} must be used inside <FixedLoop>`);
  return value;
}
