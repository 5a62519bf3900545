import {
  BoxGeometry,
  DynamicDrawUsage,
  InstancedMesh,
  Matrix4,
  MeshBasicMaterial,
  Quaternion,
  Vector3,
} from 'three';
import { describe, expect, it } from 'vitest';
import { Poses } from '../poses.js';
import { InstancedBodies } from './instanced-bodies.js';

/** A mesh of `count` instances. */
const mesh = (count: number) =>
  new InstancedMesh(new BoxGeometry(), new MeshBasicMaterial(), count);

describe('InstancedBodies', () => {
  it('writes each instance’s matrix from its body’s blended pose, from body `first` on', () => {
    const poses = new Poses(3);
    poses.positions.current.set([9, 9, 9, 1, 2, 3, -4, 5, 0.5]);
    poses.orientations.current.set([0, 0, 0, 1, 0, 0.6, 0, 0.8, 0.8, 0, 0, 0.6]);
    poses.teleportAll();
    poses.blend(0.5);
    const boxes = new InstancedBodies(mesh(2), poses, 1);
    const version = boxes.mesh.instanceMatrix.version;
    boxes.update();
    expect(boxes.mesh.instanceMatrix.version).toBe(version + 1); // needsUpdate
    const got = new Matrix4();
    for (let k = 0; k < 2; k++) {
      const p = poses.drawnPositions.subarray(3 * (k + 1));
      const q = poses.drawnOrientations.subarray(4 * (k + 1));
      const want = new Matrix4().compose(
        new Vector3(p[0], p[1], p[2]),
        new Quaternion(q[0], q[1], q[2], q[3]),
        new Vector3(1, 1, 1),
      );
      boxes.mesh.getMatrixAt(k, got);
      for (let e = 0; e < 16; e++) expect(got.elements[e]).toBeCloseTo(want.elements[e]!, 6);
    }
  });

  it('writes the blend at alpha, not the current pose: a body moved and turned a quarter in a step, halfway', () => {
    // A ball (body 0, drawn apart) and two boxes; box 1 moved from (1, .25, 1) to (2, .25, 1)
    // and turned a quarter about z in the last step.
    const poses = new Poses(3);
    const p = poses.positions.current;
    p.set([0, 1, 0, 1, 0.25, 1, -1, 0.25, -1]);
    poses.orientations.current.set([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
    poses.save();
    p.set([4, 3, 0, 2, 0.25, 1, -1, 0.25, -1]);
    const half = Math.SQRT1_2;
    poses.orientations.current.set([0, half, 0, half, 0, 0, half, half, 0, 0, 0, 1]);
    poses.blend(0.5);
    const boxes = new InstancedBodies(mesh(poses.count - 1), poses, 1);
    boxes.update();
    const matrix = new Matrix4();
    const position = new Vector3();
    const rotation = new Quaternion();
    const scale = new Vector3();
    boxes.mesh.getMatrixAt(0, matrix); // instance 0 is body 1
    matrix.decompose(position, rotation, scale);
    expect(position.distanceTo(new Vector3(1.5, 0.25, 1))).toBeLessThan(1e-6);
    const halfway = new Quaternion().slerpQuaternions(
      new Quaternion(),
      new Quaternion(0, 0, Math.SQRT1_2, Math.SQRT1_2),
      0.5,
    );
    expect(Math.abs(rotation.dot(halfway))).toBeCloseTo(1, 6);
    expect(boxes.mesh.count).toBe(poses.count - 1);
  });

  it('makes the mesh dynamic and never culled, and refuses a run past the bodies', () => {
    const poses = new Poses(3);
    const all = new InstancedBodies(mesh(3), poses);
    expect(all.mesh.instanceMatrix.usage).toBe(DynamicDrawUsage);
    expect(all.mesh.frustumCulled).toBe(false);
    for (const first of [-1, 1, 0.5]) {
      expect(() => new InstancedBodies(mesh(3), poses, first)).toThrow(
        new RangeError(`InstancedBodies first must be an integer from 0 to 0, got ${first}`),
      );
    }
  });
});
