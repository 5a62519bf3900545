import { describe, expect, it } from 'vitest';
import { drawnPoses } from './drawn-poses.js';
import { Poses } from './poses.js';
import { boxWorld } from './test-support/world.js';
import { blendSnapshot, poseLayout, writePoses } from './worker-poses.js';

/** A snapshot's halves for `bodies`, as the worker's loop hands them to `write`. */
function halves(bodies: number) {
  const half = () => ({
    positions: new Float32Array(3 * bodies),
    orientations: new Float32Array(4 * bodies),
  });
  return { prev: half(), curr: half() };
}

describe('worker mode’s poses', () => {
  it('lays a snapshot out from the bodies: 3 + 4 numbers each, from a count or what holds them', () => {
    const state = boxWorld(5);
    expect(poseLayout(state)).toEqual({ positions: 15, orientations: 20 });
    expect(poseLayout(new Poses(2))).toEqual({ positions: 6, orientations: 8 });
    expect(poseLayout(1)).toEqual({ positions: 3, orientations: 4 });
    expect(poseLayout(1001)).toEqual({ positions: 3003, orientations: 4004 });
    for (const bad of [0, 2.5, Number.NaN]) {
      expect(() => poseLayout(bad)).toThrow(
        new RangeError(`poseLayout bodies must be an integer >= 1, got ${bad}`),
      );
    }
    expect(() => poseLayout({} as { count: number })).toThrow(/got undefined$/);
    state.free();
  });

  it('hands the page the poses before and after the step, and the page draws what Poses draws', () => {
    const state = boxWorld(4);
    const poses = new Poses(state.count);
    poses.readAll(state.bodies);
    poses.teleportAll();
    const { prev, curr } = halves(state.count);
    const drawn = drawnPoses(state.count);
    for (let t = 0; t < 20; t++) {
      poses.save();
      state.world.step();
      poses.readActive(state.world);
      if (t === 7) poses.jump(state.bodies[2]!, 2);
      writePoses(poses, prev, curr);
      expect(prev.positions).toEqual(Float32Array.from(poses.positions.previous));
      expect(curr.orientations).toEqual(Float32Array.from(poses.orientations.current));
      for (const alpha of [0, 0.3, 0.99]) {
        blendSnapshot(drawn, { prev, curr, tick: t, time: 0, inputSeq: 0, publishedAt: 0 }, alpha);
        poses.blend(alpha);
        for (let k = 0; k < drawn.drawnPositions.length; k++) {
          expect(drawn.drawnPositions[k]).toBeCloseTo(poses.drawnPositions[k]!, 5);
        }
        for (let k = 0; k < drawn.drawnOrientations.length; k++) {
          expect(drawn.drawnOrientations[k]).toBeCloseTo(poses.drawnOrientations[k]!, 5);
        }
      }
    }
    state.free();
  });

  it('makes drawn arrays of a body count, unturned, and refuses a bad count', () => {
    const drawn = drawnPoses(2);
    expect(drawn.count).toBe(2);
    expect([...drawn.drawnOrientations]).toEqual([0, 0, 0, 1, 0, 0, 0, 1]);
    expect(drawn.drawnPositions).toHaveLength(6);
    expect(() => drawnPoses(0)).toThrow(
      new RangeError('drawnPoses count must be an integer >= 1, got 0'),
    );
  });
});
