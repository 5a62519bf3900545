/**
 * `@loop/r3f` beside `@react-three/rapier` 2.x on the same scene: `count` boxes falling onto a
 * floor, one `InstancedMesh`, the same Rapier step (0.19.2, the build @react-three/rapier pins,
 * at 1/60 s). Ours: `<FixedLoop>` steps `<Physics paused timeStep="vary">` through the bridge
 * (src/test-rapier-bridge.tsx) and blends the instances by alpha; theirs: `<Physics
 * timeStep={1/60} interpolate>` stepping itself, instances set to the current pose. Both run in
 * @react-three/test-renderer (Node, no WebGL: page JS only, no GPU), frames fed by hand. Prints;
 * never fails on speed.
 */
import {
  CuboidCollider,
  InstancedRigidBodies,
  Physics,
  type RapierRigidBody,
  useAfterPhysicsStep,
  useBeforePhysicsStep,
} from '@react-three/rapier';
import ReactThreeTestRenderer from '@react-three/test-renderer';
import { type ReactNode, Suspense, useRef } from 'react';
import type { InstancedMesh } from 'three';
import { FixedLoop } from '../src/fixed-loop.js';
import { InterpolatedBodies, StepPhysics } from '../src/test-rapier-bridge.js';
import '../src/test-support.js';

const STEP_S = 1 / 60;

/** What one side's run printed. */
export interface SideFigures {
  side: 'loop' | 'react-three-rapier';
  bodies: number;
  /** Mean page JS per 60 Hz frame, ms (Rapier's step included, the same on both sides). */
  msPerFrame: number;
  /** Heap growth per frame over a window with no collection forced, bytes (about). */
  bytesPerFrame: number;
  /** Steps in the frame after a 500 ms stall, then the steps of each 30 Hz frame after it. */
  stallSteps: number;
  steps30: number[];
  /** At 144 Hz: mean and largest distance, m, of a drawn body from its true interpolated pose. */
  meanError: number;
  maxError: number;
}

/** Records every step and, when `poses` is on, every body's pose before and after it. */
interface Probe {
  steps: number;
  poses: boolean;
  bodies: RapierRigidBody[] | null;
  prev: Float64Array;
  curr: Float64Array;
}

function readY(probe: Probe, into: Float64Array): void {
  const list = probe.bodies;
  if (!probe.poses || list === null) return;
  for (let i = 0; i < list.length; i++) {
    const t = list[i]!.translation();
    into[3 * i] = t.x;
    into[3 * i + 1] = t.y;
    into[3 * i + 2] = t.z;
  }
}

function StepProbe({ probe }: { probe: Probe }): null {
  useBeforePhysicsStep(() => readY(probe, probe.prev));
  useAfterPhysicsStep(() => {
    probe.steps++;
    readY(probe, probe.curr);
  });
  return null;
}

/** The boxes: a grid of columns 1.5 m apart, stacked from 2 m up, over a floor at y = 0. */
function instancesOf(count: number) {
  const side = Math.ceil(Math.sqrt(count / 4));
  return Array.from({ length: count }, (_, i) => ({
    key: `b${i}`,
    position: [
      (i % side) * 1.5 - side * 0.75,
      2 + Math.floor(i / (side * side)) * 1.5,
      (Math.floor(i / side) % side) * 1.5 - side * 0.75,
    ] as [number, number, number],
  }));
}

function Floor(): ReactNode {
  return <CuboidCollider args={[1000, 0.5, 1000]} position={[0, -0.5, 0]} />;
}

function Theirs({
  count,
  probe,
  mesh,
}: {
  count: number;
  probe: Probe;
  mesh: { current: InstancedMesh | null };
}) {
  const bodies = useRef<RapierRigidBody[]>(null);
  useAfterPhysicsStep(() => {
    probe.bodies = bodies.current;
  });
  return (
    <InstancedRigidBodies ref={bodies} instances={instancesOf(count)} colliders="cuboid">
      <instancedMesh ref={mesh} args={[undefined, undefined, count]} count={count}>
        <boxGeometry />
      </instancedMesh>
    </InstancedRigidBodies>
  );
}

/**
 * Brings the side's accumulator to a known phase, to within 0.1 ms, by its steps alone (both
 * sides keep theirs inside): 144 Hz frames until one steps (left over: under 1/144 s), one frame
 * just short of the next step, then 0.1 ms frames until it comes.
 */
function syncPhase(frame: (s: number) => void, probe: Probe): void {
  let before = probe.steps;
  for (let k = 0; k < 20 && probe.steps === before; k++) frame(1 / 144);
  frame(STEP_S - 1 / 144 - 1e-4);
  before = probe.steps;
  for (let k = 0; k < 200 && probe.steps === before; k++) frame(1e-4);
}

/**
 * 200 frames at 144 Hz: each drawn body against its true pose, the last two steps blended at the
 * frame's true alpha (the time left over after the steps, over the timestep), both sides timed
 * the same way from a known phase. The floor of this measure is 0.1 ms of phase.
 */
