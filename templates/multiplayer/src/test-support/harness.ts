import { MSG_SNAPSHOT } from '@loop/net';
import { RoomHarness } from '@loop/net/testing';
import { Client } from 'colyseus.js';
import { expect } from 'vitest';
import type { ArenaConfig, ArenaRoom } from '../server/arena-room';
import { type GameServer, startServer } from '../server/server';
import { TICK_RATE } from '../shared/arena';
import { SNAPSHOT_BYTES } from '../shared/snapshot';

export { until } from '@loop/net/testing';

/** The arena's server under @loop/net's harness: the test steps its rooms. */
export type Harness = RoomHarness<ArenaRoom, GameServer>;

/**
 * Test support: this game's server (with `arena`'s settings) on a free loopback port under
 * `@loop/net/testing`'s RoomHarness, whose rooms step only when the test says so, and real
 * colyseus.js clients joining `'arena'`.
 */
export function startHarness(arena: ArenaConfig = {}): Promise<Harness> {
  return RoomHarness.start<ArenaRoom, GameServer>({
    room: 'arena',
    tickRate: TICK_RATE,
    start: (clock) => startServer({ arena: { ...clock, ...arena } }),
  });
}

/**
 * Joins the arena at `endpoint` as a page does (`<its URL>colyseus`), waits for a snapshot of the
 * full size and leaves: the one-URL check of `npm run dev` and `npm run start`.
 */
export async function expectSnapshotsAt(endpoint: string): Promise<void> {
  const room = await new Client(endpoint).joinOrCreate('arena');
  const sizes: number[] = [];
  room.onMessage(MSG_SNAPSHOT, (bytes: Uint8Array) => sizes.push(bytes.byteLength));
  await expect.poll(() => sizes.length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(sizes[0]).toBe(SNAPSHOT_BYTES);
  await room.leave();
}
