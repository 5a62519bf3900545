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
