import { Poses } from '@loop/rapier';
import { ChaseCamera } from '@loop/rapier/three';
import { Matrix4, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { CAMERA, View } from './scene';

/** The sphere about the ball that the game's camera keeps in view (about 6 m). */
const VIEW_RADIUS = new ChaseCamera(CAMERA).viewRadius;

import { PLAYER } from './world';

/** The loop's state at its start: simulated time 0 at any alpha, so the camera does not sway. */
const START = { time: 0, dt: 0 };

/**
 * Poses of a ball and two boxes whose previous and current differ: the ball moved 4 m along x
 * and 2 m up in the last step, so its blended place at any alpha is far from its current one.
 */
function movedPoses(): Poses {
  const poses = new Poses(3);
  const p = poses.positions.current;
  p.set([0, 1, 0, 1, 0.25, 1, -1, 0.25, -1]);
  poses.orientations.current.set([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
  poses.save();
  p.set([4, 3, 0, 2, 0.25, 1, -1, 0.25, -1]);
  const half = Math.SQRT1_2;
  poses.orientations.current.set([0, half, 0, half, 0, 0, half, half, 0, 0, 0, 1]);
  return poses;
}

/** How far the camera's line of sight misses `point`: 0 when it looks straight at it. */
function sightMiss(view: View, point: Vector3): number {
  const toPoint = point.clone().sub(view.camera.position).normalize();
  return view.camera.getWorldDirection(new Vector3()).distanceTo(toPoint);
}

describe('View', () => {
  it('moves the camera with the blended pose of the ball at alpha, not its current pose', () => {
    const poses = movedPoses();
    const view = new View(poses);
    const alpha = 0.25;
    poses.blend(alpha);
    view.update(alpha, START); // sway 0: the camera straight behind and above the ball
    const blended = new Vector3(1, 1.5, 0); // a quarter of the way from (0, 1, 0) to (4, 3, 0)
    expect(view.ball.position.distanceTo(blended)).toBeLessThan(1e-6);
    expect(view.camera.position.x).toBeCloseTo(blended.x, 6);
    expect(view.camera.position.y).toBeCloseTo(blended.y + 7, 6);
    expect(view.camera.position.z).toBeCloseTo(blended.z + 11, 6);
    // It looks at the blended ball: the target lies on the camera's line of sight.
    expect(sightMiss(view, blended)).toBeLessThan(1e-6);
    expect(sightMiss(view, new Vector3(4, 3, 0))).toBeGreaterThan(0.1);

    // Another alpha, another place: it follows the blend frame by frame.
    poses.blend(0.75);
    view.update(0.75, START);
    expect(view.camera.position.x).toBeCloseTo(3, 6);
    expect(view.camera.position.y).toBeCloseTo(2.5 + 7, 6);
    expect(sightMiss(view, new Vector3(3, 2.5, 0))).toBeLessThan(1e-6);

    // Swayed (3 s in: a quarter of the sway's period), still at the blended ball.
    poses.blend(alpha);
    view.update(alpha, { time: 3, dt: 0 });
    expect(view.camera.position.x).toBeCloseTo(blended.x + 11 * Math.sin(0.2), 6);
    expect(view.camera.position.z).toBeCloseTo(blended.z + 11 * Math.cos(0.2), 6);
    expect(sightMiss(view, blended)).toBeLessThan(1e-6);
  });

  it('draws box k as body k + 1 and the ball, body PLAYER (0), by its own mesh', () => {
    // The matrices' arithmetic is InstancedBodies' (@loop/rapier/three tests it); this is which
    // body each instance is.
    const poses = movedPoses();
    const view = new View(poses);
    poses.blend(0.5);
    view.update(0.5, START);
    const at = (k: number) =>
      new Vector3().setFromMatrixPosition(view.boxes.getMatrixAt(k, new Matrix4()));
    expect(at(0).distanceTo(new Vector3(1.5, 0.25, 1))).toBeLessThan(1e-6); // body 1, halfway
    expect(at(1).distanceTo(new Vector3(-1, 0.25, -1))).toBeLessThan(1e-6); // body 2, still
    expect(view.boxes.count).toBe(poses.count - 1);
    expect(PLAYER).toBe(0);
    expect(view.ball.position.distanceTo(new Vector3(2, 2, 0))).toBeLessThan(1e-6);
  });

  it.for([
    ['a phone held upright', 390, 844],
    ['a laptop', 1280, 800],
    ['a square', 600, 600],
  ] as const)('keeps the ball and VIEW_RADIUS about it on screen on %s (%i × %i)', ([, w, h]) => {
    const poses = movedPoses();
    const view = new View(poses);
    view.frame(w / h);
    poses.blend(1);
    for (const time of [0, 3, 9]) {
      view.update(1, { time, dt: 0 }); // swayed either way or not at all
      view.camera.updateMatrixWorld();
      let x = 0;
      let y = 0;
      const golden = Math.PI * (3 - Math.sqrt(5));
      for (let i = 0; i < 400; i++) {
        const up = 1 - (2 * (i + 0.5)) / 400;
        const r = Math.sqrt(1 - up * up);
        const point = new Vector3(Math.cos(golden * i) * r, up, Math.sin(golden * i) * r)
          .multiplyScalar(VIEW_RADIUS)
          .add(view.ball.position)
          .project(view.camera);
        x = Math.max(x, Math.abs(point.x));
        y = Math.max(y, Math.abs(point.y));
      }
      expect(Math.max(x, y)).toBeLessThanOrEqual(1);
      expect(w < h ? x : y).toBeGreaterThan(0.9); // framed, not lost in the middle
    }
    // Landscape and square keep the camera 7 m up and 11 m back; upright backs off further.
    const back = view.camera.position.y - view.ball.position.y;
    if (w >= h) expect(back).toBeCloseTo(7, 6);
    else expect(back).toBeGreaterThan(1.5 * 7); // about twice: 13.8 m at 390 × 844
    expect(VIEW_RADIUS).toBeGreaterThan((16 * 0.6) / 2); // half the pile's width
  });
});
