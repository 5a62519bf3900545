import { describe, expect, it } from 'vitest';
import { heapAfterGc } from '../test-heap.js';
import { Mesh } from './test-mesh.js';

/**
 * Allocation regression guards, as the page's and the room's: a match of three peers driven for
 * thousands of ticks (inputs, packets both ways, predictions, rollbacks, checksum reports, frame
 * advantage) must keep nothing alive per tick. The heap is read after forced full collections,
 * the smallest growth of WINDOWS stretches kept, so one-off growth (a late optimization) lands
 * in one window while a leak shows in all. Five windows: with three, a fresh clone's CI run
 * (every core busy) once saw 71 kB of such one-off growth in each.
 */
const TICKS = 3000;
const WINDOWS = 5;
const LIMIT = 64 * 1024;

/** Three peers over a lossy, jittery conditioned mesh; `leak` keeps one small array per tick. */
function driveMesh(leak: unknown[] | undefined): number {
  const mesh = new Mesh({
    players: 3,
    seed: 31,
    path: { latency: 60, jitter: 30, loss: 0.2, reorder: 0.2 },
    session: { record: false },
  });
  const leaky = () => leak?.push([mesh.now]);
  mesh.tickers.push(leaky);
  const ms = (TICKS * 1000) / 60;
  mesh.run(ms);
  let least = Number.POSITIVE_INFINITY;
  for (let w = 0; w < WINDOWS; w++) {
    const before = heapAfterGc();
    mesh.run(ms);
    least = Math.min(least, heapAfterGc() - before);
  }
  for (const s of mesh.sessions) {
    expect(s.counts.rollbacks).toBeGreaterThan(100);
    expect(s.counts.compared).toBeGreaterThan(TICKS);
    expect(s.desync).toBeNull();
  }
  return least;
}

describe('RollbackSession, allocation', () => {
  it('keeps nothing alive per tick over a hostile network', () => {
    expect(driveMesh(undefined)).toBeLessThan(LIMIT);
  });

  it('would see a leak of one small array per tick (the guard works)', () => {
    expect(driveMesh([])).toBeGreaterThan(LIMIT);
  });
});
