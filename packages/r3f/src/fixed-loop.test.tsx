import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { frame, mount, StepCounter } from './test-support.js';
import { useFixedUpdate } from './use-fixed-update.js';

const STEP_MS = 1000 / 60;

describe('<FixedLoop> under frameloop="always"', () => {
  it.each([30, 60, 120, 144, 240])('runs 120 ticks in 2 s of a %i Hz display', async (hz) => {
    const log = { steps: 0 };
    const { renderer, loop } = await mount(<StepCounter log={log} />, { timestep: STEP_MS });
    frame(renderer, 1 / hz); // the baseline: the first frame after start owes nothing
    for (let i = 0; i < 2 * hz; i++) frame(renderer, 1 / hz);
    expect(loop().tick).toBe(120);
    expect(log.steps).toBe(120);
    await renderer.unmount();
  });

  it('runs two steps in every frame of a 30 Hz display for a 60 Hz simulation', async () => {
    const log = { steps: 0 };
    const { renderer } = await mount(<StepCounter log={log} />, { timestep: STEP_MS });
    frame(renderer, 1 / 30);
    const perFrame: number[] = [];
    for (let i = 0; i < 30; i++) {
      const before = log.steps;
      frame(renderer, 1 / 30);
      perFrame.push(log.steps - before);
    }
    expect(perFrame).toEqual(new Array(30).fill(2));
    await renderer.unmount();
  });

  it('runs no step while paused, and none to catch up when it resumes', async () => {
    const log = { steps: 0 };
    const { renderer, loop, update } = await mount(<StepCounter log={log} />, { paused: true });
    for (let i = 0; i < 10; i++) frame(renderer, 1 / 60);
    expect(log.steps).toBe(0);
    await update(<StepCounter log={log} />); // props unchanged: still paused
    expect(loop().running).toBe(false);
    await renderer.unmount();
  });

  it('sets timeScale and maxFps on the live loop, without making a new one', async () => {
    const log = { steps: 0 };
    const { renderer, loop, update } = await mount(<StepCounter log={log} />, {
      timestep: STEP_MS,
    });
    const first = loop();
    await update(<StepCounter log={log} />, { timestep: STEP_MS, timeScale: 0.5, maxFps: 30 });
    expect(loop()).toBe(first);
    expect(first.timeScale).toBe(0.5);
    expect(first.maxFps).toBe(30);
    frame(renderer, 1 / 30);
    for (let i = 0; i < 60; i++) frame(renderer, 1 / 30);
    expect(log.steps).toBe(60); // 2 s of 60 Hz steps at half speed
    // A bad value is refused by core's setter, naming the option and the value.
    await expect(
      update(<StepCounter log={log} />, { timestep: STEP_MS, timeScale: 0.5, maxFps: -1 }),
    ).rejects.toThrow(/maxFps.*-1/);
  });

  it('checks its options when the loop is made: a RangeError names the option and the value', async () => {
    await expect(mount(null, { timestep: -1 })).rejects.toThrow(/timestep.*-1/);
    await expect(mount(null, { maxSteps: 0 })).rejects.toThrow(RangeError);
    await expect(mount(null, { priority: Number.NaN })).rejects.toThrow(/priority.*NaN/);
  });
});

/** Counts steps while StrictMode mounts, unmounts and mounts again. */
function Strict({ log }: { log: { steps: number } }) {
  useFixedUpdate(() => {
    log.steps++;
  });
  return null;
}

describe('<FixedLoop> and React', () => {
  it('leaves exactly one loop after StrictMode double mount and after a remount', async () => {
    const log = { steps: 0 };
    const { renderer, loop, update } = await mount(
      <StrictMode>
        <Strict log={log} />
      </StrictMode>,
      { timestep: STEP_MS },
    );
    frame(renderer, 1 / 30);
    frame(renderer, 1 / 30);
    expect(log.steps).toBe(2); // one loop, one subscription: two steps, not four
    const first = loop();
    expect(() => first.start()).not.toThrow();
    // A remount, as a hot update does it: a new key under the same canvas.
    await update(
      <StrictMode>
        <Strict key="again" log={log} />
      </StrictMode>,
    );
    frame(renderer, 1 / 30);
    frame(renderer, 1 / 30);
    expect(log.steps).toBe(6); // two more frames, two steps each, on the same single loop
    await renderer.unmount();
  });

  it('disposes the loop on unmount: stopped, and start() throws', async () => {
    const { renderer, loop } = await mount(null);
    const live = loop();
    expect(live.running).toBe(true);
    await renderer.unmount();
    expect(live.running).toBe(false);
    expect(() => live.start()).toThrow();
  });

  it('makes a new loop when an option changes, and keeps every hook subscribed', async () => {
    const log = { steps: 0 };
    const { renderer, loop, update } = await mount(<StepCounter log={log} />, {
      timestep: STEP_MS,
    });
    const first = loop();
    await update(<StepCounter log={log} />);
    expect(loop()).toBe(first); // same options: the same loop
    await update(<StepCounter log={log} />, { timestep: 1000 / 30 });
    expect(loop()).not.toBe(first);
    expect(first.running).toBe(false);
    frame(renderer, 1 / 30); // the new loop's baseline
    frame(renderer, 1 / 15);
    expect(log.steps).toBe(2); // two 30 Hz steps, through the subscription made at mount
    await renderer.unmount();
  });
});
