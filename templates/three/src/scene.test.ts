import { Random } from '@loop/core';
import { fitDistance } from '@loop/core/dom';
import { Color, type Fog, GridHelper, Matrix4, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { Bodies } from './bodies';
import { applyState, createView, frameScene, SCENE_RADIUS } from './scene';

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

describe('frameScene', () => {
  /** Points spread over the sphere of SCENE_RADIUS about the centre (a Fibonacci lattice). */
  function sphere(n: number): Vector3[] {
    const golden = Math.PI * (3 - Math.sqrt(5));
    return Array.from({ length: n }, (_, i) => {
      const y = 1 - (2 * (i + 0.5)) / n;
      const r = Math.sqrt(1 - y * y);
      return new Vector3(Math.cos(golden * i) * r, y, Math.sin(golden * i) * r).multiplyScalar(
        SCENE_RADIUS,
      );
    });
  }

  it.for([
    ['a phone held upright', 390, 844],
    ['a laptop', 1280, 800],
    ['a wide window', 2560, 800],
    ['a square', 600, 600],
  ] as const)('shows all of the swarm, not lost in the middle, on %s (%i × %i)', ([, w, h]) => {
    const view = createView(4);
    frameScene(view, w / h);
    view.camera.updateMatrixWorld();
    let x = 0;
    let y = 0;
    for (const point of sphere(400)) {
      const ndc = point.project(view.camera);
      x = Math.max(x, Math.abs(ndc.x));
      y = Math.max(y, Math.abs(ndc.y));
      expect(ndc.z).toBeLessThan(1); // in front of the camera, before the far plane
    }
    // On screen both ways; framed by the narrower one (the sphere's outline touches it).
    expect(Math.max(x, y)).toBeLessThanOrEqual(1);
    expect(w < h ? x : y).toBeGreaterThan(0.9);
  });

  it('holds every body inside SCENE_RADIUS, teleports included, for a minute of steps', () => {
    // Fifty: two hundred overran vitest's 5 s under Stryker's instrumentation on a busy machine.
    const bodies = new Bodies(50, new Random(7));
    let far = 0;
    for (let i = 0; i < 60 * 30; i++) {
      bodies.step(1 / 30);
      if (i % 300 === 0) bodies.teleport(i % 600 === 0);
      const p = bodies.positions.current;
      for (let b = 0; b < p.length; b += 3) {
        far = Math.max(far, Math.sqrt(p[b]! ** 2 + p[b + 1]! ** 2 + p[b + 2]! ** 2));
      }
    }
    expect(far + 0.5).toBeLessThanOrEqual(SCENE_RADIUS); // the shapes are under 1 across
  });
});

describe('createView and frameScene, beyond the framing', () => {
  it('puts the camera fitDistance from the centre, above the plane and in front, with the fog band moving with it', () => {
    for (const aspect of [390 / 844, 1280 / 800]) {
      const view = createView(4);
      frameScene(view, aspect);
      const distance = fitDistance(SCENE_RADIUS, view.camera.fov, aspect);
      const eye = view.camera.position;
      expect(eye.length()).toBeCloseTo(distance, 9);
      expect(eye.x).toBe(0);
      // 7 up for 15 forward: the orbits seen from above, not edge on.
      expect(eye.y / eye.z).toBeCloseTo(7 / 15, 12);
      const fog = view.scene.fog as Fog;
      // The fog starts half a swarm's radius in front of the centre and ends 2.2 radii past it.
      expect(fog.near).toBeCloseTo(distance - 0.5 * SCENE_RADIUS, 9);
      expect(fog.far).toBeCloseTo(distance + 2.2 * SCENE_RADIUS, 9);
    }
  });

  it('gives every body a colour of its own around the hue circle, never culls a mesh, and lays the floor under the swarm', () => {
    const count = 9;
    const view = createView(count);
    const drawn = new Color();
    const expected = new Color();
    let body = 0;
    for (const batch of view.batches) {
      expect(batch.mesh.frustumCulled).toBe(false); // the bounding sphere would go stale
      for (let i = 0; i < batch.mesh.count; i++, body++) {
        batch.mesh.getColorAt(i, drawn);
        expect(drawn.getHex()).toBe(expected.setHSL(body / count, 0.7, 0.6).getHex());
      }
    }
    expect(body).toBe(count);
    const grid = view.scene.children.find((c) => c instanceof GridHelper)!;
    // Bodies start at most 1 off the plane and swing up to about 1.7 below it.
    expect(grid.position.y).toBeLessThan(-2);
    expect(grid.position.y).toBeGreaterThan(-SCENE_RADIUS);
  });
});
