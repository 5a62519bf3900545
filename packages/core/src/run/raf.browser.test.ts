import { describe, expect, it } from 'vitest';
import { createLoop } from '../loop.js';

describe('rafScheduler in a real browser', () => {
  it('drives the loop from requestAnimationFrame with increasing timestamps', async () => {
    const stamps: number[] = [];
    const loop = createLoop({ render: (_a, l) => stamps.push(l.now) });
    expect(loop.running).toBe(false);
    loop.start();
    await new Promise((r) => setTimeout(r, 300));
    loop.stop();
    const count = stamps.length;
    expect(count).toBeGreaterThan(2);
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]!).toBeGreaterThan(stamps[i - 1]!);
    await new Promise((r) => setTimeout(r, 100));
    expect(stamps.length).toBe(count);
  });
});
