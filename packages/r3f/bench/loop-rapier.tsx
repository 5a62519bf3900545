/**
 * The benchmark's `loop-rapier` side, what a user of loop picks (the r3f template's way):
 * `<FixedLoop>` steps a Rapier 0.21 world (`@dimforge/rapier3d-compat`, the WebAssembly inlined)
 * once per fixed step in `useFixedUpdate`, `Poses` of `@loop/rapier` reads the bodies Rapier moved
 * into flat arrays (`translation(target)`, no object a body), and `useInterpolatedInstances`
 * blends them into the `InstancedMesh` every frame. The scene is the other sides': 1 m boxes at
 * the same places over the same floor, Rapier's default parameters set as `<Physics>` sets them.
 */
import RAPIER, { type World } from '@dimforge/rapier3d-compat';
import { Poses } from '@loop/rapier';
import ReactThreeTestRenderer from '@react-three/test-renderer';
import { useLayoutEffect, useRef } from 'react';
import type { InstancedMesh } from 'three';
import { FixedLoop } from '../src/fixed-loop.js';
import { useInterpolatedInstances } from '../src/interpolated-instances.js';
import { useFixedUpdate } from '../src/use-fixed-update.js';
import { type Probe, probeOf, STEP_S, startOf } from './measure.js';

/** The world of `count` boxes over the floor, and its poses read once (the first frames' pose). */
function makeWorld(count: number): { world: World; poses: Poses } {
  const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
  // What @react-three/rapier 2.2's <Physics> writes by default (Rapier's own defaults; 0.21 has
  // no minIslandSize).
  world.numSolverIterations = 4;
  world.numInternalPgsIterations = 1;
  world.maxCcdSubsteps = 1;
  world.lengthUnit = 1;
  world.integrationParameters.normalizedAllowedLinearError = 0.001;
  world.integrationParameters.normalizedPredictionDistance = 0.002;
  world.integrationParameters.contact_natural_frequency = 30;
  world.createCollider(RAPIER.ColliderDesc.cuboid(1000, 0.5, 1000).setTranslation(0, -0.5, 0));
  const bodies = [];
  for (let i = 0; i < count; i++) {
    const [x, y, z] = startOf(i, count);
    const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(x, y, z));
    world.createCollider(RAPIER.ColliderDesc.cuboid(0.5, 0.5, 0.5), body);
    body.userData = i; // its place in `poses`
    bodies.push(body);
  }
  const poses = new Poses(count);
  poses.readAll(bodies);
  poses.teleportAll();
  return { world, poses };
}

interface BoxesProps {
  world: World;
  poses: Poses;
  probe: Probe;
  onMesh: (mesh: InstancedMesh) => void;
}

/** The boxes: one step of the world per fixed step, the poses handed to the blend. */
function Boxes({ world, poses, probe, onMesh }: BoxesProps) {
  const count = poses.count;
  const mesh = useRef<InstancedMesh>(null);
  const bodies = useInterpolatedInstances(mesh, count);
  useLayoutEffect(() => {
    bodies.positions.set(poses.positions.current);
    bodies.orientations.set(poses.orientations.current);
    bodies.teleport();
    if (mesh.current) onMesh(mesh.current);
  }, [bodies, poses, onMesh]);
  useFixedUpdate((dt) => {
    probe.steps++;
    if (!probe.physics) return; // the benchmark's window without Rapier's calls
    poses.save();
    world.timestep = dt;
    probe.stepStart = performance.now();
    world.step();
    probe.stepMs += performance.now() - probe.stepStart;
    poses.readActive(world);
    bodies.positions.set(poses.positions.current);
    bodies.orientations.set(poses.orientations.current);
    if (probe.poses) {
      probe.prev.set(poses.positions.previous);
      probe.curr.set(poses.positions.current);
    }
  });
  return (
    <instancedMesh ref={mesh} args={[undefined, undefined, count]} frustumCulled={false}>
      <boxGeometry />
    </instancedMesh>
  );
}

/** Loads Rapier 0.21, builds the world and mounts the scene; frames are fed by hand. */
export async function mountLoopRapier(count: number) {
  await RAPIER.init();
  const { world, poses } = makeWorld(count);
  const probe = { ...probeOf(count), canSkipPhysics: true };
  let mesh: InstancedMesh | null = null;
  const onMesh = (m: InstancedMesh) => {
    mesh = m;
  };
  const renderer = await ReactThreeTestRenderer.create(
    <FixedLoop timestep={STEP_S * 1000} maxSteps={5} pauseWhenHidden={false}>
      <Boxes world={world} poses={poses} probe={probe} onMesh={onMesh} />
    </FixedLoop>,
    { frameloop: 'always' },
  );
  if (mesh === null) throw new Error('loop-rapier: no mesh after mount');
  return {
    frame: (seconds: number) => void renderer.advanceFrames(1, seconds),
    probe,
    mesh: mesh as InstancedMesh,
    unmount: async () => {
      await renderer.unmount();
      world.free();
    },
  };
}
