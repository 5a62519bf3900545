import { describe, expect, it } from 'vitest';
import { createLoop } from '../loop.js';
import { manualScheduler, timerScheduler } from './scheduler.js';

describe('timerScheduler (Node, workers)', () => {
  it('drives a loop with real timers and stops on stop()', async () => {
    const stamps: number[] = [];
    const loop = createLoop({
      scheduler: timerScheduler({ interval: 5 }),
      render: (_a, s) => stamps.push(s.now),
    }).start();
    await new Promise((r) => setTimeout(r, 120));
    loop.stop();
    const count = stamps.length;
    expect(count).toBeGreaterThan(3);
    for (let i = 1; i < count; i++) expect(stamps[i]!).toBeGreaterThan(stamps[i - 1]!);
    await new Promise((r) => setTimeout(r, 40));
    expect(stamps.length).toBe(count);
  });

  it('is the default where requestAnimationFrame does not exist', async () => {
    let renders = 0;
    const loop = createLoop({ render: () => renders++ }).start();
    await new Promise((r) => setTimeout(r, 80));
    loop.stop();
    expect(renders).toBeGreaterThan(0);
  });

  it('uses an injected clock and rejects a bad interval', async () => {
    let fake = 1000;
    const seen: number[] = [];
    const s = timerScheduler({ interval: 1, now: () => (fake += 10) });
    await new Promise<void>((resolve) =>
      s.request((t) => {
        seen.push(t);
        resolve();
      }),
    );
    expect(seen[0]! % 10).toBe(0);
    expect(() => timerScheduler({ interval: 0 })).toThrow(/interval.*0/);
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
