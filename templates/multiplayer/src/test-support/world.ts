import { writeUint32 } from '@loop/net';
import fc from 'fast-check';
import { HEIGHT, MAX_PLAYERS } from '../shared/arena';
import { INPUT_BYTES, writeInput } from '../shared/input';
import { STRIDE, World } from '../shared/world';

/**
 * The seed every property test runs from: fixed, so a run is reproducible and a failure replays
 * (`FC_SEED=… npm test` to try others; fast-check prints the seed and path of a failure).
 */
export const SEED = Number(process.env.FC_SEED ?? 20_261_125);

/** Something that happens before a step: a seat taken or freed, or a new input. */
export type Event =
  | { at: number; kind: 'join' | 'leave'; slot: number }
  | { at: number; kind: 'input'; slot: number; x: number; y: number; buttons: number };

/** Ticks a schedule spans. */
export const TICKS = 240;

/** Hostile schedules: joins of taken seats, leaves of empty ones, any stick, any button byte. */
export const schedule = fc
  .array(
    fc.oneof(
      fc.record({
        at: fc.nat(TICKS - 1),
        kind: fc.constantFrom('join' as const, 'leave' as const),
        slot: fc.nat(MAX_PLAYERS - 1),
      }),
      fc.record({
        at: fc.nat(TICKS - 1),
        kind: fc.constant('input' as const),
        slot: fc.nat(MAX_PLAYERS - 1),
        x: fc.integer({ min: -200, max: 200 }),
        y: fc.integer({ min: -200, max: 200 }),
        buttons: fc.nat(255),
      }),
    ),
    { maxLength: 120 },
  )
  .map((events) => [...events].sort((a, b) => a.at - b.at));

/** Applies the events due at the world's tick, then steps; from `from` to `to`. */
export function play(
  world: World,
  events: readonly Event[],
  to: number,
  each?: (w: World) => void,
) {
  for (let t = world.tick; t < to; t++) {
    for (const e of events) {
      if (e.at !== t) continue;
      if (e.kind === 'join') world.join(e.slot);
      else if (e.kind === 'leave') world.leave(e.slot);
      else if (e.kind === 'input') writeInput(world.inputs, e.slot * 3, e.x, e.y, e.buttons);
    }
    world.step();
    each?.(world);
  }
}

/** A world's whole state, comparable bit for bit with `toEqual`. */
export function bits(world: World): unknown {
  return {
    state: new Uint8Array(world.state.buffer.slice(0)),
    present: [...world.present],
    inputs: [...world.inputs],
    tick: world.tick,
  };
}

/** An input message by hand, as a stranger may send one: the newest tick, then each input's raw bytes, newest first. */
export function inputMessage(newest: number, ...inputs: number[][]): Uint8Array {
  const bytes = new Uint8Array(5 + inputs.length * INPUT_BYTES);
  writeUint32(bytes, 0, newest);
  bytes[4] = inputs.length;
  inputs.forEach((input, i) => {
    bytes.set(input, 5 + i * INPUT_BYTES);
  });
  return bytes;
}

/** One grid step (1/16): what rounding to the grid may move a figure by, per step. */
export const GRID_STEP = 1 / 16;

/** Where crate `b` (0 to 15) starts in the state. */
export const crate = (b: number) => (MAX_PLAYERS + b) * STRIDE;

/** A world whose crates rest in a row along the bottom, 70 apart, out of the way. */
export function clearArena(): World {
  const world = new World();
  for (let b = 0; b < 16; b++) {
    world.state.set([60 + 70 * b, HEIGHT - 40, 0, 0], crate(b));
  }
  return world;
}

/** Puts entity `e` at (x, y) moving at (vx, vy). */
export function place(world: World, e: number, x: number, y: number, vx = 0, vy = 0): void {
  world.state.set([x, y, vx, vy], e * STRIDE);
}

/** Entity `e`'s x, y, vx and vy. */
export const at = (world: World, e: number) => [
  ...world.state.subarray(e * STRIDE, e * STRIDE + STRIDE),
];
