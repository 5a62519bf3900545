import { describe, expect, it } from 'vitest';
import { createLinkPair } from '../link/memory-link.js';
import { heapAfterGc } from '../test-heap.js';
import { MSG_PONG, MSG_SNAPSHOT } from '../wire/messages.js';
import { NetClient } from './net-client.js';
import { toyClientOptions } from './test-client.js';
import { BODY_BYTES, encodeToy, SnapshotFrame, ToyWorld } from './test-game.js';

/**
 * Allocation regression guard, as `@loop/core`'s for its loop: a NetClient driven for tens of
 * thousands of frames (update, draw, a snapshot every third frame, a pong every fifteenth) must
 * keep nothing alive per frame. The heap is read after forced full collections, code space left
 * out, and the smallest growth of WINDOWS stretches kept, so one-off growth (a late
 * optimization) lands in one window while a leak shows in all.
 */
const FRAMES = 20_000;
const WINDOWS = 3;
const LIMIT = 64 * 1024;

/** Drives a client over a link pair with a server world of its own; `leak` keeps one array per frame (the guard's self-check). */
function drive(leak: unknown[] | undefined): number {
  const [page, server] = createLinkPair();
  let now = 0;
  const client = new NetClient(page, toyClientOptions({ now: () => now }));
  const world = new ToyWorld();
  const frame = new SnapshotFrame(BODY_BYTES);
  const pong = new Float64Array(2);
  const pongBytes = new Uint8Array(pong.buffer);
  let frames = 0;
  const run = (count: number) => {
    for (let i = 0; i < count; i++, frames++) {
      now = frames * (1000 / 60);
      world.step();
      if (frames % 3 === 0) {
        encodeToy(frame, world);
        server.sendBytes(MSG_SNAPSHOT, frame.stamp(client.predictor.tick - 1, 0, 0));
      }
      if (frames % 15 === 0) {
        pong[0] = now - 30;
        pong[1] = now - 15;
        server.sendBytes(MSG_PONG, pongBytes);
      }
      client.input[0] = (frames % 200) - 100;
      client.update();
      client.draw();
      leak?.push([frames]);
    }
  };
  run(FRAMES);
  let least = Number.POSITIVE_INFINITY;
  for (let w = 0; w < WINDOWS; w++) {
    const before = heapAfterGc();
    run(FRAMES);
    least = Math.min(least, heapAfterGc() - before);
  }
  // The client did all of its work: synced, predicting, sending and drawing blends.
  expect(client.clock.synced).toBe(true);
  expect(client.counts.inputMessages).toBeGreaterThan(FRAMES);
  expect(client.counts.snapshots).toBeGreaterThan(FRAMES / 3);
  expect(client.sampled).toBe('blend');
  return least;
}

describe('NetClient, allocation', () => {
  it('keeps nothing alive per frame: pings, prediction, inputs, snapshots, draws', () => {
    expect(drive(undefined)).toBeLessThan(LIMIT);
  });

  it('would see a leak of one small array per frame (the guard works)', () => {
    expect(drive([])).toBeGreaterThan(LIMIT);
  });
});
