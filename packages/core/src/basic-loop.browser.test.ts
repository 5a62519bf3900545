import { describe, expect, it } from 'vitest';
import { createBasicLoop } from './basic-loop.js';
import { animationFrames } from './test-support/browser.js';

describe('createBasicLoop on requestAnimationFrame', () => {
  it('renders once per animation frame while started, and not at all after stop()', async () => {
    let renders = 0;
    let updates = 0;
    const loop = createBasicLoop({ update: () => updates++, render: () => renders++ }).start();
    await animationFrames(6);
    loop.stop();
    expect(renders).toBe(6);
    expect(updates).toBe(loop.tick);
    const ticks = loop.tick;
    await animationFrames(10);
    expect([renders, updates, loop.tick]).toEqual([6, ticks, ticks]);
  });

  it('resumes on start() after a stop', async () => {
    let renders = 0;
    const loop = createBasicLoop({ update: () => {}, render: () => renders++ }).start();
    await animationFrames(2);
    loop.stop();
    loop.start();
    await animationFrames(3);
    loop.stop();
    expect(renders).toBe(5);
  });
});
