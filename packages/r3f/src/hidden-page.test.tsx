import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frame, mount, StepCounter } from './test-support.js';

/**
 * The page's visibility as a browser reports it: Node has no document, so this file gives it
 * the two things `@loop/core` reads (`visibilityState` and the `visibilitychange` event).
 */
class Page extends EventTarget {
  visibilityState: 'visible' | 'hidden' = 'visible';

  set(state: 'visible' | 'hidden'): void {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

const page = new Page();
beforeAll(() => {
  (globalThis as { document?: unknown }).document = page;
});
afterAll(() => {
  delete (globalThis as { document?: unknown }).document;
});

describe('<FixedLoop pauseWhenHidden>', () => {
  it('runs no step while the page is hidden, and none to catch up when it shows again', async () => {
    const log = { steps: 0 };
    const { renderer } = await mount(<StepCounter log={log} />, {
      timestep: 1000 / 60,
      pauseWhenHidden: true,
    });
    frame(renderer, 1 / 60);
    for (let i = 0; i < 60; i++) frame(renderer, 1 / 60);
    expect(log.steps).toBe(60);
    page.set('hidden');
    // A background tab: R3F may still run slow frames while the loop is suspended.
    for (let i = 0; i < 10; i++) frame(renderer, 0.15);
    expect(log.steps).toBe(60);
    page.set('visible');
    frame(renderer, 5); // the first frame back holds the hidden time: a baseline, no burst
    expect(log.steps).toBe(60);
    frame(renderer, 1 / 30);
    expect(log.steps).toBe(62);
    await renderer.unmount();
  });
});
