import { describe, expect, it } from 'vitest';
import { Poses } from './poses';

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
