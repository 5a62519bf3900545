import { Random } from '@loop/core';
import {
  ACCELERATION,
  BODIES,
  BODY_DAMPING,
  BODY_INV_MASS,
  BODY_RADIUS,
  BOOST,
  DT,
  ENTITIES,
  GRID,
  HEIGHT,
  MAX_PLAYERS,
  MAX_SPEED,
  PLAYER_DAMPING,
  PLAYER_INV_MASS,
  PLAYER_RADIUS,
  RESTITUTION,
  SPEED_LIMIT,
  WIDTH,
} from './arena';
import { BUTTON_BOOST, INPUT_BYTES, STICK_MAX } from './input';

/** Numbers per entity in {@link World.state}: x, y, vx, vy. */
export const STRIDE = 4;

const RADIUS = new Float64Array(ENTITIES);
const INV_MASS = new Float64Array(ENTITIES);
for (let i = 0; i < ENTITIES; i++) {
  RADIUS[i] = i < MAX_PLAYERS ? PLAYER_RADIUS : BODY_RADIUS;
  INV_MASS[i] = i < MAX_PLAYERS ? PLAYER_INV_MASS : BODY_INV_MASS;
}

/** An entity's radius, for drawing (players first, then bodies). */
export function radiusOf(entity: number): number {
  return RADIUS[entity]!;
}

/**
 * Rounds to the {@link GRID} (positions), exactly representable in a double and an Int16. The
 * `+ 0` turns −0 into 0: a snapshot's Int16 has no −0, and the state must survive one bit for bit.
 */
function onGrid(v: number): number {
  // Stryker disable next-line ArithmeticOperator: - 0 keeps a −0, but no position here is near 0: crates are laid out and players spawn well inside the arena, and a step rounds after the walls put each body a radius inside (the * and / siblings are killed)
  return Math.round(v * GRID) / GRID + 0;
}

/** Truncates to the grid toward zero (velocities: friction brings them to exactly 0). */
function towardZero(v: number): number {
  const limited = Math.min(SPEED_LIMIT, Math.max(-SPEED_LIMIT, v));
  return Math.trunc(limited * GRID) / GRID + 0;
}

/**
 * The arena's simulation, the same code on the server and on every page: circles in a box,
 * players accelerated by their stick, crates pushed by contact. Deterministic by construction,
 * so a page that starts from the server's state with the same inputs reaches the same bits:
 * a fixed step (never the frame time), contacts resolved in a fixed order, randomness only when
 * the world is made (a seeded `Random`), and the whole state on a 1/16 grid after every step.
 *
 * The state is flat typed arrays (`state`, `present`, `inputs`, `tick`): copying a world is
 * three `set` calls, a snapshot is those arrays quantized, and {@link step} allocates nothing.
 */
export class World {
  /** x, y, vx, vy of each entity (players 0 to MAX_PLAYERS − 1, then the crates). */
  readonly state = new Float64Array(ENTITIES * STRIDE);
  /** 1 where a player's seat is taken; an empty seat neither moves nor collides. */
  readonly present = new Uint8Array(MAX_PLAYERS);
  /**
   * Each player's input, three bytes (stick x, stick y, buttons), applied at every step until
   * it is replaced: a missing input means "as before", on the server and in a prediction.
   */
  readonly inputs = new Int8Array(MAX_PLAYERS * INPUT_BYTES);
  /** Fixed steps taken since the world was made. */
  tick = 0;

  /** Lays the crates out from `seed`: the same seed gives the same arena. */
  constructor(seed = 1) {
    const random = new Random(seed);
    const columns = 4;
    const cellW = WIDTH / (columns + 1);
    const cellH = HEIGHT / (BODIES / columns + 1);
    // Stryker disable next-line EqualityOperator: one more round draws a number nothing keeps and writes past the state's end, which a typed array ignores
    for (let b = 0; b < BODIES; b++) {
      const at = (MAX_PLAYERS + b) * STRIDE;
      const jitter = (random.next() - 0.5) * BODY_RADIUS;
      this.state[at] = onGrid(cellW * (1 + (b % columns)) + jitter);
      this.state[at + 1] = onGrid(cellH * (1 + Math.floor(b / columns)) - jitter);
    }
  }

  /** Seats a player at its slot's spawn point, at rest, with no input. */
  join(slot: number): void {
    this.present[slot] = 1;
    const at = slot * STRIDE;
    const angle = (slot / MAX_PLAYERS) * Math.PI * 2;
    this.state[at] = onGrid(WIDTH / 2 + Math.cos(angle) * (HEIGHT / 2 - PLAYER_RADIUS * 2));
    this.state[at + 1] = onGrid(HEIGHT / 2 + Math.sin(angle) * (HEIGHT / 2 - PLAYER_RADIUS * 2));
    this.state[at + 2] = 0;
    this.state[at + 3] = 0;
    this.inputs.fill(0, slot * INPUT_BYTES, slot * INPUT_BYTES + INPUT_BYTES);
  }

  /** Frees a seat: its body leaves the arena. */
  leave(slot: number): void {
    this.present[slot] = 0;
    this.state.fill(0, slot * STRIDE, slot * STRIDE + STRIDE);
    this.inputs.fill(0, slot * INPUT_BYTES, slot * INPUT_BYTES + INPUT_BYTES);
  }

  /** Makes this world an exact copy of `other` (a rewind, or a page taking a snapshot). */
  copyFrom(other: World): void {
    this.state.set(other.state);
    this.present.set(other.present);
    this.inputs.set(other.inputs);
    this.tick = other.tick;
  }

