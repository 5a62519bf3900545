/**
 * Test support for `<WorkerLoop>` (not shipped): a scene mounted under a `<WorkerLoop>` served by
 * a test simulation (test-worker.ts) in React Three Fiber's test renderer, re-rendered with new
 * props through `update`; and the parts of a scene its tests share.
 */
import type { WorkerLoop as CoreWorkerLoop } from '@loop/core/worker';
import ReactThreeTestRenderer from '@react-three/test-renderer';
import { createRef, type ReactNode, useRef } from 'react';
import type { InstancedMesh } from 'three';
import { useInterpolatedInstances } from './interpolated-instances.js';
import type { Frameloop } from './test-support.js';
// For its requestAnimationFrame stand-in and React's act() flag.
import './test-support.js';
import { poseLayout, type Served } from './test-worker.js';
import { useFixedUpdate } from './use-fixed-update.js';
import { WorkerLoop, type WorkerLoopProps } from './worker-loop.js';

/** The bodies of the snapshots {@link mountWorker} expects unless its props say otherwise. */
export const BODIES = 3;

/** The layout of `served(count)`'s snapshots. */
export type PoseLayout = ReturnType<typeof poseLayout>;

/** Mounts `children` under `<WorkerLoop>` on `game` ({@link BODIES} bodies unless `props` say otherwise). */
export async function mountWorker(
  children: ReactNode,
  game: Served,
  props: Partial<WorkerLoopProps<PoseLayout>> = {},
  frameloop: Frameloop = 'always',
) {
  const ref = createRef<CoreWorkerLoop | null>();
  const wrap = (inner: ReactNode, given: Partial<WorkerLoopProps<PoseLayout>>) => (
    <WorkerLoop<PoseLayout>
      ref={ref}
      worker={() => game.worker}
      snapshot={poseLayout(BODIES)}
      input={1}
      transport="message"
      pauseWhenHidden={false}
      {...given}
    >
      {inner}
    </WorkerLoop>
  );
  const renderer = await ReactThreeTestRenderer.create(wrap(children, props), { frameloop });
  return {
    renderer,
    ref,
    /** Renders again with `given` in place of the props (children as given, or as mounted). */
    update: (given: Partial<WorkerLoopProps<PoseLayout>>, inner: ReactNode = children) =>
      renderer.update(wrap(inner, given)),
  };
}

/** Draws `count` of the worker's bodies through one InstancedMesh; `mesh` receives it. */
export function Bodies({
  mesh,
  count = BODIES,
}: {
  mesh: { current: InstancedMesh | null };
  count?: number;
}) {
  const ref = useRef<InstancedMesh>(null);
  useInterpolatedInstances(ref, count);
  return (
    <instancedMesh
      ref={(m: InstancedMesh | null) => {
        ref.current = m;
        mesh.current = m;
      }}
      args={[undefined, undefined, count]}
    />
  );
}

/** A page-side step, which <WorkerLoop> refuses. */
export function Stepper(): null {
  useFixedUpdate(() => {});
  return null;
}
