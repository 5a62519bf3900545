import { Random } from '@loop/core';
import type { RollbackGame } from './game.js';

/**
 * Test support for the rollback tests (not shipped): a small deterministic game whose state
 * depends on every input in order. Dots pushed by their players' inputs (dx, dy, a button),
 * pushing each other apart, bouncing off walls, with a seeded random drawn each tick from a
 * state kept in a part: floating-point arithmetic whose result changes with any input, order or
 * tick, so a missed rollback or a wrong input shows in the checksum.
 */

/** Input words per player: dx, dy (−4..4), buttons. */
export const DOT_WORDS = 3;
const SIZE = 100;

/** Ways to make the step non-deterministic, for the sync-test tests. */
export interface Chaos {
  /** At this tick, `Math.random()` moves player 0's dot. */
  randomAt?: number;
  /** From this tick, the dots are visited (pushed, scored) in an order that changes from call to call. */
  orderFrom?: number;
}

/** A dots game with its parts at hand. */
export interface DotsGame extends RollbackGame {
  readonly pos: Float64Array;
  readonly vel: Float32Array;
  readonly score: Int32Array;
  readonly seed: Uint32Array;
}

/** Calls of the step so far, in all games: what an order that "differs between runs" follows. */
let calls = 0;

function push(pos: Float64Array, vel: Float32Array, a: number, b: number): void {
  const dx = pos[b * 2]! - pos[a * 2]!;
  const dy = pos[b * 2 + 1]! - pos[a * 2 + 1]!;
  const d2 = dx * dx + dy * dy;
  if (d2 > 64 || d2 === 0) return;
  // Depends on the velocities so far: the order of the pushes changes the result.
  const f = (8 - Math.sqrt(d2)) * (0.05 + Math.abs(vel[a * 2]!) * 0.01);
  vel[a * 2] = vel[a * 2]! - dx * f;
  vel[a * 2 + 1] = vel[a * 2 + 1]! - dy * f;
  vel[b * 2] = vel[b * 2]! + dx * f;
  vel[b * 2 + 1] = vel[b * 2 + 1]! + dy * f;
}

function move(pos: Float64Array, vel: Float32Array, i: number): void {
  vel[i] = vel[i]! * 0.9;
  let x = pos[i]! + vel[i]!;
  if (x < 0 || x > SIZE) {
    vel[i] = -vel[i]!;
    x = Math.min(SIZE, Math.max(0, x));
  }
  pos[i] = x;
}

/** A typed-array dots game for `players` players. */
export function createDotsGame(players: number, chaos: Chaos = {}): DotsGame {
  const pos = new Float64Array(players * 2);
  for (let p = 0; p < players; p++) {
    pos[p * 2] = 10 + p * 11;
    pos[p * 2 + 1] = 50 + (p % 2) * 3;
  }
  const vel = new Float32Array(players * 2);
  const score = new Int32Array(players);
  const seed = new Uint32Array([12345]);
  const random = new Random(0);
  const order: number[] = [];
  const step = (inputs: Int32Array, tick: number, present: number) => {
    calls++;
    random.state = seed[0]!;
    for (let p = 0; p < players; p++) {
      if (!(present & (1 << p))) continue;
      const at = p * DOT_WORDS;
      vel[p * 2] = vel[p * 2]! + inputs[at]! * 0.25 + (random.next() - 0.5) * 0.01;
      vel[p * 2 + 1] = vel[p * 2 + 1]! + inputs[at + 1]! * 0.25;
      if (inputs[at + 2]! & 1) score[p] = score[p]! + 1 + (tick % 3);
    }
    seed[0] = random.state;
    if (chaos.orderFrom !== undefined && tick >= chaos.orderFrom) {
      order.length = 0;
      for (let i = 0; i < players; i++) order.push((i + calls) % players);
      for (const a of order) for (const b of order) if (a < b) push(pos, vel, a, b);
      // The first dot visited takes the point, as the first to reach a coin would.
      score[order[0]!] = score[order[0]!]! + 1;
    } else {
      for (let a = 0; a < players; a++) for (let b = a + 1; b < players; b++) push(pos, vel, a, b);
    }
    for (let i = 0; i < players * 2; i++) move(pos, vel, i);
    if (tick === chaos.randomAt) pos[0] = pos[0]! + Math.random() * 1e-6;
  };
  return {
    inputWords: DOT_WORDS,
    parts: [
      { name: 'pos', array: pos, stride: 2, item: 'player' },
      { name: 'vel', array: vel, stride: 2, item: 'player' },
      { name: 'score', array: score },
      { name: 'seed', array: seed },
    ],
    step,
    pos,
    vel,
    score,
    seed,
    build: 'dots-test',
  };
}

/** An opaque game's save: `views` one after another in `bytes`, which it returns. */
export function saveViews(views: readonly Uint8Array[], bytes: Uint8Array): Uint8Array {
  let at = 0;
  for (const v of views) {
    bytes.set(v, at);
    at += v.length;
  }
  return bytes;
}

/**
 * The same game as an opaque one, the way a Rapier world is given: its state saved and loaded
 * as bytes, `poses` (positions) captured for diagnosis, a checksum of the rest.
 */
export function createOpaqueDots(players: number, chaos: Chaos = {}): DotsGame {
  const inner = createDotsGame(players, chaos);
  const poses = new Float64Array(players * 2);
  const bytes = new Uint8Array(players * 16 + players * 8 + players * 4 + 4);
  const views = [inner.pos, inner.vel, inner.score, inner.seed].map(
    (a) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength),
  );
  const velBits = new Uint32Array(inner.vel.buffer);
  return {
    ...inner,
    parts: [{ name: 'poses', array: poses, stride: 2, item: 'body' }],
    save() {
      return saveViews(views, bytes);
    },
    load(from) {
      let at = 0;
      for (const v of views) {
        v.set(from.subarray(at, at + v.length));
        at += v.length;
      }
    },
    capture() {
      poses.set(inner.pos);
    },
    checksum() {
      let h = inner.seed[0]!;
      for (let i = 0; i < velBits.length; i++) h = (Math.imul(h, 31) + velBits[i]!) >>> 0;
      for (let i = 0; i < inner.score.length; i++) h = (Math.imul(h, 31) + inner.score[i]!) >>> 0;
      return h;
    },
  };
}

/** An integer hash (no allocation), for scripted inputs. */
function mix(x: number): number {
  let h = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A player's input at a tick, drawn from a seed (held for 7 ticks, as a player holds a key):
 * the same for every run, with no allocation.
 */
export function scriptedInput(
  out: Int32Array,
  at: number,
  seed: number,
  player: number,
  tick: number,
): void {
  const h = mix((seed * 7919 + player * 104_729 + Math.floor(tick / 7)) | 0);
  out[at] = (h % 9) - 4;
  out[at + 1] = ((h >>> 8) % 9) - 4;
  out[at + 2] = (h >>> 16) % 10 < 3 ? 1 : 0;
}
