import { composeMatrices, Interpolated, lerpArray, slerpArray } from '@loop/core';
import type { Snapshot, SnapshotLayout } from '@loop/core/worker';
import { type RefObject, useLayoutEffect, useMemo } from 'react';
import type { InstancedMesh } from 'three';
import { type FixedRender, useFixedLoopContext } from './context.js';

/** What a `<WorkerLoop>`'s snapshots hold for {@link useInterpolatedInstances}: poses by name. */
export type InstanceLayout = { readonly positions: number; readonly orientations: number };

/**
 * The simulated poses of many bodies drawn as one `InstancedMesh`, in flat typed arrays: what
 * {@link useInterpolatedInstances} returns. Write `positions` (x, y, z per body) and
 * `orientations` (x, y, z, w per body) in a `useFixedUpdate`, straight from a physics engine's
 * arrays; every rendered frame blends them into the mesh's `instanceMatrix`.
 */
export class InterpolatedInstances {
  readonly #positions: Interpolated;
  readonly #orientations: Interpolated;
  readonly #p: Float64Array;
  readonly #q: Float64Array;

  /** `count` bodies (an integer ≥ 1), each drawn at `scale` (one number, or x, y, z per body). */
  constructor(
    readonly count: number,
    readonly scale: number | ArrayLike<number> = 1,
  ) {
    if (!Number.isInteger(count) || count < 1) {
      throw new RangeError(`useInterpolatedInstances: count must be an integer >= 1, got ${count}`);
    }
    this.#positions = new Interpolated(3 * count, 'lerp');
    this.#orientations = new Interpolated(4 * count, 'slerp');
    this.#p = new Float64Array(3 * count);
    this.#q = new Float64Array(4 * count);
    const q = this.#orientations.current;
    // Stryker disable next-line EqualityOperator: i <= q.length only adds a write one past the end, which a typed array drops; i >= q.length writes none (bodies would start as zero quaternions), killed by the tests but silenced with it
    for (let i = 3; i < q.length; i += 4) q[i] = 1;
    this.teleport();
  }

  /** Positions at the latest step, x, y, z per body. */
  get positions(): Float64Array {
    return this.#positions.current;
  }

  /** Orientations at the latest step, unit quaternions x, y, z, w per body. */
  get orientations(): Float64Array {
    return this.#orientations.current;
  }

  /**
   * Draws body `index` where this step put it, with no motion from the previous step (a respawn,
   * a body moved by hand) while every other body keeps blending; with no index, every body.
   */
  teleport(index?: number): void {
    if (index === undefined) {
      this.#positions.teleport();
      this.#orientations.teleport();
      return;
    }
    this.#positions.teleportRange(3 * index, 3 * index + 3);
    this.#orientations.teleportRange(4 * index, 4 * index + 4);
  }

  /** Keeps the poses before a step as the previous ones: runs before every fixed update. */
  save(): void {
    this.#positions.save();
    this.#orientations.save();
  }

  /** Writes the poses at `alpha` into `mesh.instanceMatrix` (core's batch blend, then compose). */
  draw(mesh: InstancedMesh, alpha: number): void {
    const p = this.#positions.blend(this.#p, alpha);
    const q = this.#orientations.blend(this.#q, alpha);
    this.#compose(mesh, p, q);
  }

  /**
   * Writes a worker's snapshot at `alpha` into `mesh.instanceMatrix`: its `positions` and
   * `orientations` fields, `prev` blended towards `curr` (what `<WorkerLoop>` draws with).
   */
  drawSnapshot(mesh: InstancedMesh, snapshot: Snapshot<InstanceLayout>, alpha: number): void {
    const { prev, curr } = snapshot;
    const p = lerpArray(this.#p, prev.positions, curr.positions, alpha);
    const q = slerpArray(this.#q, prev.orientations, curr.orientations, alpha);
    this.#compose(mesh, p, q);
  }

  #compose(mesh: InstancedMesh, p: Float64Array, q: Float64Array): void {
    composeMatrices(mesh.instanceMatrix.array, p, q, this.scale);
    mesh.instanceMatrix.needsUpdate = true;
  }
}

/** A field's length in a snapshot layout (a number, or `{ length }`). */
function lengthOf(layout: SnapshotLayout, name: string): unknown {
  const field = layout[name];
  return typeof field === 'object' ? field.length : field;
}

/**
 * Checks that a `<WorkerLoop>`'s layout holds `count` bodies' poses, `positions` (3 a body) and
 * `orientations` (4 a body), as `poseLayout` of `@loop/rapier` makes it: a RangeError names the
 * field, rather than a blend that fails on the first frame.
 */
export function checkInstanceLayout(layout: SnapshotLayout, count: number): void {
  for (const [name, per] of [
    ['positions', 3],
    ['orientations', 4],
  ] as const) {
    const length = lengthOf(layout, name);
    if (length !== per * count) {
      throw new RangeError(
        `useInterpolatedInstances: under <WorkerLoop> the snapshot's ${name} must hold ${per} × ${count} numbers, got ${String(length)}`,
      );
    }
  }
}

/**
 * Interpolates `count` bodies drawn through one `InstancedMesh` of the nearest `<FixedLoop>`:
 * every frame, positions lerped and orientations slerped over flat arrays (`lerpArray`,
 * `slerpArray` of `@loop/core`) and composed straight into `instanceMatrix` (`composeMatrices`),
 * with no object per body and no allocation per step or frame. Bodies start at the origin,
 * unrotated. `count` or `scale` changing makes new arrays.
 *
 * Why: `@react-three/rapier` sets instanced bodies to their current pose, so they stutter
 * whenever the display rate is not the step rate; one scene object per body costs far more than
 * one pass over typed arrays. The mesh must hold at least `count` instances.
 *
 * Under `<WorkerLoop>` the poses come from the worker: every frame blends the snapshot's
 * `positions` and `orientations` fields (3 and 4 numbers a body, checked on mount) at `alpha`,
 * and writing `bodies.positions` does nothing; a body that jumped has equal halves there.
 */
export function useInterpolatedInstances(
  ref: RefObject<InstancedMesh | null>,
  count: number,
  scale: number | ArrayLike<number> = 1,
): InterpolatedInstances {
  const context = useFixedLoopContext('useInterpolatedInstances');
  const bodies = useMemo(() => new InterpolatedInstances(count, scale), [count, scale]);
  if (context.layout !== null) checkInstanceLayout(context.layout, count);
  useLayoutEffect(() => {
    const save = { current: () => bodies.save() };
    const draw: { current: FixedRender } = {
      current: (alpha, snapshot) => {
        const mesh = ref.current;
        if (!mesh) return;
        if (snapshot === null) bodies.draw(mesh, alpha);
        else bodies.drawSnapshot(mesh, snapshot as Snapshot<InstanceLayout>, alpha);
      },
    };
    // Under <WorkerLoop> no step runs on the page, so `save` never runs there.
    const unsave = context.updates.add(save, Number.NEGATIVE_INFINITY);
    const undraw = context.renders.add(draw, Number.NEGATIVE_INFINITY);
    return () => {
      unsave();
      undraw();
    };
  }, [context, bodies, ref]);
  return bodies;
}
