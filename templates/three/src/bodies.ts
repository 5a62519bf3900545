import { Interpolated, Random } from '@loop/core';

/** Pull towards the centre per unit of distance (1/s²): every orbit takes 2π seconds. */
const STIFFNESS = 1;

/**
 * Bodies orbiting the centre and spinning, integrated at a fixed step. Plain arrays, no
 * three.js: the simulation does not know how it is drawn. Positions (x, y, z per body) blend
 * linearly; orientations (quaternions x, y, z, w per body) blend by slerp, which keeps them
 * unit length and turns at constant speed, where a component lerp would shrink and wobble.
 * The starting orbits come from a seeded {@link Random}, so a seed replays the scene.
 */
export class Bodies {
  readonly positions: Interpolated;
  readonly orientations: Interpolated;
  /** Velocity, x, y, z per body, in units per second. */
  readonly velocities: Float64Array;
  /** Spin in the body's own frame: unit axis x, y, z then speed in radians per second. */
  readonly spins: Float64Array;

  /** `random`: where the starting orbits and spins come from; seed it to replay. */
  constructor(
    readonly count: number,
    random = new Random(Date.now()),
  ) {
    this.positions = new Interpolated(count * 3);
    this.orientations = new Interpolated(count * 4, 'slerp');
    this.velocities = new Float64Array(count * 3);
    this.spins = new Float64Array(count * 4);
    const p = this.positions.current;
    const q = this.orientations.current;
    const v = this.velocities;
    const s = this.spins;
    for (let i = 0; i < count; i++) {
      // Orbits near the horizontal plane, at radius 3 to 7, a little elliptical.
      const angle = random.next() * Math.PI * 2;
      const radius = 3 + random.next() * 4;
      const speed = Math.sqrt(STIFFNESS) * radius * (0.75 + random.next() * 0.25);
      p[3 * i] = Math.cos(angle) * radius;
      p[3 * i + 1] = (random.next() - 0.5) * 2;
      p[3 * i + 2] = Math.sin(angle) * radius;
      v[3 * i] = -Math.sin(angle) * speed;
      v[3 * i + 1] = (random.next() - 0.5) * speed * 0.4;
      v[3 * i + 2] = Math.cos(angle) * speed;
      const ax = random.next() - 0.5;
      const ay = random.next() - 0.5;
      const az = random.next() - 0.5;
      const len = Math.sqrt(ax * ax + ay * ay + az * az) || 1;
      s[4 * i] = ax / len;
      s[4 * i + 1] = ay / len;
      s[4 * i + 2] = az / len;
      s[4 * i + 3] = 1 + random.next() * 3;
      q[4 * i + 3] = 1; // identity
    }
    this.positions.teleport();
    this.orientations.teleport();
  }

  /** Advances every body by one fixed step of `dt` seconds. */
  step(dt: number): void {
    this.positions.save();
    this.orientations.save();
    const p = this.positions.current;
    const q = this.orientations.current;
    const v = this.velocities;
    const s = this.spins;
    // Stryker disable next-line EqualityOperator: `i <= this.count` adds a pass at i = count, which reads nothing but the arrays and writes only past their ends, which typed arrays ignore (equivalent); `i >= this.count` runs none (bodies.test.ts kills it)
    for (let i = 0; i < this.count; i++) {
      // Semi-implicit Euler on a central spring: velocity first, then position. Stable orbits.
      for (let k = 3 * i; k < 3 * i + 3; k++) {
        v[k] = v[k]! - STIFFNESS * p[k]! * dt;
        p[k] = p[k]! + v[k]! * dt;
      }
      // q ← q ⊗ Δq, Δq the rotation by speed × dt about the body's axis; then renormalize so
      // rounding never lets the quaternion drift away from unit length. Math.sqrt of the sum of
      // squares, not Math.hypot: in V8 hypot is several times slower and allocates on every
      // call, to guard against an overflow that numbers near 1 never reach.
      const o = 4 * i;
      const half = (s[o + 3]! * dt) / 2;
      const sin = Math.sin(half);
      const bx = s[o]! * sin;
      const by = s[o + 1]! * sin;
      const bz = s[o + 2]! * sin;
      const bw = Math.cos(half);
      const ax = q[o]!;
      const ay = q[o + 1]!;
      const az = q[o + 2]!;
      const aw = q[o + 3]!;
      const x = aw * bx + ax * bw + ay * bz - az * by;
      const y = aw * by - ax * bz + ay * bw + az * bx;
      const z = aw * bz + ax * by - ay * bx + az * bw;
      const w = aw * bw - ax * bx - ay * by - az * bz;
      const inv = 1 / Math.sqrt(x * x + y * y + z * z + w * w);
      q[o] = x * inv;
      q[o + 1] = y * inv;
      q[o + 2] = z * inv;
      q[o + 3] = w * inv;
    }
  }

  /**
   * Turns the whole system half a turn about the vertical axis in one step: every body lands
   * on the far side of its orbit, facing the other way. With `clean`, `teleport()` makes the
   * previous state equal the new one, so the next frames draw the bodies at their new place;
   * without it, render blends old and new places and the bodies streak through the centre and
   * spin half a turn in one step: the smear.
   */
  teleport(clean: boolean): void {
    const p = this.positions.current;
    const q = this.orientations.current;
    const v = this.velocities;
    // Stryker disable next-line EqualityOperator: `i <= this.count` adds a pass at i = count, which reads nothing but the arrays and writes only past their ends, which typed arrays ignore (equivalent); `i >= this.count` runs none (bodies.test.ts kills it)
    for (let i = 0; i < this.count; i++) {
      p[3 * i] = -p[3 * i]!;
      p[3 * i + 2] = -p[3 * i + 2]!;
      v[3 * i] = -v[3 * i]!;
      v[3 * i + 2] = -v[3 * i + 2]!;
      // (0, 1, 0, 0) ⊗ q: half a turn about y, applied in world space.
      const o = 4 * i;
      const x = q[o]!;
      const y = q[o + 1]!;
      const z = q[o + 2]!;
      const w = q[o + 3]!;
      q[o] = z;
      q[o + 1] = w;
      q[o + 2] = -x;
      q[o + 3] = -y;
    }
    if (clean) {
      this.positions.teleport();
      this.orientations.teleport();
    }
  }
}
