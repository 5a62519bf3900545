import { type RefObject, useRef } from 'react';
import type { InstancedMesh, Mesh } from 'three';
import { describe, expect, it } from 'vitest';
import { useInterpolatedInstances } from './interpolated-instances.js';
import { useInterpolatedObject } from './interpolated-object.js';
import { frame, mount } from './test-support.js';
import { useFixedUpdate } from './use-fixed-update.js';

const ANGLE = 0.2;

/**
 * A mesh that moves 1 along x and turns ANGLE about z each step (x = tick + 1 after a step),
 * and jumps to x = 100 + tick with a teleport at step `jumpAt`.
 */
function Mover({ jumpAt, holder }: { jumpAt: number; holder: { mesh: Mesh | null } }) {
  const ref = useRef<Mesh>(null);
  const pose = useInterpolatedObject(ref);
  useFixedUpdate((_dt, tick) => {
    const half = ((tick + 1) * ANGLE) / 2;
    pose.quaternion[2] = Math.sin(half);
    pose.quaternion[3] = Math.cos(half);
    if (tick < jumpAt) {
      pose.position[0] = tick + 1;
    } else {
      pose.position[0] = 100 + tick;
      if (tick === jumpAt) pose.teleport();
    }
  });
  return (
    <mesh
      ref={(mesh) => {
        ref.current = mesh;
        holder.mesh = mesh;
      }}
      position={[0, 2, 0]}
    />
  );
}

/** Two instanced bodies: body 0 moves along x, body 1 jumps to y = 50 with a teleport at step 1. */
function Crowd({ holder }: { holder: RefObject<InstancedMesh | null> }) {
  const bodies = useInterpolatedInstances(holder, 2, 1);
  useFixedUpdate((_dt, tick) => {
    bodies.positions[0] = tick + 1;
    if (tick === 1) {
      bodies.positions[4] = 50;
      bodies.teleport(1);
    }
  });
  return <instancedMesh ref={holder} args={[undefined, undefined, 2]} />;
}

/** Asks for no bodies at all. */
function Empty() {
  useInterpolatedInstances({ current: null }, 0);
  return null;
}

describe('useInterpolatedObject', () => {
  it('draws position by lerp and orientation by slerp between the last two steps', async () => {
    const holder: { mesh: Mesh | null } = { mesh: null };
    const { renderer } = await mount(<Mover jumpAt={99} holder={holder} />, { timestep: 20 });
    const mesh = holder.mesh!;
    frame(renderer, 0.01);
    expect(mesh.position.toArray()).toEqual([0, 2, 0]); // starts where the mesh was put
    frame(renderer, 0.03); // 30 ms: one 20 ms step, alpha 0.5
    expect(mesh.position.x).toBeCloseTo(0.5, 12);
    expect(mesh.position.y).toBe(2);
    expect(mesh.quaternion.z).toBeCloseTo(Math.sin((0.5 * ANGLE) / 2), 7);
    frame(renderer, 0.015); // 45 ms: two steps, alpha 0.25
    expect(mesh.position.x).toBeCloseTo(1.25, 12);
    expect(mesh.quaternion.z).toBeCloseTo(Math.sin((1.25 * ANGLE) / 2), 7);
    await renderer.unmount();
  });

  it('draws a teleport where it lands, with no smear across the jump', async () => {
    const holder: { mesh: Mesh | null } = { mesh: null };
    const { renderer } = await mount(<Mover jumpAt={1} holder={holder} />, { timestep: 20 });
    const mesh = holder.mesh!;
    frame(renderer, 0.01);
    frame(renderer, 0.03); // step 0: x = 1, drawn at 0.5
    frame(renderer, 0.02); // step 1 jumps to 101 and teleports: drawn at 101, not 51
    expect(mesh.position.x).toBe(101);
    frame(renderer, 0.02); // step 2: 102, blended from 101 again
    expect(mesh.position.x).toBeCloseTo(101.5, 12);
    await renderer.unmount();
  });
});

describe('useInterpolatedInstances', () => {
  it("blends every body straight into instanceMatrix; a teleport moves one body, not the others'", async () => {
    const holder: RefObject<InstancedMesh | null> = { current: null };
    const { renderer } = await mount(<Crowd holder={holder} />, { timestep: 20 });
    const matrices = holder.current!.instanceMatrix;
    frame(renderer, 0.01);
    const version = matrices.version;
    frame(renderer, 0.03); // step 0: body 0 at x = 1, alpha 0.5
    expect(matrices.array[12]).toBeCloseTo(0.5, 6);
    expect(matrices.array[15]).toBe(1);
    expect(matrices.array[0]).toBe(1); // unrotated, scale 1
    expect(matrices.version).toBeGreaterThan(version); // marked for upload
    frame(renderer, 0.02); // step 1: body 0 at x = 2, body 1 jumps to y = 50 with a teleport
    expect(matrices.array[12]).toBeCloseTo(1.5, 6);
    expect(matrices.array[16 + 13]).toBe(50);
    await renderer.unmount();
  });

  it('rejects a count that is not an integer of at least 1, naming it', async () => {
    await expect(mount(<Empty />)).rejects.toThrow(/count must be an integer >= 1, got 0/);
  });
});
