import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoop } from '../loop.js';
import { animationFrames } from '../test-support/browser.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('rafScheduler in a real browser', () => {
  it("runs one frame per animation frame, at that frame's timestamp", async () => {
    const stamps: number[] = [];
    const loop = createLoop({ render: (_a, l) => stamps.push(l.now) });
    expect(loop.running).toBe(false);
    loop.start();
    // Requested after the loop's first frame: each of these frames runs the loop first.
    const frames = await animationFrames(8);
    loop.stop();
    expect(stamps).toEqual(frames);
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]!).toBeGreaterThan(stamps[i - 1]!);
  });

  it('cancels its request on stop: no frame, no new request, over many frames', async () => {
    const request = vi.spyOn(window, 'requestAnimationFrame');
    const cancel = vi.spyOn(window, 'cancelAnimationFrame');
    let renders = 0;
    const loop = createLoop({ render: () => renders++ }).start();
    await animationFrames(3);
    loop.stop();
    expect(renders).toBe(3);
    const requests = request.mock.calls.length;
    // The pending request is the one cancelled, by its handle.
    expect(cancel).toHaveBeenLastCalledWith(request.mock.results.at(-1)!.value);
    await animationFrames(10);
    expect(renders).toBe(3);
    expect(request).toHaveBeenCalledTimes(requests);
    expect(loop.running).toBe(false);
  });
});
