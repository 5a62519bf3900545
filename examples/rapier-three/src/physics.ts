import type RAPIER from '@dimforge/rapier3d-compat';
import { Poses } from '@loop/rapier';
import { InstancedBodies } from '@loop/rapier/three';
import type { InstancedMesh } from 'three';

/**
 * What the guide adds to the scene: a Rapier world with a box body for each instance of `mesh`,
 * stepped once per fixed step of `dt` seconds, and drawn at alpha between the last two steps.
 */
export function addPhysics(rapier: typeof RAPIER, mesh: InstancedMesh, dt = 1 / 60) {
  const world = new rapier.World({ x: 0, y: -9.81, z: 0 });
  world.timestep = dt;
  world.createCollider(rapier.ColliderDesc.cuboid(20, 0.1, 20).setTranslation(0, -0.1, 0));
  const bodies = [];
  for (let i = 0; i < mesh.count; i++) {
    const at = rapier.RigidBodyDesc.dynamic().setTranslation((i % 5) - 2, 2 + 1.5 * i, 0);
    const body = world.createRigidBody(at.setRotation({ x: 0.2, y: 0, z: 0.1, w: 0.97 }));
    world.createCollider(rapier.ColliderDesc.cuboid(0.5, 0.5, 0.5), body);
    body.userData = i; // its index in the pose arrays: readActive finds it by this
    bodies.push(body);
  }
  const poses = new Poses(mesh.count);
  poses.readAll(bodies);
  poses.teleportAll(); // nothing to blend from before the first step
  const drawn = new InstancedBodies(mesh, poses);
  return {
    world,
    poses,
    /** One fixed step: the poses before it kept, the world stepped, the moved bodies read. */
    step() {
      poses.save();
      world.step();
      poses.readActive(world);
    },
    /** Every frame: the poses at alpha into the instance matrices. */
    draw(alpha: number) {
      poses.blend(alpha);
      drawn.update();
    },
  };
}