  /** One fixed step of {@link DT} seconds with the current inputs. */
  step(): void {
    const s = this.state;
    // Stryker disable next-line EqualityOperator: present[MAX_PLAYERS] is past the array's end, undefined, never 1 (the loop's >= and the !== siblings are killed)
    for (let p = 0; p < MAX_PLAYERS; p++) if (this.present[p] === 1) this.#drive(p);
    // Stryker disable next-line EqualityOperator: one more round writes past the state's end, which a typed array ignores
    for (let b = MAX_PLAYERS; b < ENTITIES; b++) {
      s[b * STRIDE + 2]! *= BODY_DAMPING;
      s[b * STRIDE + 3]! *= BODY_DAMPING;
    }
    // Stryker disable next-line EqualityOperator: one more round writes past the state's end, which a typed array ignores
    for (let e = 0; e < ENTITIES; e++) {
      if (e < MAX_PLAYERS && this.present[e] !== 1) continue;
      s[e * STRIDE]! += s[e * STRIDE + 2]! * DT;
      s[e * STRIDE + 1]! += s[e * STRIDE + 3]! * DT;
    }
    // Stryker disable next-line EqualityOperator: a round for i = ENTITIES pairs it with no j (j starts past the last entity)
    for (let i = 0; i < ENTITIES; i++) {
      if (i < MAX_PLAYERS && this.present[i] !== 1) continue;
      for (let j = i + 1; j < ENTITIES; j++) {
        if (j < MAX_PLAYERS && this.present[j] !== 1) continue;
        this.#collide(i, j);
      }
    }
    for (let e = 0; e < ENTITIES; e++) {
      if (e < MAX_PLAYERS && this.present[e] !== 1) continue;
      this.#walls(e);
      const at = e * STRIDE;
      s[at] = onGrid(s[at]!);
      s[at + 1] = onGrid(s[at + 1]!);
      s[at + 2] = towardZero(s[at + 2]!);
      s[at + 3] = towardZero(s[at + 3]!);
    }
    this.tick++;
  }

  /** A player's stick accelerates it (a diagonal no faster than straight), then damping and the top speed. */
  #drive(p: number): void {
    const s = this.state;
    const at = p * STRIDE;
    const x = this.inputs[p * INPUT_BYTES]!;
    const y = this.inputs[p * INPUT_BYTES + 1]!;
    const boost = (this.inputs[p * INPUT_BYTES + 2]! & BUTTON_BOOST) !== 0;
    const length = Math.sqrt(x * x + y * y);
    const gain = (boost ? BOOST : 1) * ACCELERATION * DT;
    const scale = (length > STICK_MAX ? 1 / length : 1 / STICK_MAX) * gain;
    let vx = s[at + 2]! * PLAYER_DAMPING + x * scale;
    let vy = s[at + 3]! * PLAYER_DAMPING + y * scale;
    const top = boost ? MAX_SPEED * BOOST : MAX_SPEED;
    const speed = Math.sqrt(vx * vx + vy * vy);
    if (speed > top) {
      vx *= top / speed;
      vy *= top / speed;
    }
    s[at + 2] = vx;
    s[at + 3] = vy;
  }

  /** Separates two overlapping circles by inverse mass and exchanges a bouncy impulse. */
  #collide(i: number, j: number): void {
    const s = this.state;
    const a = i * STRIDE;
    const b = j * STRIDE;
    let nx = s[b]! - s[a]!;
    let ny = s[b + 1]! - s[a + 1]!;
    const reach = RADIUS[i]! + RADIUS[j]!;
    const d2 = nx * nx + ny * ny;
    if (d2 >= reach * reach) return;
    const d = Math.sqrt(d2);
    if (d > 0) {
      nx /= d;
      ny /= d;
    } else {
      nx = 1; // on top of each other: push apart along x, the same way on every machine
      ny = 0;
    }
    const wa = INV_MASS[i]!;
    const wb = INV_MASS[j]!;
    const push = (reach - d) / (wa + wb);
    s[a]! -= nx * push * wa;
    s[a + 1]! -= ny * push * wa;
    s[b]! += nx * push * wb;
    s[b + 1]! += ny * push * wb;
    const closing = (s[b + 2]! - s[a + 2]!) * nx + (s[b + 3]! - s[a + 3]!) * ny;
    // Stryker disable next-line EqualityOperator: at a closing speed of exactly 0 the impulse is 0 and changes nothing
    if (closing >= 0) return;
    const impulse = (-(1 + RESTITUTION) * closing) / (wa + wb);
    s[a + 2]! -= nx * impulse * wa;
    s[a + 3]! -= ny * impulse * wa;
    s[b + 2]! += nx * impulse * wb;
    s[b + 3]! += ny * impulse * wb;
  }

  /** Keeps an entity inside the arena, bouncing off the walls. */
  #walls(e: number): void {
    const s = this.state;
    const at = e * STRIDE;
    const r = RADIUS[e]!;
    for (let axis = 0; axis < 2; axis++) {
      const max = (axis === 0 ? WIDTH : HEIGHT) - r;
      const p = s[at + axis]!;
      const v = s[at + 2 + axis]!;
      if (p < r) {
        s[at + axis] = r;
        // Stryker disable next-line EqualityOperator: a speed of 0 bounces to −0, which the step's rounding makes 0 again
        if (v < 0) s[at + 2 + axis] = -v * RESTITUTION;
      } else if (p > max) {
        s[at + axis] = max;
        // Stryker disable next-line EqualityOperator: a speed of 0 bounces to −0, which the step's rounding makes 0 again
        if (v > 0) s[at + 2 + axis] = -v * RESTITUTION;
      }
    }
  }
}
