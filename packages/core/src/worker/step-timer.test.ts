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
});
