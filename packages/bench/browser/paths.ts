import { createLoop, type LoopState } from '@loop/core';
// The rapier template's own code, not a copy of it: what the bench times is what the game runs.
import { Poses } from '@loop/rapier';
import { BoxGeometry, Mesh, MeshBasicMaterial, Quaternion, Scene, Vector3 } from 'three';
import { View } from '../../../templates/rapier/src/scene';
import type { PoseSequence } from './rapier-poses';

/**
 * The two ways to draw many interpolated bodies, as a frame's hooks: `step` takes the next
 * recorded pose as current (what reading Rapier after a step does), `render` blends previous
 * and current at alpha and leaves the result where three.js draws it from.
 */
export interface Path {
  step(): void;
  render(alpha: number, state?: LoopState): void;
  /** What three.js draws, for the WebGL measurement. */
  scene: Scene;
}

/** The loop's time when a caller gives none (the WebGL measure): the start. */
const START = { time: 0, dt: 0 };

const geometry = new BoxGeometry(0.5, 0.5, 0.5);
const material = new MeshBasicMaterial({ color: '#7aa2ff' });

/**
 * The rapier template's path, run by its own classes: `Poses` (the `Interpolated` save, batch
 * lerp and batch slerp) and `View.update` (`composeMatrices` into one `InstancedMesh`, the ball
 * and the camera on the blended pose), exactly as its main.ts renders. Body 0 is the ball, as in
 * the game. Only the read from Rapier is replaced: the step copies the recorded poses into
 * current where the game reads its bodies.
 */
export function loopPath(sequence: PoseSequence): Path {
  const poses = new Poses(sequence.count);
  const view = new View(poses);
  let k = 0;
  return {
    scene: view.scene,
    step() {
      poses.save();
      poses.positions.current.set(sequence.positions[k]!);
      poses.orientations.current.set(sequence.orientations[k]!);
      k = (k + 1) % sequence.positions.length;
    },
    render(alpha, state) {
      poses.blend(alpha);
      view.update(alpha, state ?? START);
    },
  };
}

/**
 * The straightforward three.js way: a `Mesh` per body, previous and current as `Vector3` and
 * `Quaternion` objects, `lerpVectors` and `slerpQuaternions` into each mesh every frame, then
 * `scene.updateMatrixWorld()`, which `renderer.render` would call.
 */
export function threePath(poses: PoseSequence): Path {
  const n = poses.count;
  const scene = new Scene();
  const meshes: Mesh[] = [];
  const previous = { p: [] as Vector3[], q: [] as Quaternion[] };
  const current = { p: [] as Vector3[], q: [] as Quaternion[] };
  for (let i = 0; i < n; i++) {
    const mesh = new Mesh(geometry, material);
    meshes.push(mesh);
    scene.add(mesh);
    previous.p.push(new Vector3());
    previous.q.push(new Quaternion());
    current.p.push(new Vector3());
    current.q.push(new Quaternion());
  }
  let k = 0;
  return {
    scene,
    step() {
      const p = poses.positions[k]!;
      const q = poses.orientations[k]!;
      for (let i = 0; i < n; i++) {
        previous.p[i]!.copy(current.p[i]!);
        previous.q[i]!.copy(current.q[i]!);
        current.p[i]!.fromArray(p, 3 * i);
        current.q[i]!.fromArray(q, 4 * i);
      }
      k = (k + 1) % poses.positions.length;
    },
    render(alpha) {
      for (let i = 0; i < n; i++) {
        const mesh = meshes[i]!;
        mesh.position.lerpVectors(previous.p[i]!, current.p[i]!, alpha);
        mesh.quaternion.slerpQuaternions(previous.q[i]!, current.q[i]!, alpha);
      }
      scene.updateMatrixWorld();
    },
  };
}

/** A loop on the manual scheduler driving one path; `run` plays more frames of it. */
export interface Driver {
  /** Plays `frames` more frames and returns the mean ms per frame, loop included. */
  run(frames: number): number;
}

/**
 * Drives `path` through @loop/core's loop on the manual scheduler: a 60 Hz simulation shown
 * on a 144 Hz display (frames with 0 or 1 step, every one rendered). The loop is made once, so
 * `run` itself allocates nothing but what the path does.
 */
export function drive(path: Path): Driver {
  const loop = createLoop({
    scheduler: 'manual',
    timestep: 1000 / 60,
    update: path.step,
    render: path.render,
  });
  loop.start();
  let frame = 0;
  return {
    run(frames) {
      const start = performance.now();
      const end = frame + frames;
      for (; frame < end; frame++) loop.frame((frame * 1000) / 144);
      return (performance.now() - start) / frames;
    },
  };
}
