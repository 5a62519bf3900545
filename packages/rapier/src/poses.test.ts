import RAPIER from '@dimforge/rapier3d';
import { describe, expect, it } from 'vitest';
import { Poses } from './poses.js';

/** Poses of `count` bodies at rest at (5, 5, 5) in the previous step, where `move` moves them. */
function moved(count: number, move: (current: Float64Array) => void): Poses {
  const poses = new Poses(count);
  poses.positions.current.fill(5);
  poses.save();
  move(poses.positions.current);
  return poses;
}

describe('Poses.moving', () => {
  it('counts the bodies that moved more than dt metres in the step, along any axis', () => {
    const dt = 0.625; // 5/8, and the moves below: exact in binary, so the boundary is exact
    const poses = moved(6, (p) => {
      p[3 * 1] = 5 + 2 * dt; // x
      p[3 * 2 + 1] = 5 - 2 * dt; // y
      p[3 * 3 + 2] = 5 + 2 * dt; // z
      p[3 * 4] = 5 + dt; // exactly 1 m/s: not faster
      p[3 * 5] = 5 + 3 / 8; // 3/8 along x and 4/8 along y: 5/8 in all, not faster
      p[3 * 5 + 1] = 5 + 4 / 8;
    });
    expect(poses.moving(dt)).toBe(3);
    expect(poses.moving(dt / 2)).toBe(5);
    expect(poses.moving(3 * dt)).toBe(0);
  });

  it('counts none when nothing moved, wherever the bodies are', () => {
    expect(moved(4, () => {}).moving(1 / 60)).toBe(0);
  });
});

describe('Poses.teleport', () => {
  it('cuts the blend of one body only: it draws at its new pose at every alpha', () => {
    const poses = new Poses(2);
    poses.save();
    poses.positions.current.set([1, 2, 3, 4, 5, 6]);
    poses.orientations.current.set([0, 0, 0, 1, 0, 0, 1, 0]);
    poses.teleport(1);
    poses.blend(0.25);
    expect([...poses.drawnPositions]).toEqual([0.25, 0.5, 0.75, 4, 5, 6]);
    expect([...poses.drawnOrientations.subarray(4)]).toEqual([0, 0, 1, 0]);
    poses.teleportAll();
    poses.blend(0.25);
    expect([...poses.drawnPositions]).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('Poses.read', () => {
  it('reads each body’s position and orientation into its own slots, and counts the awake ones', () => {
    const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
    const turned = [
      { x: 0, y: 0, z: 0, w: 1 },
      { x: 0.6, y: 0, z: 0, w: 0.8 },
      { x: 0, y: 0.6, z: 0, w: 0.8 },
      { x: 0, y: 0, z: 0.8, w: 0.6 },
    ];
    const bodies = turned.map((q, i) => {
      const body = world.createRigidBody(
        RAPIER.RigidBodyDesc.dynamic()
          .setTranslation(i + 0.5, 10 * i + 1, -3 * i)
          .setRotation(q),
      );
      body.userData = i;
      return body;
    });
    const poses = new Poses(4);
    poses.readAll(bodies);
    for (const [i, body] of bodies.entries()) {
      const t = body.translation();
      const q = body.rotation();
      expect([...poses.positions.current.subarray(3 * i, 3 * i + 3)]).toEqual([t.x, t.y, t.z]);
      expect([...poses.orientations.current.subarray(4 * i, 4 * i + 4)]).toEqual([
        q.x,
        q.y,
        q.z,
        q.w,
      ]);
    }
    bodies[2]!.sleep();
    world.step();
    poses.readActive(world);
    expect(poses.active).toBe(3);
    world.free();
  });
});

describe('Poses, made', () => {
  it('refuses a count that is not a whole number of bodies, naming it', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => new Poses(bad)).toThrow(
        new RangeError(`Poses count must be an integer >= 1, got ${bad}`),
      );
    }
  });

  it('starts every body at the origin, unturned: a blend before the first read draws no rotation', () => {
    const poses = new Poses(2);
    poses.blend(0.5);
    expect([...poses.drawnPositions]).toEqual([0, 0, 0, 0, 0, 0]);
    expect([...poses.drawnOrientations]).toEqual([0, 0, 0, 1, 0, 0, 0, 1]);
  });
});

describe('Poses.jump', () => {
  it('reads the body again and cuts its blend only', () => {
    const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
    const bodies = [0, 1].map((i) => {
      const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(i, 0, 0));
      body.userData = i;
      return body;
    });
    const poses = new Poses(2);
    poses.readAll(bodies);
    poses.teleportAll();
    poses.save();
    bodies[0]!.setTranslation({ x: 4, y: 0, z: 0 }, true);
    bodies[1]!.setTranslation({ x: 5, y: 0, z: 0 }, true);
    poses.read(bodies[1]!, 1);
    poses.jump(bodies[0]!, 0);
    poses.blend(0.5);
    expect([...poses.drawnPositions]).toEqual([4, 0, 0, 3, 0, 0]);
    world.free();
  });
});
