/**
 * `@loop/r3f` beside `@react-three/rapier` 2.x on the same scene: `count` boxes falling onto a
 * floor, one `InstancedMesh`, the same Rapier step (1/60 s, Rapier's default parameters, which
 * `<Physics>` sets). Three sides:
 * - `loop-rapier`, what a user of loop picks: `<FixedLoop>` steps a Rapier 0.21 world and hands
 *   `@loop/rapier`'s `Poses` to `useInterpolatedInstances` (as the r3f template does; loop-rapier.tsx);
 * - `loop-bridge`, for people who keep `@react-three/rapier`: `<FixedLoop>` steps its `<Physics
 *   paused timeStep="vary">` (Rapier 0.19.2, the build it pins) through the bridge
 *   (src/test-rapier-bridge.tsx) and blends the instances by alpha;
 * - `react-three-rapier`: `<Physics timeStep={1/60} interpolate>` stepping itself (0.19.2),
 *   instances set to the current pose.
 * All run in @react-three/test-renderer (Node, no WebGL: page JS only, no GPU), frames fed by
 * hand, and are measured alike (measure.ts). Prints; never fails on speed.
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
import { mountLoopRapier } from './loop-rapier.js';
import {
  baseline,
  measure,
  type Probe,
  probeOf,
  type Side,
  type SideFigures,
  STEP_S,
  startOf,
} from './measure.js';

/** A probe of a @react-three/rapier world: its bodies, read by hand around each step. */
interface BodyProbe extends Probe {
  bodies: RapierRigidBody[] | null;
}

function readPositions(probe: BodyProbe, into: Float64Array): void {
  const list = probe.bodies;
  if (!probe.poses || list === null) return;
  for (let i = 0; i < list.length; i++) {
    const t = list[i]!.translation();
    into[3 * i] = t.x;
    into[3 * i + 1] = t.y;
    into[3 * i + 2] = t.z;
  }
}

/** Reads the bodies around each step and times `world.step()` (between the two callbacks). */
function StepProbe({ probe }: { probe: BodyProbe }): null {
  useBeforePhysicsStep(() => {
    readPositions(probe, probe.prev);
    probe.stepStart = performance.now();
  });
  useAfterPhysicsStep(() => {
    probe.stepMs += performance.now() - probe.stepStart;
    probe.steps++;
    readPositions(probe, probe.curr);
  });
  return null;
}

/** The boxes as `InstancedRigidBodies` takes them. */
function instancesOf(count: number) {
  return Array.from({ length: count }, (_, i) => ({ key: `b${i}`, position: startOf(i, count) }));
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
  probe: BodyProbe;
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

/** The scene of a side on @react-three/rapier: through the bridge, or its own stepping. */
function sceneOf(
  side: Side,
  count: number,
  probe: BodyProbe,
  mesh: { current: InstancedMesh | null },
) {
  if (side === 'loop-bridge') {
    return (
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
    );
  }
  return (
    <Suspense fallback={null}>
      <Physics timeStep={STEP_S} interpolate>
        <StepProbe probe={probe} />
        <Floor />
        <Theirs count={count} probe={probe} mesh={mesh} />
      </Physics>
    </Suspense>
  );
}

/** Runs one side: mount, load Rapier, then the measurements of measure.ts in turn. */
export async function runSide(
  side: Exclude<Side, 'r3f-alone'>,
  count: number,
  frames?: number,
): Promise<SideFigures> {
  if (side === 'loop-rapier') {
    const { frame, probe, mesh, unmount } = await mountLoopRapier(count);
    const figures = measure(side, frame, probe, mesh, count, frames);
    await unmount();
    return figures;
  }
  const probe: BodyProbe = { ...probeOf(count), bodies: null };
  const mesh: { current: InstancedMesh | null } = { current: null };
  const renderer = await ReactThreeTestRenderer.create(sceneOf(side, count, probe, mesh), {
    frameloop: 'always',
  });
  const frame = (seconds: number) => void renderer.advanceFrames(1, seconds);
  for (let i = 0; i < 2000 && (mesh.current === null || probe.bodies === null); i++) {
    await ReactThreeTestRenderer.act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    frame(STEP_S);
  }
  if (mesh.current === null || probe.bodies === null) throw new Error(`${side}: never loaded`);
  const figures = measure(side, frame, probe, mesh.current, count, frames);
  await renderer.unmount();
  return figures;
}

/** The baseline: an empty `<FixedLoop>` in the same renderer, `frames` frames timed. */
export async function runBaseline(frames = 60): Promise<SideFigures> {
  const renderer = await ReactThreeTestRenderer.create(
    <FixedLoop timestep={STEP_S * 1000} maxSteps={5} pauseWhenHidden={false} />,
    { frameloop: 'always' },
  );
  const figures = baseline((seconds) => void renderer.advanceFrames(1, seconds), frames);
  await renderer.unmount();
  return figures;
}

export { formatFigures } from './measure.js';
