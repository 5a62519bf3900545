import { useFrame } from '@react-three/fiber';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { served, until } from './test-worker.js';
import { mountWorker } from './test-worker-mount.js';

/** Counts the frames R3F runs. */
function FrameCounter({ log }: { log: { frames: number } }) {
  useFrame(() => {
    log.frames++;
  });
  return null;
}

// R3F's own loop on the fake timers' requestAnimationFrame (a frame every 16 ms), as in
// frameloop-demand.test.tsx; setTimeout stays real, so the MessageChannel and until() work.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
});
afterAll(() => {
  vi.useRealTimers();
});

describe('<WorkerLoop> under frameloop="demand"', () => {
  it('asks for frames while it runs at a time scale above 0, and none otherwise', async () => {
    const game = served(3);
    const log = { frames: 0 };
    const scene = <FrameCounter log={log} />;
    const { renderer, update } = await mountWorker(scene, game, {}, 'demand');
    await until(() => game.frames.pending, 'the worker loop starts');
    vi.advanceTimersByTime(1000);
    expect(log.frames).toBeGreaterThanOrEqual(60); // a frame every 16 ms, asked for each time

    // Paused: the page's loop waits for no frame, so R3F goes idle.
    await update({ paused: true });
    vi.advanceTimersByTime(100);
    const paused = log.frames;
    vi.advanceTimersByTime(2000);
    expect(log.frames).toBe(paused);

    // Running at a time scale of 0: no step can come due, so no frame is asked for either.
    await update({ paused: false, timeScale: 0 });
    vi.advanceTimersByTime(100);
    const still = log.frames;
    vi.advanceTimersByTime(2000);
    expect(log.frames).toBe(still);

    // Time runs again: frames every 16 ms.
    await update({ paused: false, timeScale: 1 });
    vi.advanceTimersByTime(1000);
    expect(log.frames - still).toBeGreaterThanOrEqual(60);
    await renderer.unmount();
  });
});
