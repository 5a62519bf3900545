import RAPIER from '@dimforge/rapier3d-compat';
import { Random } from '@loop/core';

/**
 * Real poses to blend: `count` Rapier boxes, turned and spinning, falling onto a floor and
 * onto each other, stepped `steps` times at 60 Hz. Each step's positions (x, y, z per body) and
 * orientations (x, y, z, w) are kept, so the frame benchmarks replay the same motion without
 * paying for Rapier. Rapier's own cost is measured here, apart: the step, and reading every
 * pose back with `translation(target)` / `rotation(target)` (no bulk call exists).
 */
export interface PoseSequence {
  count: number;
  positions: Float32Array[];
  orientations: Float32Array[];
  /** Mean ms per `world.step()`. */
  stepMs: number;
  /** Mean ms to read every body's pose after a step. */
  readMs: number;
}

/** Steps a fresh world of `count` boxes `steps` times and keeps every pose. */
export async function recordPoses(count: number, steps: number): Promise<PoseSequence> {
  await RAPIER.init();
  const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
  world.timestep = 1 / 60;
  world.createCollider(RAPIER.ColliderDesc.cuboid(100, 0.5, 100).setTranslation(0, -0.5, 0));
  const random = new Random(3);
  const side = Math.ceil(Math.sqrt(count / 10));
  const bodies = [];
  for (let i = 0; i < count; i++) {
    const column = i % (side * side);
    const q = { x: random.next() - 0.5, y: random.next() - 0.5, z: random.next() - 0.5, w: 1 };
    const n = Math.sqrt(q.x * q.x + q.y * q.y + q.z * q.z + 1);
    const body = world.createRigidBody(
      RAPIER.RigidBodyDesc.dynamic()
        .setTranslation(
          ((column % side) - side / 2) * 1.2,
          1 + Math.floor(i / (side * side)) * 1.2,
          (Math.floor(column / side) - side / 2) * 1.2,
        )
        .setRotation({ x: q.x / n, y: q.y / n, z: q.z / n, w: q.w / n })
        .setAngvel({
          x: random.next() * 4 - 2,
          y: random.next() * 4 - 2,
          z: random.next() * 4 - 2,
        }),
    );
    world.createCollider(RAPIER.ColliderDesc.cuboid(0.25, 0.25, 0.25), body);
    bodies.push(body);
  }
  const v = { x: 0, y: 0, z: 0 };
  const r = { x: 0, y: 0, z: 0, w: 1 };
  const positions: Float32Array[] = [];
  const orientations: Float32Array[] = [];
  let stepMs = 0;
  let readMs = 0;
  for (let s = 0; s < steps; s++) {
    let t = performance.now();
    world.step();
    stepMs += performance.now() - t;
    const p = new Float32Array(count * 3);
    const o = new Float32Array(count * 4);
    t = performance.now();
    for (let i = 0; i < count; i++) {
      const body = bodies[i]!;
      body.translation(v);
      body.rotation(r);
      p[3 * i] = v.x;
      p[3 * i + 1] = v.y;
      p[3 * i + 2] = v.z;
      o[4 * i] = r.x;
      o[4 * i + 1] = r.y;
      o[4 * i + 2] = r.z;
      o[4 * i + 3] = r.w;
    }
    readMs += performance.now() - t;
    positions.push(p);
    orientations.push(o);
  }
  world.free();
  return { count, positions, orientations, stepMs: stepMs / steps, readMs: readMs / steps };
}
