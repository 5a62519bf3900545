import type { RefObject } from 'react';
import { BufferGeometry, InstancedMesh, Object3D } from 'three';
import { describe, expect, it } from 'vitest';
import { InterpolatedInstances, useInterpolatedInstances } from './interpolated-instances.js';
import { useInterpolatedObject } from './interpolated-object.js';
import { mount } from './test-support.js';
import { useFixedUpdate } from './use-fixed-update.js';

/** A mesh of `count` instances made by hand, outside any React tree. */
const meshOf = (count: number) => new InstancedMesh(new BufferGeometry(), undefined, count);

/** The angle about z that instance `i`'s matrix turns by (its columns are unscaled). */
const angleOf = (mesh: InstancedMesh, i: number) =>
  Math.atan2(mesh.instanceMatrix.array[16 * i + 1]!, mesh.instanceMatrix.array[16 * i]!);

/** Sets body `i` at x and turned by `angle` about z. */
function place(bodies: InterpolatedInstances, i: number, x: number, angle: number) {
  bodies.positions[3 * i] = x;
  bodies.orientations[4 * i + 2] = Math.sin(angle / 2);
  bodies.orientations[4 * i + 3] = Math.cos(angle / 2);
}

/** `count` bodies, body i at x = 10 i + tick + 1, drawn into `mesh`. */
function Crowd({ mesh, count }: { mesh: RefObject<InstancedMesh | null>; count: number }) {
  const bodies = useInterpolatedInstances(mesh, count);
  useFixedUpdate((_dt, tick) => {
    for (let i = 0; i < bodies.count; i++) bodies.positions[3 * i] = 10 * i + tick + 1;
  });
  return null;
}

/** One interpolated object, read from and drawn into whatever `target` holds. */
function Pose({ target, x }: { target: RefObject<Object3D | null>; x?: number }) {
  const pose = useInterpolatedObject(target);
  useFixedUpdate(() => {
    if (x !== undefined) pose.position[0] = x;
  });
  return null;
}

const never = { scheduler: 'manual' as const, timestep: 10 };

describe('InterpolatedInstances', () => {
  it('takes a single body, and starts every body unrotated', () => {
    const bodies = new InterpolatedInstances(2);
    expect(Array.from(bodies.orientations)).toEqual([0, 0, 0, 1, 0, 0, 0, 1]);
    expect(new InterpolatedInstances(1).count).toBe(1);
    expect(() => new InterpolatedInstances(1.5)).toThrow(/count must be an integer >= 1, got 1.5/);
  });

  it('teleports body 2 of 3 alone: position and orientation, the others still blend', () => {
    const bodies = new InterpolatedInstances(3);
    for (let i = 0; i < 3; i++) place(bodies, i, 0, 0);
    bodies.teleport();
    bodies.save();
    for (let i = 0; i < 3; i++) place(bodies, i, 2, 0.4);
    bodies.teleport(2);
    const mesh = meshOf(3);
    bodies.draw(mesh, 0.5);
    const m = mesh.instanceMatrix.array;
    expect(m[12]).toBeCloseTo(1, 6);
    expect(m[16 + 12]).toBeCloseTo(1, 6);
    expect(m[32 + 12]).toBeCloseTo(2, 6);
    expect(angleOf(mesh, 1)).toBeCloseTo(0.2, 6);
    expect(angleOf(mesh, 2)).toBeCloseTo(0.4, 6);
  });
});

describe('useInterpolatedInstances in a tree', () => {
  it('makes new arrays when count changes, and draws the new bodies', async () => {
    const mesh = { current: meshOf(3) };
    const { loop, update, renderer } = await mount(<Crowd mesh={mesh} count={2} />, never, 'never');
    await update(<Crowd mesh={mesh} count={3} />, never);
    loop().frame(0);
    loop().frame(15); // one step: body 2 at x = 21, drawn halfway from 0
    expect(mesh.current.instanceMatrix.array[32 + 12]).toBeCloseTo(10.5, 6);
    await renderer.unmount();
  });

  it('draws nothing while the mesh is not mounted, and nothing after its own unmount', async () => {
    const mesh: RefObject<InstancedMesh | null> = { current: null };
    const { loop, update, renderer } = await mount(<Crowd mesh={mesh} count={1} />, never, 'never');
    expect(() => {
      loop().frame(0);
      loop().frame(15);
    }).not.toThrow();
    mesh.current = meshOf(1);
    loop().frame(25);
    const version = mesh.current.instanceMatrix.version;
    expect(version).toBeGreaterThan(0);
    await update(null, never);
    loop().frame(35);
    expect(mesh.current.instanceMatrix.version).toBe(version);
    await renderer.unmount();
  });
});

describe('useInterpolatedObject in a tree', () => {
  it('runs with no object mounted yet, then draws it once there', async () => {
    const target: RefObject<Object3D | null> = { current: null };
    const { loop, renderer } = await mount(<Pose target={target} x={4} />, never, 'never');
    expect(() => {
      loop().frame(0);
      loop().frame(10);
    }).not.toThrow();
    target.current = new Object3D();
    loop().frame(25); // x was 4 at the last two steps: drawn there
    expect(target.current.position.x).toBeCloseTo(4, 9);
    await renderer.unmount();
  });

  it('follows a new ref, and stops drawing once its component unmounts', async () => {
    const a = { current: new Object3D() };
    const b = { current: new Object3D() };
    b.current.position.set(7, 0, 0);
    const { loop, update, renderer } = await mount(<Pose target={a} />, never, 'never');
    await update(<Pose target={b} />, never);
    loop().frame(0);
    loop().frame(15);
    expect(b.current.position.x).toBe(7); // read from b on the new ref, drawn into b
    b.current.position.x = 99;
    loop().frame(25);
    expect(b.current.position.x).toBe(7);
    await update(null, never);
    b.current.position.x = 99;
    loop().frame(35);
    expect(b.current.position.x).toBe(99);
    await renderer.unmount();
  });
});
