import { Interpolated, Random } from '@loop/core';
import type { InputSnapshot } from '@loop/core/dom';

/** Pull towards the target (px/s² at any distance): constant, so far particles come back. */
const PULL = 1400;
/** Sideways push that makes the swarm circle its target instead of collapsing onto it. */
const SWIRL = 700;
/** Fraction of velocity lost per second: keeps speeds bounded. */
const DRAG = 1.6;
/** Speed a tap's burst gives a particle at the tap point, in px/s, fading with distance. */
const BURST = 1600;
const BURST_RADIUS = 220;

/**
 * A swarm that follows the finger: each particle is pulled towards a target (the touch point,
 * or a point circling the centre when no finger is down) and swirls around it; a tap blows it
 * apart. It advances only in fixed steps, so it moves the same at a 30 and a 60 fps cap (see
 * swarm.test.ts); its randomness comes from a seeded {@link Random}, so a seed replays it.
 */
export class Swarm {
  /** Position of every particle (x, y) at the previous and the latest step. */
  readonly positions: Interpolated;
  readonly velocities: Float64Array;
  /** Where the swarm is heading, as of the latest step. */
  targetX = 0;
  targetY = 0;
  width = 360;
  height = 640;
  /** Seconds of simulated time, for the idle circling. */
  private time = 0;

  /** `random`: where the starting positions come from; seed it to replay. */
  constructor(
    readonly count: number,
    random = new Random(Date.now()),
  ) {
    this.positions = new Interpolated(count * 2);
    this.velocities = new Float64Array(count * 2);
    const p = this.positions.current;
    for (let i = 0; i < count; i++) {
      p[2 * i] = random.next() * this.width;
      p[2 * i + 1] = random.next() * this.height;
    }
    this.positions.teleport();
  }

  /**
   * Follows the canvas's CSS size. Before the first step (the page sizes the canvas as it
   * starts) the particles move with the walls, each to the same fraction of the new size, so
   * the swarm starts spread over the whole screen and none of it off it: a landscape phone is
   * less tall than the 640 px the constructor spreads it over, a laptop far wider.
   */
  resize(width: number, height: number): void {
    if (this.time === 0) {
      const p = this.positions.current;
      const sx = width / this.width;
      const sy = height / this.height;
      // Stryker disable next-line EqualityOperator: `i <= p.length` adds a pass at i = p.length, which writes only past the array's end, and a typed array ignores that (equivalent); `i >= p.length` runs none (swarm.test.ts kills it)
      for (let i = 0; i < p.length; i += 2) {
        p[i] = p[i]! * sx;
        p[i + 1] = p[i + 1]! * sy;
      }
      this.positions.teleport();
    }
    this.width = width;
    this.height = height;
  }

  /** Advances the swarm by one fixed step of `dt` seconds, with this step's input. */
  step(dt: number, input: InputSnapshot): void {
    this.time += dt;
    const touch = input.pointer;
    if (touch.down) {
      this.targetX = touch.x;
      this.targetY = touch.y;
    } else {
      const r = Math.min(this.width, this.height) * 0.25;
      this.targetX = this.width / 2 + Math.cos(this.time * 0.7) * r;
      this.targetY = this.height / 2 + Math.sin(this.time * 1.1) * r;
    }
    this.positions.save();
    const p = this.positions.current;
    const v = this.velocities;
    const drag = Math.max(0, 1 - DRAG * dt);
    // Stryker disable next-line EqualityOperator: `i <= this.count` adds a pass at i = count, which writes only past the arrays' ends, and typed arrays ignore that (equivalent); `i >= this.count` runs none (swarm.test.ts kills it)
    for (let i = 0; i < this.count; i++) {
      const x = 2 * i;
      const y = x + 1;
      const dx = this.targetX - p[x]!;
      const dy = this.targetY - p[y]!;
      // Math.sqrt of the sum of squares, not Math.hypot: in V8 hypot is several times slower and
      // allocates on every call, to guard against an overflow that screen distances never reach.
      const d = Math.sqrt(dx * dx + dy * dy) + 1;
      // Half the particles swirl one way, half the other.
      const swirl = (i & 1 ? SWIRL : -SWIRL) / d;
      let ax = (PULL * dx) / d - swirl * dy;
      let ay = (PULL * dy) / d + swirl * dx;
      if (touch.pressed) {
        const fade = Math.max(0, 1 - d / BURST_RADIUS);
        ax -= (BURST * fade * dx) / d / dt;
        ay -= (BURST * fade * dy) / d / dt;
      }
      v[x] = (v[x]! + ax * dt) * drag;
      v[y] = (v[y]! + ay * dt) * drag;
      p[x] = Math.min(this.width, Math.max(0, p[x]! + v[x]! * dt));
      p[y] = Math.min(this.height, Math.max(0, p[y]! + v[y]! * dt));
    }
  }
}
