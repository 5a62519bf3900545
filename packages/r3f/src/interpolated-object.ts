import { Interpolated } from '@loop/core';
import { type RefObject, useLayoutEffect, useState } from 'react';
import type { Object3D } from 'three';
import { usePageSteps } from './use-fixed-update.js';

/**
 * The simulated pose of one `Object3D`, blended for drawing: what {@link useInterpolatedObject}
 * returns. Write `position` (x, y, z) and `quaternion` (x, y, z, w) in a `useFixedUpdate`;
 * every rendered frame draws the pose between the previous step and this one.
 */
export class InterpolatedPose {
  readonly #position = new Interpolated(3, 'lerp');
  readonly #quaternion = new Interpolated(4, 'slerp');
  readonly #p = new Float64Array(3);
  readonly #q = new Float64Array(4);

  /** The position at the latest step (x, y, z): the one to write in a fixed update. */
  get position(): Float64Array {
    return this.#position.current;
  }

  /** The orientation at the latest step, a unit quaternion (x, y, z, w). */
  get quaternion(): Float64Array {
    return this.#quaternion.current;
  }

  /**
   * Makes the pose written in this step the drawn one at once, with no motion from the previous
   * step: call it after a jump (respawn, a portal, a reset), or the frame between draws a smear
   * across the whole jump.
   */
  teleport(): void {
    this.#position.teleport();
    this.#quaternion.teleport();
  }

  /** Takes the object's present transform as the pose, with no motion (on mount). */
  read(object: Object3D): void {
    const p = object.position;
    const q = object.quaternion;
    const pos = this.#position.current;
    const quat = this.#quaternion.current;
    pos[0] = p.x;
    pos[1] = p.y;
    pos[2] = p.z;
    quat[0] = q.x;
    quat[1] = q.y;
    quat[2] = q.z;
    quat[3] = q.w;
    this.teleport();
  }

  /** Keeps the pose before a step as the previous one: runs before every fixed update. */
  save(): void {
    this.#position.save();
    this.#quaternion.save();
  }

  /** Writes the pose at `alpha` between the previous step and the latest into `object`. */
  draw(object: Object3D, alpha: number): void {
    const p = this.#position.blend(this.#p, alpha);
    const q = this.#quaternion.blend(this.#q, alpha);
    object.position.set(p[0]!, p[1]!, p[2]!);
    object.quaternion.set(q[0]!, q[1]!, q[2]!, q[3]!);
  }
}

/**
 * Interpolates one `Object3D` of the nearest `<FixedLoop>`: position by lerp, orientation by
 * slerp (the shortest way), between the last two fixed steps, by `alpha`. The pose starts as
 * the object's transform on mount; write it in `useFixedUpdate`, call `teleport()` after a jump.
 *
 * Why: a body stepped at 60 Hz and drawn as stepped stutters on any other display rate; the
 * previous and current states live here (preallocated), saved before each step's updates and
 * blended before R3F draws, with no allocation per step or frame. For many bodies use
 * {@link useInterpolatedInstances}: writing `quaternion` on thousands of meshes is slow in
 * three.js (it recomputes Euler angles on every write). Under `<WorkerLoop>` it throws (the
 * pose is written in steps, which run in the worker there): blend the snapshot in `useFixedRender`.
 */
export function useInterpolatedObject(ref: RefObject<Object3D | null>): InterpolatedPose {
  const context = usePageSteps('useInterpolatedObject');
  const [pose] = useState(() => new InterpolatedPose());
  useLayoutEffect(() => {
    const object = ref.current;
    if (object) pose.read(object);
    const save = { current: () => pose.save() };
    const draw = {
      current: (alpha: number) => {
        const target = ref.current;
        if (target) pose.draw(target, alpha);
      },
    };
    // First of all: saved before any update writes, drawn before any render callback reads.
    const unsave = context.updates.add(save, Number.NEGATIVE_INFINITY);
    const undraw = context.renders.add(draw, Number.NEGATIVE_INFINITY);
    return () => {
      unsave();
      undraw();
    };
  }, [context, pose, ref]);
  return pose;
}
