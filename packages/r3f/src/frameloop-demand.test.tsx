import { useFrame } from '@react-three/fiber';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mount, StepCounter } from './test-support.js';

/** Counts the frames R3F runs. */
function FrameCounter({ log }: { log: { frames: number } }) {
  useFrame(() => {
    log.frames++;
  });
  return null;
}

const STEP_MS = 1000 / 60;

// R3F's own loop runs here, on the fake timers' requestAnimationFrame (a frame every 16 ms)
// and performance.now (which R3F's clock reads for each frame's delta). Installed once for the
// file: R3F keeps whether its loop runs in a module variable, so its rAF chain must outlive a test.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
});
afterAll(() => {
  vi.useRealTimers();
});

describe('<FixedLoop> under frameloop="demand"', () => {
  it('invalidates while steps can come due, and lets R3F go idle when none can', async () => {
    const log = { steps: 0, frames: 0 };
    const scene = (
      <>
        <StepCounter log={log} />
        <FrameCounter log={log} />
      </>
    );
    const { renderer, loop, update } = await mount(scene, { timestep: STEP_MS }, 'demand');
    vi.advanceTimersByTime(1000);
    expect(log.frames).toBeGreaterThanOrEqual(61); // a frame every 16 ms, asked for each time
    expect(loop().tick).toBeGreaterThanOrEqual(58);
    expect(loop().tick).toBeLessThanOrEqual(60);

    await update(scene, { timestep: STEP_MS, timeScale: 0 });
    vi.advanceTimersByTime(100);
    const idleFrames = log.frames;
    const idleTick = loop().tick;
    vi.advanceTimersByTime(10_000); // ten seconds idle: R3F asks for no frame
    expect(log.frames).toBe(idleFrames);

    // Time runs again: the first frame after idle is a frame, not a 10 s stall repaid in steps.
    await update(scene, { timestep: STEP_MS, timeScale: 1 });
    vi.advanceTimersByTime(16);
    expect(log.frames).toBe(idleFrames + 1);
    expect(loop().tick).toBe(idleTick);
    vi.advanceTimersByTime(1000);
    expect(loop().tick - idleTick).toBeGreaterThanOrEqual(59);
    expect(loop().tick - idleTick).toBeLessThanOrEqual(61);
    await renderer.unmount();
  });

  it('stops asking for frames while paused and resumes with no burst', async () => {
    const log = { steps: 0, frames: 0 };
    const scene = (
      <>
        <StepCounter log={log} />
        <FrameCounter log={log} />
      </>
    );
    const { renderer, update } = await mount(scene, { timestep: STEP_MS }, 'demand');
    vi.advanceTimersByTime(500);
    await update(scene, { timestep: STEP_MS, paused: true });
    vi.advanceTimersByTime(100);
    const { frames, steps } = log;
    vi.advanceTimersByTime(5_000);
    expect(log.frames).toBe(frames);
    await update(scene, { timestep: STEP_MS, paused: false });
    vi.advanceTimersByTime(16);
    expect(log.steps).toBe(steps);
    vi.advanceTimersByTime(500);
    expect(log.steps - steps).toBeGreaterThanOrEqual(28);
    expect(log.steps - steps).toBeLessThanOrEqual(30);
    await renderer.unmount();
  });
});
