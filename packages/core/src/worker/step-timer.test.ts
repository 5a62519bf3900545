import { afterEach, describe, expect, it, vi } from 'vitest';
import { stepTimer } from './step-timer.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('stepTimer', () => {
  it('sets one timer for the requests of one frame, at the time the step is due', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const start = performance.now();
    const timer = stepTimer(() => start + 7.2);
    const fired: number[] = [];
    timer.request((now) => fired.push(now));
    timer.request((now) => fired.push(now)); // asked twice before the frame ended
    await Promise.resolve();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(7);
    expect(fired).toEqual([]); // 7 ms is before the step: never early
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toEqual([start + 8]);
  });

  it('sets none when cancelled in the frame that asked', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const timer = stepTimer(() => performance.now() + 10);
    timer.request(() => {});
    timer.cancel();
    await Promise.resolve();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sets the pending timer again from the time now due, and none when none is pending', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const start = performance.now();
    let due = start + 100;
    const timer = stepTimer(() => due);
    const fired: number[] = [];
    timer.rearm(); // nothing asked yet
    expect(vi.getTimerCount()).toBe(0);
    timer.request((now) => fired.push(now));
    timer.rearm(); // asked, not yet set: the frame's microtask sets it from dueAt
    await Promise.resolve();
    expect(vi.getTimerCount()).toBe(1);
    due = start + 10; // a faster time scale moved the step
    timer.rearm();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(fired).toEqual([start + 10]);
    timer.rearm(); // fired, and no frame asked again (the loop stopped in it)
    expect(vi.getTimerCount()).toBe(0);
    timer.request(() => {});
    await Promise.resolve();
    timer.cancel();
    timer.rearm(); // cancelled
    expect(vi.getTimerCount()).toBe(0);
  });
});
