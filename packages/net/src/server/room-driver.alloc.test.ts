import { describe, expect, it } from 'vitest';
import { createLinkPair, type MemoryLink } from '../link/memory-link.js';
import { heapAfterGc } from '../test-heap.js';
import { MSG_INPUT, MSG_PING, MSG_PONG, MSG_SNAPSHOT } from '../wire/messages.js';
import { serveLink } from './link-peer.js';
import { RoomDriver } from './room-driver.js';
import { NO_REFUSALS } from './test-driver.js';
import { TEST_SEATS, TEST_TICK_RATE, testGame } from './test-game.js';

/**
 * Allocation regression guard, as `@loop/core`'s for its loop and the page side's for its
 * client: a full room (every seat sending redundant inputs each tick and a ping every 15th,
 * snapshots out at the tick rate, the session recorded) driven for tens of thousands of ticks
 * must keep nothing alive per tick. The heap is read after forced full collections, code space
 * left out, and the smallest growth of WINDOWS stretches kept, so one-off growth (a late
 * optimization, the recorder filling the time it keeps) lands in one window while a leak shows
 * in all.
 */
const TICKS = 20_000;
const WINDOWS = 3;
const LIMIT = 64 * 1024;

/** Drives a full room over link pairs; `leak` keeps one array per tick (the guard's self-check). */
function drive(leak: unknown[] | undefined): number {
  let now = 1000;
  const room = new RoomDriver(testGame, {
    scheduler: 'manual',
    snapshotRate: TEST_TICK_RATE,
    recordSeconds: 5,
    now: () => now,
    log: () => {},
  });
  const counts = { snapshots: 0, pongs: 0 };
  const pages: MemoryLink[] = [];
  for (let s = 0; s < TEST_SEATS; s++) {
    const [page, server] = createLinkPair();
    page.onMessage(MSG_SNAPSHOT, () => counts.snapshots++);
    page.onMessage(MSG_PONG, () => counts.pongs++);
    serveLink(room, server, `page${s}`);
    pages.push(page);
  }
  const recent = new Int8Array(4 * testGame.wire.inputBytes);
  const message = new Uint8Array(testGame.wire.inputMessageBytes(4));
  const ping = new Uint8Array(8);
  let ticks = 0;
  room.loop.frame(now);
  const run = (count: number) => {
    for (let i = 0; i < count; i++, ticks++) {
      for (let s = 0; s < pages.length; s++) {
        recent.fill((ticks + s) % 50);
        testGame.wire.writeInputMessage(message, room.tick + 1, recent, 4);
        pages[s]!.sendBytes(MSG_INPUT, message);
        if (ticks % 15 === 0) pages[s]!.sendBytes(MSG_PING, ping);
      }
      now = 1000 + ((ticks + 1) * 1000) / TEST_TICK_RATE;
      room.loop.frame(now);
      leak?.push([ticks]);
    }
  };
  run(TICKS);
  let least = Number.POSITIVE_INFINITY;
  for (let w = 0; w < WINDOWS; w++) {
    const before = heapAfterGc();
    run(TICKS);
    least = Math.min(least, heapAfterGc() - before);
  }
  // The room did all of its work: every seat's input in time, snapshots and pongs out, recorded.
  expect(room.tick).toBe(ticks);
  expect(room.seats.every((seat) => seat !== undefined && seat.missed === 0)).toBe(true);
  expect(counts.snapshots).toBe(ticks * TEST_SEATS);
  expect(counts.pongs).toBeGreaterThan(0);
  expect(room.recorder!.recording().duration).toBeGreaterThanOrEqual(5);
  expect(room.refused).toEqual(NO_REFUSALS);
  return least;
}

describe('RoomDriver, allocation', () => {
  it('keeps nothing alive per tick: inputs, pings, steps, snapshots, the recording', () => {
    expect(drive(undefined)).toBeLessThan(LIMIT);
  });

  it('would see a leak of one small array per tick (the guard works)', () => {
    expect(drive([])).toBeGreaterThan(LIMIT);
  });
});
