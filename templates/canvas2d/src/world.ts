import { Interpolated, Random } from '@loop/core';
import type { InputSnapshot } from '@loop/core/dom';

/** Pixels per second²: everything here is measured in CSS pixels. */
const GRAVITY = 900;
/** Spring stiffness (1/s²) and damping (1/s) of the bob hanging from the anchor. */
const STIFFNESS = 40;
const DAMPING = 0.6;
/** Natural length of the spring in pixels. */
const REST_LENGTH = 120;
/** Upward speed a kick (Space) adds, in pixels per second. */
const KICK = 900;
/** A kick never makes a ball rise faster than this, so repeated kicks cannot pump energy forever. */
const MAX_RISE = 1800;

/**
 * The simulation: balls under gravity bouncing off the walls, and a bob on a spring hanging
 * from an anchor the pointer can drag. It only ever advances by the fixed timestep, so it plays
 * the same at any frame rate. Positions live in one {@link Interpolated}, laid out flat as
 * x, y per body: balls first, then the bob, then the anchor (slot `bob + 1`), so render can
 * blend every body in one call. Its randomness comes from a seeded {@link Random}, never
 * `Math.random()`, so the same seed and the same input give the same game (see world.test.ts).
 */
export class World {
  /** Position of every body at the previous and the latest step. */
  readonly positions: Interpolated;
  /** Velocity of every body, x, y per body, in pixels per second. */
  readonly velocities: Float64Array;
  /** Radius of every body in pixels. */
  readonly radii: Float64Array;
  /** Index of the spring's bob; the anchor is `bob + 1`. */
  readonly bob: number;
  width = 800;
  height = 600;

  /** `random`: where every random number of the simulation comes from; seed it to replay. */
  constructor(
    balls: number,
    readonly random = new Random(Date.now()),
  ) {
    this.bob = balls;
    const bodies = balls + 2;
    this.positions = new Interpolated(bodies * 2);
    this.velocities = new Float64Array(bodies * 2);
    this.radii = new Float64Array(bodies);
    const p = this.positions.current;
    for (let i = 0; i < balls; i++) {
      this.radii[i] = 3 + this.random.next() * 6;
      p[2 * i] = this.random.next() * this.width;
      p[2 * i + 1] = this.random.next() * this.height * 0.5;
      this.velocities[2 * i] = (this.random.next() - 0.5) * 600;
      this.velocities[2 * i + 1] = (this.random.next() - 0.5) * 600;
    }
    this.radii[this.bob] = 16;
    this.placeAnchor(this.width / 2, this.height * 0.2);
    p[2 * this.bob] = this.width / 2 + REST_LENGTH;
    p[2 * this.bob + 1] = this.height * 0.2;
    this.positions.teleport();
  }

  /** Follows the canvas's CSS size: the walls are its edges. */
  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
  }

  /** Advances the world by one fixed step of `dt` seconds, with this step's input. */
  step(dt: number, input: InputSnapshot): void {
    this.positions.save();
    const p = this.positions.current;
    const v = this.velocities;
    const kick = input.wasPressed('Space');

    // Balls: semi-implicit Euler (velocity first, then position), then bounce off the walls.
    for (let i = 0; i < this.bob; i++) {
      const x = 2 * i;
      const y = x + 1;
      if (kick) v[y] = Math.max(-MAX_RISE, v[y]! - KICK * (0.5 + this.random.next()));
      v[y] = v[y]! + GRAVITY * dt;
      p[x] = p[x]! + v[x]! * dt;
      p[y] = p[y]! + v[y]! * dt;
      this.bounce(i);
    }

    // The anchor follows the pointer while it is down, otherwise it rests near the top.
    const a = 2 * (this.bob + 1);
    const pointer = input.pointer;
    if (pointer.down) this.placeAnchor(pointer.x, pointer.y);
    else this.placeAnchor(this.width / 2, this.height * 0.2);

    // The bob: gravity plus a damped spring towards the anchor (Hooke's law).
    const b = 2 * this.bob;
    const dx = p[b]! - p[a]!;
    const dy = p[b + 1]! - p[a + 1]!;
    // Math.sqrt of the sum of squares, not Math.hypot: in V8 hypot is several times slower and
    // allocates on every call, to guard against an overflow that screen distances never reach.
    const length = Math.sqrt(dx * dx + dy * dy) || 1;
    const stretch = (length - REST_LENGTH) / length;
    v[b] = v[b]! + (-STIFFNESS * stretch * dx - DAMPING * v[b]!) * dt;
    v[b + 1] = v[b + 1]! + (GRAVITY - STIFFNESS * stretch * dy - DAMPING * v[b + 1]!) * dt;
    if (kick) v[b + 1] = Math.max(-MAX_RISE, v[b + 1]! - KICK);
    p[b] = p[b]! + v[b]! * dt;
    p[b + 1] = p[b + 1]! + v[b + 1]! * dt;
    this.bounce(this.bob);
  }

  /** Moves the anchor. It is state like any other, so it is drawn interpolated too. */
  private placeAnchor(x: number, y: number): void {
    const p = this.positions.current;
    const a = 2 * (this.bob + 1);
    p[a] = x;
    p[a + 1] = y;
  }

  /** Reflects body `i` off the walls, losing no energy, so the scene never settles. */
  private bounce(i: number): void {
    const p = this.positions.current;
    const v = this.velocities;
    const r = this.radii[i]!;
    const x = 2 * i;
    const y = x + 1;
    if (p[x]! < r) {
      p[x] = r;
      v[x] = Math.abs(v[x]!);
    } else if (p[x]! > this.width - r) {
      p[x] = Math.max(r, this.width - r);
      v[x] = -Math.abs(v[x]!);
    }
    if (p[y]! < r) {
      p[y] = r;
      v[y] = Math.abs(v[y]!);
    } else if (p[y]! > this.height - r) {
      p[y] = Math.max(r, this.height - r);
      v[y] = -Math.abs(v[y]!);
    }
  }
}
