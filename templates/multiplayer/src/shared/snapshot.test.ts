import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bits, play, SEED, schedule, TICKS } from '../test-support/world';
import { NO_SLOT, SNAPSHOT_BYTES, SnapshotCodec, type SnapshotHeader } from './snapshot';
import { World } from './world';

const header = (): SnapshotHeader => ({ tick: 0, ack: 0, missed: 0, slot: 0 });

describe('SnapshotCodec', () => {
  it('is 228 bytes for the whole arena', () => {
    expect(SNAPSHOT_BYTES).toBe(228);
  });

  it('carries the exact state: a world decoded from a snapshot at any tick continues bit for bit', () => {
    fc.assert(
      fc.property(fc.integer(), schedule, fc.nat(TICKS), (seed, events, cut) => {
        const server = new World(seed);
        play(server, events, cut);
        const bytes = new SnapshotCodec().encode(server).slice();
        const page = new World(seed + 1);
        expect(new SnapshotCodec().decode(bytes, page, header())).toBe(true);
        expect(bits(page)).toEqual(bits(server));
        play(server, events, TICKS);
        play(page, events, TICKS);
        expect(bits(page)).toEqual(bits(server));
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it("stamps each client's header on the same encoded world", () => {
    const codec = new SnapshotCodec();
    const world = new World(1);
    world.tick = 123_456;
    codec.encode(world);
    const a = codec.stamp(123_460, 70_000, 3).slice();
    const b = codec.stamp(-1, 0, NO_SLOT).slice();
    const got = header();
    codec.decode(a, new World(), got);
    expect(got).toEqual({ tick: 123_456, ack: 123_460, missed: 70_000 & 0xffff, slot: 3 });
    codec.decode(b, new World(), got);
    expect(got).toEqual({ tick: 123_456, ack: -1, missed: 0, slot: NO_SLOT });
  });

  it('refuses a message of another length and leaves the world as it was', () => {
    const world = new World(1);
    const before = bits(world);
    const codec = new SnapshotCodec();
    const got = header();
    for (const length of [0, SNAPSHOT_BYTES - 1, SNAPSHOT_BYTES + 1]) {
      expect(codec.decode(new Uint8Array(length).fill(7), world, got)).toBe(false);
    }
    expect(bits(world)).toEqual(before);
    expect(got).toEqual(header());
  });
});
