import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENTITIES, GRID, HEIGHT, MAX_PLAYERS, SPEED_LIMIT, WIDTH } from './arena';
import { writeInput } from './input';
import { SEED } from './test-support';
import { radiusOf, STRIDE, World } from './world';

/** Something that happens before a step: a seat taken or freed, or a new input. */
type Event =
  | { at: number; kind: 'join' | 'leave'; slot: number }
  | { at: number; kind: 'input'; slot: number; x: number; y: number; buttons: number };

const TICKS = 240;

/** Hostile schedules: joins of taken seats, leaves of empty ones, any stick, any button byte. */
const schedule = fc
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
function play(world: World, events: readonly Event[], to: number, each?: (w: World) => void) {
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

function bits(world: World): unknown {
  return {
    state: new Uint8Array(world.state.buffer.slice(0)),
    present: [...world.present],
    inputs: [...world.inputs],
    tick: world.tick,
  };
}

/**
 * Every invariant a snapshot relies on, as the first broken one (or ''): on the grid, no −0,
 * inside the walls, under the speed cap, an empty seat all zeros.
 */
function broken(world: World): string {
  for (let e = 0; e < ENTITIES; e++) {
    const present = e >= MAX_PLAYERS || world.present[e] === 1;
    for (let k = 0; k < STRIDE; k++) {
      const v = world.state[e * STRIDE + k]!;
      const where = `tick ${world.tick} entity ${e} component ${k} = ${v}`;
      if (!Number.isInteger(v * GRID) || Object.is(v, -0)) return `off the grid: ${where}`;
      if (!present) {
        if (v !== 0) return `empty seat moved: ${where}`;
      } else if (k >= 2) {
        if (Math.abs(v) > SPEED_LIMIT) return `over the speed cap: ${where}`;
      } else {
        const r = radiusOf(e);
        if (v < r || v > (k === 0 ? WIDTH : HEIGHT) - r) return `outside the walls: ${where}`;
      }
    }
  }
  return '';
}

describe('World, property tests (fast-check, seed in test-support)', () => {
  it('gives bit-identical state for the same seed and the same inputs, with every invariant after every step', () => {
    fc.assert(
      fc.property(fc.integer(), schedule, (seed, events) => {
        const a = new World(seed);
        const b = new World(seed);
        let first = '';
        play(a, events, TICKS, (w) => {
          first ||= broken(w);
        });
        expect(first).toBe('');
        play(b, events, TICKS);
        expect(bits(a)).toEqual(bits(b));
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('continues bit for bit from a copy taken at any tick (what a rewind does)', () => {
    fc.assert(
      fc.property(fc.integer(), schedule, fc.nat(TICKS), (seed, events, cut) => {
        const whole = new World(seed);
        play(whole, events, TICKS);
        const first = new World(seed);
        play(first, events, cut);
        const copy = new World(seed ^ 0x5bd1e995); // another layout: everything must come from the copy
        copy.copyFrom(first);
        play(copy, events, TICKS);
        expect(bits(copy)).toEqual(bits(whole));
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});
