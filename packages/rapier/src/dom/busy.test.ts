import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUSY_MS, busyPage } from './busy.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A clock that moves on 10 ms each time it is read: how many readings a block takes. */
function steppingClock() {
  let now = 1000;
  return vi.spyOn(performance, 'now').mockImplementation(() => {
    const t = now;
    now += 10;
    return t;
  });
}

describe('the busy page', () => {
  it('blocks the thread for the given time once a second, until stopped', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const clock = steppingClock();
    const stop = busyPage(BUSY_MS);
    vi.advanceTimersByTime(999);
    expect(clock).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    // One reading for the start, then every 10 ms until 100 ms have passed: 10 more.
    expect(clock).toHaveBeenCalledTimes(11);
    vi.advanceTimersByTime(1000);
    expect(clock).toHaveBeenCalledTimes(22);
    stop();
    vi.advanceTimersByTime(5000);
    expect(clock).toHaveBeenCalledTimes(22);
  });

  it('blocks longer for a longer time', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const clock = steppingClock();
    const stop = busyPage(35);
    vi.advanceTimersByTime(1000);
    expect(clock).toHaveBeenCalledTimes(5); // start, then 10, 20, 30 and 40 ms in
    stop();
  });
});
