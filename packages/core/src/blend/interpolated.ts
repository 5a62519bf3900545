import { show } from '../show.js';
import { lerpArray, slerpArray } from './batch.js';
import { lerpAngle } from './scalar.js';
import type { Vec } from './vec.js';

/** How an {@link Interpolated} blends: components linearly, quaternions by slerp, or angles. */
export type BlendKind = 'lerp' | 'slerp' | 'angle';

/**
 * The previous/current pair that interpolation needs (Fix Your Timestep's `previousState` and
 * `currentState`), for one entity or a flat batch of them. Call `save()` at the start of each
 * fixed step, change `current`, and `blend(out, alpha)` in render. After a jump (respawn,
 * teleport, a camera cut) call `teleport()`, so the jump is not smeared across a frame.
 */
export class Interpolated {
  /** State at the previous fixed step. */
  readonly previous: Float64Array;
  /** State at the latest fixed step: the one update writes. */
  readonly current: Float64Array;

  constructor(
    size: number,
    readonly kind: BlendKind = 'lerp',
  ) {
    if (!Number.isInteger(size) || size < 1) {
      throw new RangeError(`Interpolated size must be an integer >= 1, got ${size}`);
    }
    if (kind === 'slerp' && size % 4 !== 0) {
      throw new RangeError(`Interpolated size must be a multiple of 4 for slerp, got ${size}`);
    }
    if (kind !== 'lerp' && kind !== 'slerp' && kind !== 'angle') {
      throw new RangeError(`Interpolated kind must be lerp, slerp or angle, got ${String(kind)}`);
    }
    this.previous = new Float64Array(size);
    this.current = new Float64Array(size);
  }

  /** Copies current into previous: call once at the start of every fixed step. */
  save(): this {
    this.previous.set(this.current);
    return this;
  }

  /**
   * Sets the state with no motion between frames: optional `values` become current, then
   * previous is made equal to current, so the next render draws the new place, not a smear.
   */
  teleport(values?: ArrayLike<number>): this {
    if (values) this.current.set(values);
    this.previous.set(this.current);
    return this;
  }

  /**
   * Makes previous equal current for the components in [start, end) only: the teleport of one
   * body in a batch (a respawn, a body moved by hand) while every other body keeps blending.
   * For body `i` of stride `n`, that is `teleportRange(n * i, n * i + n)`.
   */
  teleportRange(start: number, end: number): this {
    const n = this.current.length;
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > n || start > end) {
      throw new RangeError(
        `teleportRange: start and end must be integers with 0 <= start <= end <= ${n}, got ${show(start)} and ${show(end)}`,
      );
    }
    for (let i = start; i < end; i++) this.previous[i] = this.current[i]!;
    return this;
  }

  /** Writes the state at `alpha` between previous (0) and current (1) into `out`. Returns out. */
  blend<T extends Vec>(out: T, alpha: number): T {
    if (this.kind === 'lerp') return lerpArray(out, this.previous, this.current, alpha);
    if (this.kind === 'slerp') return slerpArray(out, this.previous, this.current, alpha);
    for (let i = 0; i < this.current.length; i++) {
      out[i] = lerpAngle(this.previous[i]!, this.current[i]!, alpha);
    }
    return out;
  }
}
