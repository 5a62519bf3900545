import { afterEach, describe, expect, it } from 'vitest';
import { createLoop } from '../loop.js';

/** Headless Chromium keeps the page visible; this flips what the page reports and fires the real event. */
function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  document.dispatchEvent(new Event('visibilitychange'));
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(() => {
  // restore the browser's own getter
  delete (document as { visibilityState?: string }).visibilityState;
});

describe('pause when hidden', () => {
  it('stops on a hidden page and resumes with no catch-up burst', async () => {
    let updates = 0;
    let renders = 0;
    const loop = createLoop({ update: () => updates++, render: () => renders++ }).start();
    await wait(200);
    expect(renders).toBeGreaterThan(2);
    setHidden(true);
    const hiddenAt = renders;
    await wait(300);
    expect(renders).toBe(hiddenAt);
    const ticks = loop.tick;
    setHidden(false);
    await wait(100);
    // 300 ms hidden at 60 Hz would be 18 steps; after resume only the visible time counts
    expect(loop.tick - ticks).toBeLessThan(10);
    expect(renders).toBeGreaterThan(hiddenAt);
    expect(loop.running).toBe(true);
    loop.stop();
  });

  it('can be told not to pause', async () => {
    let renders = 0;
    const loop = createLoop({ pauseWhenHidden: false, render: () => renders++ }).start();
    await wait(100);
    setHidden(true);
    const at = renders;
    await wait(150);
    expect(renders).toBeGreaterThan(at);
    loop.stop();
  });
});
