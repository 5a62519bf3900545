import { describe, expect, it } from 'vitest';
import { WorkerHealth } from './health.js';

/** Acquires ticks `from`..`to` published every `ms` milliseconds from `start`. */
function feed(health: WorkerHealth, from: number, to: number, ms: number, start = 1000): void {
  for (let tick = from; tick <= to; tick++) health.acquired(tick, start + (tick - from) * ms, 2);
}

describe('WorkerHealth', () => {
  it('reads 0 ticks per second until two snapshots, then ticks over worker time', () => {
    const health = new WorkerHealth('shared');
    expect(health.transport).toBe('shared');
    expect(health.ticksPerSecond).toBe(0);
    health.acquired(1, 500, 3);
    expect(health.ticksPerSecond).toBe(0);
    expect(health.stepMs).toBe(3);
    health.acquired(2, 525, 4);
    // One tick in 25 ms of the worker's clock: 40 ticks a second.
    expect(health.ticksPerSecond).toBe(40);
    expect(health.stepMs).toBe(4);
    expect(health.tick).toBe(2);
    expect(health.snapshots).toBe(2);
  });

  it('counts the ticks between two snapshots, not the snapshots', () => {
    const health = new WorkerHealth('message');
    health.acquired(10, 0, 1);
    health.acquired(13, 50, 1); // three ticks in 50 ms: 60 a second
    expect(health.ticksPerSecond).toBe(60);
    expect(health.skipped).toBe(2);
  });

  it('measures over the last 31 snapshots only, so a change of rate shows within a window', () => {
    const health = new WorkerHealth('shared');
    feed(health, 1, 40, 100); // 10 ticks a second for 40 snapshots
    expect(health.ticksPerSecond).toBeCloseTo(10, 9);
    feed(health, 41, 71, 10, 1000 + 39 * 100 + 10); // then 100 a second for 31 snapshots
    expect(health.ticksPerSecond).toBeCloseTo(100, 9);
    expect(health.snapshots).toBe(71);
  });

  it('measures from the snapshot 31 before the newest, wherever the ring stands', () => {
    const health = new WorkerHealth('shared');
    // Published ever more slowly (tick t at t² ms), so every window gives another rate.
    for (let tick = 1; tick <= 40; tick++) health.acquired(tick, tick * tick, 1);
    expect(health.ticksPerSecond).toBeCloseTo((31 * 1000) / (40 * 40 - 9 * 9), 9);
    for (let tick = 41; tick <= 77; tick++) health.acquired(tick, tick * tick, 1);
    expect(health.ticksPerSecond).toBeCloseTo((31 * 1000) / (77 * 77 - 46 * 46), 9);
  });

  it('over fewer snapshots than the window, uses all of them from the first', () => {
    const health = new WorkerHealth('shared');
    health.acquired(1, 0, 1);
    health.acquired(2, 100, 1);
    health.acquired(3, 110, 1);
    // Two ticks in 110 ms (from the first snapshot), not one in 10 ms.
    expect(health.ticksPerSecond).toBeCloseTo(2000 / 110, 9);
  });

  it('reads 0, not Infinity or a negative rate, when the worker clock did not move', () => {
    const health = new WorkerHealth('shared');
    health.acquired(1, 100, 1);
    health.acquired(2, 100, 1);
    expect(health.ticksPerSecond).toBe(0);
    health.acquired(3, 90, 1);
    expect(health.ticksPerSecond).toBe(0);
  });

  it('counts skipped ticks only after the first snapshot and only for gaps', () => {
    const health = new WorkerHealth('shared');
    health.acquired(5, 0, 1); // the first: ticks before it were not skipped by the page
    expect(health.skipped).toBe(0);
    health.acquired(6, 10, 1);
    expect(health.skipped).toBe(0);
    health.acquired(6, 20, 1); // the same tick again (a held snapshot): nothing skipped
    expect(health.skipped).toBe(0);
    health.acquired(9, 30, 1);
    expect(health.skipped).toBe(2);
    health.acquired(2, 40, 1); // after a jump back (a loaded state): nothing skipped either
    expect(health.skipped).toBe(2);
    expect(health.tick).toBe(2);
  });
});
