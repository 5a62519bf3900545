import { Poses } from '@loop/rapier';
import { Box3, BoxGeometry, Color, type Fog, GridHelper, Mesh, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { View } from './scene';

/** The view of a ball and `boxes` boxes, all at the origin and unturned. */
function viewOf(boxes = 2): View {
  const poses = new Poses(boxes + 1);
  poses.orientations.current.fill(0).forEach((_, k, o) => {
    if (k % 4 === 3) o[k] = 1;
  });
  poses.save();
  poses.blend(0);
  return new View(poses);
}

/** The size of `object`'s bounds in world space. */
function size(object: Mesh | GridHelper): Vector3 {
  object.updateMatrixWorld();
  return new Box3().setFromObject(object).getSize(new Vector3());
}

describe('the scene', () => {
  it('has the physics’ floor: 24 m square, its top at y = 0, a grid line every metre on it', () => {
    const view = viewOf();
    const floor = view.scene.children.find(
      (c): c is Mesh => c instanceof Mesh && c.geometry instanceof BoxGeometry,
    )!;
    expect(size(floor).toArray()).toEqual([24, 1, 24]);
    expect(new Box3().setFromObject(floor).max.y).toBe(0);
    const grid = view.scene.children.find((c): c is GridHelper => c instanceof GridHelper)!;
    expect(size(grid).x).toBe(24);
    expect(size(grid).z).toBe(24);
    // 25 lines each way, two points a line.
    expect(grid.geometry.getAttribute('position').count).toBe(2 * 2 * 25);
  });

  it('draws every box, 0.5 m on a side, wherever it flies: no culling by stale bounds', () => {
    const view = viewOf(5);
    expect(view.boxes.count).toBe(5);
    const geometry = view.boxes.geometry as BoxGeometry;
    expect([
      geometry.parameters.width,
      geometry.parameters.height,
      geometry.parameters.depth,
    ]).toEqual([0.5, 0.5, 0.5]);
    expect(view.boxes.frustumCulled).toBe(false);
    expect(view.scene.children).toContain(view.boxes);
    expect(view.scene.children).toContain(view.ball);
  });

  it('fades the distance into the sky: the fog has the background’s colour', () => {
    const scene = viewOf().scene;
    expect((scene.fog as Fog).color.getHex()).toBe((scene.background as Color).getHex());
  });

  it('colours the boxes blue to violet, each told apart from the one beside it', () => {
    const view = viewOf(30);
    const hues: number[] = [];
    const hsl = { h: 0, s: 0, l: 0 };
    for (let i = 0; i < 30; i++) {
      view.boxes.getColorAt(i, new Color()).getHSL(hsl);
      hues.push(hsl.h);
      expect(hsl.s).toBeCloseTo(0.65, 2);
      expect(hsl.l).toBeCloseTo(0.58, 2);
    }
    expect(Math.min(...hues)).toBeGreaterThanOrEqual(0.55 - 1e-6);
    expect(Math.max(...hues)).toBeLessThanOrEqual(0.9 + 1e-6);
    for (let i = 1; i < 30; i++) expect(Math.abs(hues[i]! - hues[i - 1]!)).toBeGreaterThan(0.05);
  });

  it('keeps the fog from 30 m to 70 m of a landscape camera, and moves it back with the camera', () => {
    const view = viewOf();
    const fog = view.scene.fog as Fog;
    view.frame(16 / 9);
    expect(fog.near).toBeCloseTo(30, 9);
    expect(fog.far).toBeCloseTo(70, 9);
    view.update(0, { time: 0, dt: 0 });
    const landscape = view.camera.position.length();
    view.frame(390 / 844);
    view.update(0, { time: 0, dt: 0 });
    const back = view.camera.position.length() - landscape;
    expect(back).toBeGreaterThan(5);
    expect(fog.near).toBeCloseTo(30 + back, 9);
    expect(fog.far).toBeCloseTo(70 + back, 9);
  });
});

describe('View.update', () => {
  it('sways by the simulated time of the frame: the loop’s time plus alpha steps', () => {
    const view = viewOf();
    // 2 s, and half of a 2 s step: 3 s in, a quarter of the 12 s sway, its widest (0.2 rad).
    view.update(0.5, { time: 2, dt: 2 });
    const p = view.camera.position;
    expect(Math.atan2(p.x, p.z)).toBeCloseTo(0.2, 9);
    view.update(0, { time: 6, dt: 2 }); // half a period: straight behind again
    expect(Math.atan2(view.camera.position.x, view.camera.position.z)).toBeCloseTo(0, 9);
    view.update(1, { time: 7, dt: 2 }); // three quarters: the other way
    expect(Math.atan2(view.camera.position.x, view.camera.position.z)).toBeCloseTo(-0.2, 9);
  });

  it('has three.js upload the box matrices every frame, and turns the ball by its blended orientation', () => {
    const poses = new Poses(3);
    poses.orientations.current.set([0, 0.6, 0, 0.8, 0, 0, 0, 1, 0, 0, 0, 1]);
    poses.teleportAll();
    poses.blend(0.5);
    const view = new View(poses);
    const version = view.boxes.instanceMatrix.version;
    view.update(0.5, { time: 0, dt: 0 });
    view.update(0.5, { time: 0, dt: 0 });
    expect(view.boxes.instanceMatrix.version).toBe(version + 2);
    const q = view.ball.quaternion;
    expect([q.x, q.y, q.z, q.w]).toEqual([0, Math.fround(0.6), 0, Math.fround(0.8)]);
  });
});
