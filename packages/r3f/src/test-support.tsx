/**
 * Test support for @loop/r3f's tests (not shipped): the recorded fast-check seed, and a scene
 * mounted in React Three Fiber's test renderer (Node, no DOM, no WebGL) with frames driven by
 * hand through `useFrame`, as R3F's own loop calls it.
 */
import type { Loop } from '@loop/core';
import ReactThreeTestRenderer from '@react-three/test-renderer';
import { createRef, type ReactNode } from 'react';
import { FixedLoop, type FixedLoopProps } from './fixed-loop.js';
import { useFixedUpdate } from './use-fixed-update.js';

/**
 * Node has no requestAnimationFrame, and R3F asks for one whenever its store changes under
 * `'always'`. A display that never shows a frame by itself: these tests run every frame by hand
 * (`frame()`), and the `'demand'` tests install fake timers, whose rAF runs R3F's real loop.
 */
if (typeof globalThis.requestAnimationFrame !== 'function') {
  globalThis.requestAnimationFrame = () => 0;
  globalThis.cancelAnimationFrame = () => {};
}

// React's act() checks this flag; the test renderer wraps its own work in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The recorded seed of every property here: a failing run replays with `{ seed: SEED }`. */
export const SEED = 20_261_127;

export type Renderer = Awaited<ReturnType<typeof ReactThreeTestRenderer.create>>;
export type Frameloop = 'always' | 'demand' | 'never';

/** A mounted scene: the renderer, a re-render under the same `<FixedLoop>`, the live loop. */
export interface Mounted {
  renderer: Renderer;
  update(children: ReactNode, props?: Omit<FixedLoopProps, 'ref' | 'children'>): Promise<void>;
  loop(): Loop;
}

/** Mounts `children` under `<FixedLoop {...props}>` on a canvas of the given frameloop. */
export async function mount(
  children: ReactNode,
  props: Omit<FixedLoopProps, 'ref' | 'children'> = {},
  frameloop: Frameloop = 'always',
): Promise<Mounted> {
  const ref = createRef<Loop | null>();
  const wrap = (inner: ReactNode, given: typeof props) => (
    <FixedLoop ref={ref} pauseWhenHidden={false} {...given}>
      {inner}
    </FixedLoop>
  );
  const renderer = await ReactThreeTestRenderer.create(wrap(children, props), { frameloop });
  return {
    renderer,
    update: (inner, given = props) => renderer.update(wrap(inner, given)),
    loop: () => {
      if (!ref.current) throw new Error('no loop');
      return ref.current;
    },
  };
}

/** One display frame of `seconds`: every `useFrame` callback once, in R3F's order. */
export function frame(renderer: Renderer, seconds: number): void {
  void renderer.advanceFrames(1, seconds);
}

/** Counts the fixed steps it sees, and the steps of each frame, into `log`. */
export function StepCounter({ log }: { log: { steps: number } }): null {
  useFixedUpdate(() => {
    log.steps++;
  });
  return null;
}
