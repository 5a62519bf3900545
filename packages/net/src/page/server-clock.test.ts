import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED } from '../test-support.js';
import { CLOCK_JUMP_MS, CLOCK_SLEW_MS, CLOCK_WINDOW, ServerClock } from './server-clock.js';

/** A ping at local time `at` over a path of `up` and `down` ms, the server `offset` ahead. */
function ping(clock: ServerClock, offset: number, at: number, up: number, down: number): void {
  clock.sample(at, at + up + offset, at + up + down);
}

describe('ServerClock', () => {
  it('has no estimate before the first pong, then the exact offset over a symmetric path', () => {
    const clock = new ServerClock();
    expect(clock.synced).toBe(false);
    expect(clock.offset).toBeNaN();
    ping(clock, 5000, 100, 40, 40);
    expect(clock.synced).toBe(true);
    expect(clock.offset).toBe(5000);
    expect(clock.rtt).toBe(80);
    expect(clock.serverTime(1000)).toBe(6000);
  });

  it('refuses impossible pongs (back in time, not finite) and keeps its estimate', () => {
    const clock = new ServerClock();
    ping(clock, -300, 0, 10, 10);
    expect(clock.sample(50, 100, 40)).toBe(false);
    expect(clock.sample(50, Number.NaN, 60)).toBe(false);
    expect(clock.sample(50, 100, Number.POSITIVE_INFINITY)).toBe(false);
    expect(clock.refused).toBe(3);
    expect([clock.offset, clock.rtt]).toEqual([-300, 20]);
  });

  it('ignores a spike: one pong held 400 ms on the way back moves neither offset nor round trip', () => {
    const clock = new ServerClock();
    for (let i = 0; i < 5; i++) ping(clock, 1234, i * 250, 30, 30);
    ping(clock, 1234, 1250, 30, 430);
    expect([clock.offset, clock.rtt, clock.minRtt]).toEqual([1234, 60, 60]);
  });

  it('slews toward a new estimate by at most 2 ms a pong, and jumps when more than 100 ms off', () => {
    const clock = new ServerClock();
    ping(clock, 0, 0, 20, 20);
    // The server's clock moved 10 ms (a faster path shows it): followed 2 ms at a time.
    ping(clock, 10, 250, 10, 10);
    expect(clock.offset).toBe(CLOCK_SLEW_MS);
    for (let i = 2; i < 6; i++) ping(clock, 10, i * 250, 10, 10);
    expect(clock.offset).toBe(10);
    // A server restarted with another clock: taken at once.
    ping(clock, 10 + CLOCK_JUMP_MS + 50, 2000, 5, 5);
    expect(clock.offset).toBe(10 + CLOCK_JUMP_MS + 50);
  });

  it('takes the median round trip of the last 16 pongs, in any order', () => {
    const clock = new ServerClock();
    ping(clock, 0, 0, 5, 5);
    ping(clock, 0, 250, 20, 20);
    ping(clock, 0, 500, 10, 10);
    expect(clock.rtt).toBe(20); // of 10, 40 and 20
    // 1 to 20 ms, shuffled: the window keeps the last 16.
    const rtts = [7, 19, 3, 12, 1, 16, 9, 20, 5, 14, 2, 18, 11, 6, 15, 8, 13, 4, 17, 10];
    const late = new ServerClock();
    rtts.forEach((rtt, i) => {
      ping(late, 0, i * 250, rtt / 2, rtt / 2);
    });
    const kept = rtts.slice(-CLOCK_WINDOW).sort((a, b) => a - b);
    expect(late.rtt).toBe((kept[7]! + kept[8]!) / 2);
    expect(late.minRtt).toBe(kept[0]);
  });

  it('slews when exactly CLOCK_JUMP_MS off, and jumps past it', () => {
    const clock = new ServerClock();
    ping(clock, 0, 0, 20, 20);
    ping(clock, CLOCK_JUMP_MS, 250, 10, 10);
    expect(clock.offset).toBe(CLOCK_SLEW_MS);
  });

  it('property: over paths with spikes, with one clean pong in every window, it settles on the exact offset and never lurches', () => {
    const spike = fc.record({ up: fc.nat(500), down: fc.nat(500) });
    fc.assert(
      fc.property(
        fc.integer({ min: -1e7, max: 1e7 }),
        fc.integer({ min: 1, max: 150 }),
        fc.array(fc.option(spike, { freq: 3 }), { minLength: 40, maxLength: 80 }),
        (offset, oneWay, path) => {
          const clock = new ServerClock();
          let last = Number.NaN;
          path.forEach((extra, i) => {
            // Every CLOCK_WINDOW-th pong is clean, so a window always holds one.
            const clean = extra === null || i % CLOCK_WINDOW === 0;
            ping(
              clock,
              offset,
              i * 250,
              oneWay + (clean ? 0 : extra.up),
              oneWay + (clean ? 0 : extra.down),
            );
            const moved = Math.abs(clock.offset - last);
            if (!Number.isNaN(last) && moved > CLOCK_SLEW_MS) {
              expect(moved).toBeGreaterThan(CLOCK_JUMP_MS); // a jump, never a lurch in between
            }
            last = clock.offset;
            expect(clock.minRtt).toBeGreaterThanOrEqual(oneWay * 2);
          });
          // A clean path for one more window: the exact offset and round trip.
          for (let i = 0; i < CLOCK_WINDOW * 3; i++)
            ping(clock, offset, (path.length + i) * 250, oneWay, oneWay);
          expect(clock.offset).toBe(offset);
          expect(clock.rtt).toBe(oneWay * 2);
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });
});
