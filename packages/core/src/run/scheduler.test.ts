import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoop } from '../loop.js';
import { manualScheduler, nextDeadline, timerScheduler } from './scheduler.js';

describe('nextDeadline: the timer scheduler does not let lateness add up', () => {
  it('keeps the cadence when every timer fires 3 ms late', () => {
    let deadline = Number.NaN;
    const deadlines: number[] = [];
    let now = 0;
    for (let i = 0; i < 100; i++) {
      deadline = nextDeadline(deadline, now, 10);
      deadlines.push(deadline);
      now = deadline + 3; // the timer fires late; the next request comes then
    }
    expect(deadlines.slice(0, 4)).toEqual([10, 20, 30, 40]);
    // 100 deadlines, 1000 ms: the rate is exactly one per interval, not one per 13 ms
    expect(deadlines.at(-1)).toBe(1000);
  });

  it('is due at once when the clock is exactly on the next deadline', () => {
    expect(nextDeadline(10, 20, 10)).toBe(20);
  });

  it('starts over one interval from now after a stall, rather than firing a burst', () => {
    expect(nextDeadline(10, 20.5, 10)).toBe(30.5);
    expect(nextDeadline(10, 500, 10)).toBe(510);
  });

  it('starts one interval from now without a previous deadline', () => {
    expect(nextDeadline(Number.NaN, 1234, 10)).toBe(1244);
  });
});

describe('timerScheduler (Node, workers), on fake timers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drives a loop at its interval, with the clock it was given, and stops on stop()', () => {
    const stamps: number[] = [];
    const loop = createLoop({
      scheduler: timerScheduler({ interval: 10, now: () => Date.now() }),
      render: (_a, s) => stamps.push(s.now),
    }).start();
    const t0 = Date.now();
    vi.advanceTimersByTime(100);
    expect(stamps.map((t) => t - t0)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    loop.stop();
    vi.advanceTimersByTime(100);
    expect(stamps.length).toBe(10);
  });

  it('keeps one request: asking again replaces the pending callback', () => {
    const s = timerScheduler({ interval: 10, now: () => Date.now() });
    const calls: string[] = [];
    s.request(() => calls.push('first'));
    s.request(() => calls.push('second'));
    vi.advanceTimersByTime(50);
    expect(calls).toEqual(['second']);
  });

  it('runs nothing after cancel(), and starts a new cadence after it', () => {
    const s = timerScheduler({ interval: 10, now: () => Date.now() });
    const seen: number[] = [];
    const t0 = Date.now();
    s.request((t) => seen.push(t - t0));
    s.cancel();
    vi.advanceTimersByTime(25);
    expect(seen).toEqual([]);
    s.request((t) => seen.push(t - t0));
    vi.advanceTimersByTime(10);
    expect(seen).toEqual([35]);
  });

  it('is the default where requestAnimationFrame does not exist, at 60 Hz', () => {
    let renders = 0;
    const loop = createLoop({ render: () => renders++ }).start();
    vi.advanceTimersByTime(1000);
    loop.stop();
    expect(renders).toBe(60);
  });

  it('rejects a bad interval, naming it', () => {
    expect(() => timerScheduler({ interval: 0 })).toThrow(/interval.*got 0/);
    expect(() => timerScheduler({ interval: Number.POSITIVE_INFINITY })).toThrow(RangeError);
  });
});

describe('timerScheduler with timers that fire late', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps its rate: each callback is asked for one interval after the last deadline', () => {
    let clock = 0;
    const timers: { fire: () => void; at: number }[] = [];
    vi.stubGlobal('setTimeout', (fire: () => void, ms: number) =>
      timers.push({ fire, at: clock + ms }),
    );
    vi.stubGlobal('clearTimeout', () => {});
    const stamps: number[] = [];
    createLoop({
      scheduler: timerScheduler({ interval: 10, now: () => clock }),
      render: (_a, s) => stamps.push(s.now),
    }).start();
    for (let i = 0; i < 100; i++) {
      const timer = timers.at(-1)!;
      clock = timer.at + 3; // every timer fires 3 ms late
      timer.fire();
    }
    expect(timers).toHaveLength(101);
    expect(stamps.slice(0, 3)).toEqual([13, 23, 33]);
    // 100 callbacks in 1000 ms, not one every 13 ms
    expect(stamps.at(-1)).toBe(1003);
  });
});

describe('manualScheduler', () => {
  it('never calls back: frames come only from frame(now)', () => {
    let called = false;
    manualScheduler().request(() => {
      called = true;
    });
    expect(called).toBe(false);
  });
});
