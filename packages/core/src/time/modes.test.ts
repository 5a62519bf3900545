import { describe, expect, it } from 'vitest';
import { createLoop } from '../loop.js';
import { display, feed } from '../test-support/traces.js';

/** What sets the modes apart, as the README tells a game which one to pick. */

describe('naive fixed step', () => {
  it('runs faster on a faster display: one step per frame, 2.4 s of game a second at 144 Hz', () => {
    const gameTime = (hz: number) => {
      const loop = createLoop({ scheduler: 'manual', mode: 'naive' }).start();
      return feed(loop, display(hz, 1)).time;
    };
    expect(gameTime(60)).toBeCloseTo(1, 9);
    expect(gameTime(144)).toBeCloseTo(2.4, 9);
  });
});

describe('integer timeslices', () => {
  it('keeps the leftover, frame time and game time in whole milliseconds', () => {
    const seen: number[][] = [];
    const loop = createLoop({
      scheduler: 'manual',
      mode: 'timeslice',
      timestep: 16,
      render: (alpha, s) => seen.push([s.lag, alpha, s.time]),
    }).start();
    // floored to 0, 15, 33, 48 and 69 ms after the first frame
    feed(loop, [0.9, 16.2, 33.99, 49.5, 70.3]);
    expect(seen).toEqual([
      [0, 0, 0],
      [0.015, 15 / 16, 0],
      [0.001, 1 / 16, 0.032],
      [0, 0, 0.048],
      [0.005, 5 / 16, 0.064],
    ]);
    expect(loop.stats.frameTime).toBe(21);
  });
});
