import { composeMatrices } from '@loop/core';
import { DynamicDrawUsage, type InstancedMesh } from 'three';
import type { DrawnPoses } from '../drawn-poses.js';

/**
 * A run of bodies drawn as the instances of one `InstancedMesh`: one draw call, and the instance
 * matrices written straight from the blended arrays by `@loop/core`'s batch `composeMatrices`,
 * with no `Object3D` per body (writing 1 000 meshes' quaternions costs ~0.3 ms a frame in
 * three.js's onChange alone). Instance `k` is body `first + k`, for `mesh.count` bodies. The
 * matrices change every frame and the bodies wander far from where they start, so the mesh is
 * made dynamic and never frustum-culled by bounds computed once.
 *
 * @example
 * const boxes = new InstancedBodies(new InstancedMesh(geometry, material, 1000), poses, 1);
 * // render, after poses.blend(alpha):
 * boxes.update();
 */
export class InstancedBodies {
  /** The blended positions of the drawn bodies: a view made once, so drawing allocates nothing. */
  private readonly positions: Float32Array;
  private readonly orientations: Float32Array;

  constructor(
    readonly mesh: InstancedMesh,
    poses: DrawnPoses,
    first = 0,
  ) {
    if (!Number.isInteger(first) || first < 0 || first + mesh.count > poses.count) {
      throw new RangeError(
        `InstancedBodies first must be an integer from 0 to ${poses.count - mesh.count}, got ${first}`,
      );
    }
    const end = first + mesh.count;
    this.positions = poses.drawnPositions.subarray(3 * first, 3 * end);
    this.orientations = poses.drawnOrientations.subarray(4 * first, 4 * end);
    mesh.instanceMatrix.setUsage(DynamicDrawUsage);
    mesh.frustumCulled = false;
  }

  /** Writes every instance's matrix from the drawn poses: once a frame, after the blend. */
  update(): void {
    const matrices = this.mesh.instanceMatrix;
    composeMatrices(matrices.array, this.positions, this.orientations);
    matrices.needsUpdate = true;
  }
}
