import { describe, expect, it } from 'vitest';
import { TICK_RATE } from '../shared/arena';
import { arenaRoom, resolveConfig } from './arena-room';

// The settings' defaults, ranges and messages are @loop/net's room options, tested in the package
// (src/server/room-options.test.ts); here, what the arena makes of them.
describe("the arena's settings", () => {
  it('bounds the snapshot rate by the arena’s TICK_RATE and names the arena in a refusal', () => {
    expect(resolveConfig({}).snapshotRate).toBe(20);
    expect(resolveConfig({ snapshotRate: TICK_RATE }).snapshotRate).toBe(TICK_RATE);
    expect(() => resolveConfig({ snapshotRate: TICK_RATE + 0.5 })).toThrow(
      new RangeError(`arena snapshotRate must be a number from 1 to ${TICK_RATE}, got 60.5`),
    );
  });

  it('is checked when the server defines the room, not when a client joins', () => {
    expect(() => arenaRoom({ reconnectSeconds: -1 })).toThrow(
      new RangeError('arena reconnectSeconds must be a number from 0 to 600, got -1'),
    );
  });
});
