import { Random } from '@loop/core';
import { Matrix4, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { Bodies } from './bodies';
import { applyState, createView } from './scene';

describe('applyState', () => {
  it("draws every body at its blended place and orientation: Matrix4.compose's matrix, in its shape's mesh", () => {
    const count = 13; // not a multiple of the four shapes: ranges of 4, 3, 3 and 3
    const bodies = new Bodies(count, new Random(3));
    for (let i = 0; i < 5; i++) bodies.step(1 / 30);
    const view = createView(count);
    bodies.positions.blend(view.positions, 0.4);
    bodies.orientations.blend(view.orientations, 0.4);
    const versions = view.batches.map((b) => b.mesh.instanceMatrix.version);
    applyState(view);

    const expected = new Matrix4();
    const drawn = new Matrix4();
    const position = new Vector3();
    const orientation = new Quaternion();
    const unit = new Vector3(1, 1, 1);
    let body = 0;
    view.batches.forEach((batch, shape) => {
      expect(batch.mesh.instanceMatrix.version).toBe(versions[shape]! + 1); // flagged for upload
      expect(batch.positions.buffer).toBe(view.positions.buffer); // a view made once, not a copy
      for (let i = 0; i < batch.mesh.count; i++, body++) {
        position.fromArray(view.positions, 3 * body);
        orientation.fromArray(view.orientations, 4 * body);
        expected.compose(position, orientation, unit);
        batch.mesh.getMatrixAt(i, drawn);
        drawn.elements.forEach((e, k) => {
          expect(e).toBeCloseTo(expected.elements[k]!, 5);
        });
      }
    });
    expect(body).toBe(count);
  });
});
