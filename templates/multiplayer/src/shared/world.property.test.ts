import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bits, play, SEED, schedule, TICKS } from '../test-support/world';
import { ENTITIES, GRID, HEIGHT, MAX_PLAYERS, SPEED_LIMIT, WIDTH } from './arena';
import { radiusOf, STRIDE, World } from './world';

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
