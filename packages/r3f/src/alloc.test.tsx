import v8 from 'node:v8';
import vm from 'node:vm';
import { type RootState, useStore } from '@react-three/fiber';
import { type RefObject, useRef } from 'react';
import type { InstancedMesh, Mesh } from 'three';
import { describe, expect, it } from 'vitest';
import { useInterpolatedInstances } from './interpolated-instances.js';
import { useInterpolatedObject } from './interpolated-object.js';
import { mount } from './test-support.js';
import { useFixedRender, useFixedUpdate } from './use-fixed-update.js';

/**
 * Allocation guard for the per-step and per-frame path: `<FixedLoop>`'s driver, core's frame,
 * the hooks' subscriber lists, an interpolated mesh and interpolated instances, run for
 * thousands of frames of a jittery 144 Hz display. Frames are run the way R3F's own loop runs
 * them (every `useFrame` subscriber of the store, in order), not through the test renderer's
 * `advanceFrames`, which makes promises of its own.
 *
 * The young generation is read after a full collection and again after FRAMES frames (too few
 * for a scavenge to hide garbage), so short-lived garbage counts too; the process's other work
 * adds noise in bursts, so the smallest of WINDOWS windows is kept. What remains is a handful of
 * boxed numbers a frame (a timestamp, dt and alpha handed from call to call, which V8 boxes;
 * core's own guard allows them too): the same with 64 bodies as with 1, so nothing is made per
 * body, per step or per subscriber. The self-check keeps one object per body per step (what
 * `@react-three/rapier` makes: a previous-state object per body per step) and is caught.
 */
const FRAMES = 3_000;
const WINDOWS = 5;
const WARMUP = 20_000;
const BODIES = 64;

const gc: () => void = (() => {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return existing;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
})();

function youngBytes(): number {
  for (const space of v8.getHeapSpaceStatistics()) {
    if (space.space_name === 'new_space') return space.space_used_size;
  }
  throw new Error('no new_space');
}

/** A 144 Hz display with deterministic ±1 ms jitter, in seconds per frame. */
function delta(i: number): number {
  const jitter = (((i * 2654435761) >>> 0) / 2 ** 32 - 0.5) * 2;
  return (1000 / 144 + jitter) / 1000;
}

const kept: object[] = [];
const alphas = new Float64Array(1);

interface SceneProps {
  store: { state: (() => RootState) | null };
  /** Keeps one object per body per step. */
  leak: boolean;
  /** Instanced bodies. */
  count: number;
}

/** A scene with every hook of the package at work on `count` instanced bodies and one mesh. */
function Scene({ store, leak, count }: SceneProps) {
  store.state = useStore().getState;
  const mesh = useRef<Mesh>(null);
  const crowd: RefObject<InstancedMesh | null> = useRef(null);
  const pose = useInterpolatedObject(mesh);
  const bodies = useInterpolatedInstances(crowd, count);
  useFixedUpdate((dt, tick) => {
    pose.position[0] = pose.position[0]! + dt;
    pose.quaternion[2] = Math.sin(tick * 0.01);
    pose.quaternion[3] = Math.cos(tick * 0.01);
    const p = bodies.positions;
    for (let i = 0; i < p.length; i++) p[i] = p[i]! + dt;
    if (leak) for (let i = 0; i < count; i++) kept.push({ tick });
  });
  useFixedRender((alpha) => {
    alphas[0] = alpha;
  });
  return (
    <>
      <mesh ref={mesh} />
      <instancedMesh ref={crowd} args={[undefined, undefined, count]} />
    </>
  );
}

/** Runs `count` frames from frame number `from` as R3F's loop does; returns the next number. */
function run(state: () => RootState, from: number, count: number): number {
  const s = state();
  const subscribers = s.internal.subscribers;
  for (let i = from; i < from + count; i++) {
    for (let j = 0; j < subscribers.length; j++) subscribers[j]!.ref.current(s, delta(i));
  }
  return from + count;
}

/** Bytes allocated per frame, the smallest over WINDOWS windows of FRAMES frames after a warm-up. */
async function bytesPerFrame(count: number, leak = false): Promise<number> {
  const store: { state: (() => RootState) | null } = { state: null };
  const { renderer } = await mount(<Scene store={store} leak={leak} count={count} />, {
    timestep: 1000 / 60,
  });
  const state = store.state!;
  let at = run(state, 0, WARMUP);
  let least = Infinity;
  for (let w = 0; w < WINDOWS; w++) {
    kept.length = 0;
    gc();
    gc();
    const before = youngBytes();
    at = run(state, at, FRAMES);
    least = Math.min(least, (youngBytes() - before) / FRAMES);
  }
  await renderer.unmount();
  kept.length = 0;
  return least;
}

describe('allocation per frame', () => {
  it('is the same with 64 bodies as with 1: nothing per body, per step or per subscriber', async () => {
    const one = await bytesPerFrame(1);
    const many = await bytesPerFrame(BODIES);
    // Under 256 bytes a frame apart: busy fresh-clone CI runs measured 16 and 64 (boxed numbers,
    // by the JIT's timing, not by the body count); one object per body is 64 × 16 bytes and more,
    // four times the margin.
    expect(many - one).toBeLessThan(256);
    expect(many).toBeLessThan(160); // a handful of boxed numbers; one object per body is 1 kB
  });

  it('self-check: one object per body per step is caught', async () => {
    const one = await bytesPerFrame(1);
    const leaking = await bytesPerFrame(BODIES, true);
    expect(leaking - one).toBeGreaterThan(100);
  });
});
