/**
 * The bridge for `@react-three/rapier` users, as the README's "With @react-three/rapier" section
 * shows it (not shipped: `@loop/r3f` does not depend on `@react-three/rapier`; copy these two
 * components). `<Physics paused timeStep="vary">` stops its own per-frame stepping (a [0, 0.5] s
 * clamp and no cap on steps) and its `step(dt)` is called once per fixed step of the nearest
 * `<FixedLoop>`, so `maxDelta`, `maxSteps` and the time scale are core's; instanced bodies are
 * read after each step and blended by `alpha` (it sets them to the current pose, no blend).
 */
import {
  InstancedRigidBodies,
  type InstancedRigidBodyProps,
  type RapierRigidBody,
  useRapier,
} from '@react-three/rapier';
import { type ReactNode, useRef } from 'react';
import type { InstancedMesh } from 'three';
import { useInterpolatedInstances } from './interpolated-instances.js';
import { useFixedUpdate } from './use-fixed-update.js';

/**
 * Steps the enclosing `<Physics paused timeStep="vary">` once per fixed step, by the timestep in
 * seconds (at `priority`: game logic that pushes bodies runs at a lower one, readers at a higher).
 */
export function StepPhysics({ priority = 0 }: { priority?: number }): null {
  const { step } = useRapier();
  useFixedUpdate((dt) => step(dt), priority);
  return null;
}

/** Props of {@link InterpolatedBodies}. */
export interface InterpolatedBodiesProps {
  /** One entry per body, as `InstancedRigidBodies` takes them (key, position, rotation). */
  instances: InstancedRigidBodyProps[];
  /** The mesh's geometry and material. */
  children?: ReactNode;
  /** Receives the mesh and the bodies (tests, a respawn). */
  onReady?: (mesh: InstancedMesh, bodies: RapierRigidBody[]) => void;
}

/**
 * `InstancedRigidBodies` drawn between steps: after each step (priority 1, after
 * {@link StepPhysics} at 0) every body's pose is read into `useInterpolatedInstances`, which
 * blends them into the `InstancedMesh` every rendered frame. The first read is a teleport, so
 * nothing is drawn sliding in from the origin.
 */
export function InterpolatedBodies({ instances, children, onReady }: InterpolatedBodiesProps) {
  const count = instances.length;
  const mesh = useRef<InstancedMesh>(null);
  const bodies = useRef<RapierRigidBody[]>(null);
  const poses = useInterpolatedInstances(mesh, count);
  const read = useRef(false);
  useFixedUpdate(() => {
    const list = bodies.current;
    if (list === null || list.length < count) return;
    const p = poses.positions;
    const q = poses.orientations;
    for (let i = 0; i < count; i++) {
      // Rapier 0.19 (what @react-three/rapier 2.2 pins) has no target argument: two small
      // objects a body, as @react-three/rapier's own step makes for every body.
      const t = list[i]!.translation();
      const r = list[i]!.rotation();
      p[3 * i] = t.x;
      p[3 * i + 1] = t.y;
      p[3 * i + 2] = t.z;
      q[4 * i] = r.x;
      q[4 * i + 1] = r.y;
      q[4 * i + 2] = r.z;
      q[4 * i + 3] = r.w;
    }
    if (!read.current) {
      read.current = true;
      poses.teleport();
      if (mesh.current) onReady?.(mesh.current, list);
    }
  }, 1);
  return (
    <InstancedRigidBodies ref={bodies} instances={instances} colliders="cuboid">
      <instancedMesh ref={mesh} args={[undefined, undefined, count]} count={count}>
        {children}
      </instancedMesh>
    </InstancedRigidBodies>
  );
}