function measureError(
  frame: (s: number) => void,
  probe: Probe,
  mesh: InstancedMesh,
  count: number,
): { meanError: number; maxError: number } {
  probe.poses = true;
  syncPhase(frame, probe);
  let leftover = 0;
  let sum = 0;
  let max = 0;
  let n = 0;
  const array = mesh.instanceMatrix.array;
  for (let k = 0; k < 200; k++) {
    const before = probe.steps;
    frame(1 / 144);
    leftover += 1 / 144 - (probe.steps - before) * STEP_S;
    leftover = Math.min(Math.max(leftover, 0), STEP_S);
    const alpha = leftover / STEP_S;
    for (let i = 0; i < count; i++) {
      let d2 = 0;
      for (let c = 0; c < 3; c++) {
        const a = probe.prev[3 * i + c]!;
        const e = array[16 * i + 12 + c]! - (a + (probe.curr[3 * i + c]! - a) * alpha);
        d2 += e * e;
      }
      const d = Math.sqrt(d2);
      sum += d;
      n++;
      if (d > max) max = d;
    }
  }
  probe.poses = false;
  return { meanError: sum / n, maxError: max };
}

/** Runs one side: mount, load Rapier, then the four measurements in turn. */
export async function runSide(side: SideFigures['side'], count: number): Promise<SideFigures> {
  const probe: Probe = {
    steps: 0,
    poses: false,
    bodies: null,
    prev: new Float64Array(3 * count),
    curr: new Float64Array(3 * count),
  };
  const mesh: { current: InstancedMesh | null } = { current: null };
  const ours = side === 'loop';
  const scene = ours ? (
    <FixedLoop timestep={STEP_S * 1000} maxSteps={5} pauseWhenHidden={false}>
      <Suspense fallback={null}>
        <Physics paused timeStep="vary">
          <StepPhysics />
          <StepProbe probe={probe} />
          <Floor />
          <InterpolatedBodies
            instances={instancesOf(count)}
            onReady={(m, b) => {
              mesh.current = m;
              probe.bodies = b;
            }}
          >
            <boxGeometry />
          </InterpolatedBodies>
        </Physics>
      </Suspense>
    </FixedLoop>
  ) : (
    <Suspense fallback={null}>
      <Physics timeStep={STEP_S} interpolate>
        <StepProbe probe={probe} />
        <Floor />
        <Theirs count={count} probe={probe} mesh={mesh} />
      </Physics>
    </Suspense>
  );
  const renderer = await ReactThreeTestRenderer.create(scene, { frameloop: 'always' });
  const frame = (seconds: number) => void renderer.advanceFrames(1, seconds);
  for (let i = 0; i < 2000 && (mesh.current === null || probe.bodies === null); i++) {
    await ReactThreeTestRenderer.act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    frame(STEP_S);
  }
  if (mesh.current === null || probe.bodies === null) throw new Error(`${side}: never loaded`);
  for (let i = 0; i < 5; i++) frame(STEP_S); // warm-up; the boxes are falling from here
  const { meanError, maxError } = measureError(frame, probe, mesh.current, count);

  // Page JS per 60 Hz frame.
  const frames = count >= 5000 ? 10 : 60;
  const t0 = performance.now();
  for (let i = 0; i < frames; i++) frame(STEP_S);
  const msPerFrame = (performance.now() - t0) / frames;

  // Heap growth per frame: collect, then a short window (node --expose-gc for the collection).
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const h0 = process.memoryUsage().heapUsed;
  const window = count >= 5000 ? 3 : 10;
  for (let i = 0; i < window; i++) frame(STEP_S);
  const bytesPerFrame = Math.max(0, (process.memoryUsage().heapUsed - h0) / window);

  // A hostile display: a 500 ms stall, then 30 Hz.
  let before = probe.steps;
  frame(0.5);
  const stallSteps = probe.steps - before;
  const steps30: number[] = [];
  for (let i = 0; i < 8; i++) {
    before = probe.steps;
    frame(1 / 30);
    steps30.push(probe.steps - before);
  }
  await renderer.unmount();
  return {
    side,
    bodies: count,
    msPerFrame,
    bytesPerFrame,
    stallSteps,
    steps30,
    meanError,
    maxError,
  };
}

/** One line a side, as the other benchmarks print. */
export function formatFigures(f: SideFigures): string {
  return [
    `${f.side.padEnd(18)} ${String(f.bodies).padStart(6)} bodies`,
    `JS ${f.msPerFrame.toFixed(2)} ms/frame`,
    `heap +${Math.round(f.bytesPerFrame)} B/frame`,
    `stall 500 ms: ${f.stallSteps} steps, 30 Hz: ${f.steps30.join(' ')}`,
    `144 Hz drawn vs true: mean ${(f.meanError * 1000).toFixed(3)} mm, max ${(f.maxError * 1000).toFixed(3)} mm`,
  ].join(' | ');
}
