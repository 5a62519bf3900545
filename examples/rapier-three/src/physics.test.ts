import RAPIER from '@dimforge/rapier3d-compat';
import { createLoop } from '@loop/core';
import { Matrix4, Quaternion, Vector3 } from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPhysics } from './physics.js';
import { createScene } from './scene.js';

/**
 * The guide's code run for real: a Rapier world (the `-compat` build, in Node) stepped by
 * `@loop/core`'s fixed step under frames of a 144 Hz display (7 ms apart, so a frame runs zero
 * or one step and alpha takes every value in [0, 1)), and the InstancedMesh's matrices read back
 * after each render and compared with the pose blend worked out here, from the last two poses,
 * with three.js's own lerp and slerp. Frame times are given, not measured: nothing is timed.
 */

const BOXES = 10;
const TIMESTEP = 1000 / 60;

beforeAll(() => RAPIER.init());

/** The matrix of box `i` as the blend of its last two poses at `alpha` should draw it. */
function expected(
  previous: { positions: Float64Array | Float32Array; orientations: Float64Array | Float32Array },
  current: { positions: Float64Array | Float32Array; orientations: Float64Array | Float32Array },
  i: number,
  alpha: number,
): Matrix4 {
  const a = new Vector3().fromArray(previous.positions, 3 * i);
  const b = new Vector3().fromArray(current.positions, 3 * i);
  const qa = new Quaternion().fromArray(previous.orientations, 4 * i);
  const qb = new Quaternion().fromArray(current.orientations, 4 * i);
  const q = new Quaternion().slerpQuaternions(qa, qb, alpha);
  return new Matrix4().compose(a.lerp(b, alpha), q, new Vector3(1, 1, 1));
}

describe('Rapier under a fixed step, drawn into an InstancedMesh', () => {
  it('steps once per fixed step and draws every box at alpha between its last two poses', () => {
    const { mesh } = createScene(BOXES);
    const physics = addPhysics(RAPIER, mesh);
    const { poses } = physics;
    const startY = Array.from({ length: BOXES }, (_, i) => poses.positions.current[3 * i + 1]!);
    let steps = 0;
    let blended = 0;
    let worstPosition = 0;
    let worstRotation = 0;
    const loop = createLoop({
      timestep: TIMESTEP,
      scheduler: 'manual',
      pauseWhenHidden: false,
      update: () => {
        physics.step();
        steps++;
      },
      render: (alpha, state) => {
        physics.draw(alpha);
        expect(steps).toBe(state.tick);
        const previous = {
          positions: poses.positions.previous,
          orientations: poses.orientations.previous,
        };
        const current = {
          positions: poses.positions.current,
          orientations: poses.orientations.current,
        };
        const matrices = mesh.instanceMatrix.array;
        let moved = false;
        for (let i = 0; i < BOXES; i++) {
          const want = expected(previous, current, i, alpha).elements;
          for (let k = 0; k < 16; k++) {
            const error = Math.abs(matrices[16 * i + k]! - want[k]!);
            if (k >= 12) worstPosition = Math.max(worstPosition, error);
            else worstRotation = Math.max(worstRotation, error);
          }
          moved ||= Math.abs(current.positions[3 * i + 1]! - previous.positions[3 * i + 1]!) > 1e-3;
        }
        if (moved && alpha > 0.1 && alpha < 0.9) blended++;
        expect(mesh.instanceMatrix.version).toBeGreaterThan(0); // needsUpdate was set
      },
    });
    loop.start();
    for (let frame = 0; frame <= 600; frame++) loop.frame(frame * 7);

    // 4.2 s of frames is 252 fixed steps of 1/60 s, whatever the display's rate.
    expect(steps).toBe(252);
    // Float32 matrices against a double-precision lerp: positions equal to about six digits.
    expect(worstPosition).toBeLessThan(1e-4);
    // @loop/core's slerp is a fitted approximation (no trigonometry per body): within a few
    // thousandths of three.js's exact slerp, where drawing the current pose would be off by the
    // whole turn of a step.
    expect(worstRotation).toBeLessThan(0.01);
    // The blend was exercised: frames between two steps while the boxes fell.
    expect(blended).toBeGreaterThan(50);
    // Gravity and the floor: every box fell and came to rest on the floor or on another box.
    for (let i = 0; i < BOXES; i++) {
      const y = poses.positions.current[3 * i + 1]!;
      expect(y, `box ${i}`).toBeLessThan(startY[i]! - 0.5);
      expect(y, `box ${i}`).toBeGreaterThan(0.4);
      expect(y, `box ${i}`).toBeLessThan(3);
    }
    loop.dispose();
    physics.world.free();
  });

  it('draws the same matrices, bit for bit, when the same frames run again', () => {
    const run = () => {
      const { mesh } = createScene(BOXES);
      const physics = addPhysics(RAPIER, mesh);
      const loop = createLoop({
        scheduler: 'manual',
        pauseWhenHidden: false,
        update: () => physics.step(),
        render: (alpha) => physics.draw(alpha),
      });
      loop.start();
      for (let frame = 0; frame <= 200; frame++) loop.frame(frame * 11);
      loop.dispose();
      physics.world.free();
      return Array.from(mesh.instanceMatrix.array);
    };
    expect(run()).toEqual(run());
  });
});
