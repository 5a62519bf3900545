import { describe, expect, it } from 'vitest';
import { BODIES, MAX_PLAYERS } from './arena';

describe('the arena’s sizes', () => {
  it('has a body for every seat and every crate, in the world and in its snapshot', async () => {
    // Imported in the test, not above: a size that breaks the world throws as its module loads,
    // which must fail this test rather than leave a file with no test run.
    const { STRIDE, World } = await import('./world');
    const { SnapshotCodec } = await import('./snapshot');
    const world = new World();
    for (let slot = 0; slot < MAX_PLAYERS; slot++) world.join(slot);
    expect(world.state.length).toBe((MAX_PLAYERS + BODIES) * STRIDE);
    // Every body is in the arena, off its corner: the seats round the middle, the crates in a grid.
    for (let e = 0; e < MAX_PLAYERS + BODIES; e++) {
      expect(world.state[e * STRIDE]).toBeGreaterThan(0);
      expect(world.state[e * STRIDE + 1]).toBeGreaterThan(0);
    }
    const codec = new SnapshotCodec();
    const back = new World(99);
    expect(codec.decode(codec.encode(world), back, { tick: 0, ack: 0, missed: 0, slot: 0 })).toBe(
      true,
    );
    expect(back.state).toEqual(world.state);
  });
});
