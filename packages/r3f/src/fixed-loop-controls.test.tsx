import type { FrameCallback, Loop, Scheduler } from '@loop/core';
import { addEffect, useFrame } from '@react-three/fiber';
import { describe, expect, it } from 'vitest';
import { frame, mount, StepCounter } from './test-support.js';
import { useFixedUpdate } from './use-fixed-update.js';

const STEP_MS = 1000 / 60;

/** Reads the loop's tick from a `useFrame` at R3F's default priority 0. */
function TickAtZero({ loop, seen }: { loop: () => Loop; seen: number[] }) {
  useFrame(() => void seen.push(loop().tick));
  return null;
}

/** A scheduler of the user's own: `fire(now)` runs the frame the loop asked for. */
class OwnFrames implements Scheduler {
  callback: FrameCallback | null = null;
  request(callback: FrameCallback): void {
    this.callback = callback;
  }
  cancel(): void {
    this.callback = null;
  }
  fire(now: number): void {
    const callback = this.callback;
    this.callback = null;
    callback?.(now);
  }
}

/** A step that throws `error` from tick `at` on. */
function Thrower({ at, error }: { at: number; error: Error }) {
  useFixedUpdate((_dt, tick) => {
    if (tick >= at) throw error;
  });
  return null;
}

describe('<FixedLoop> controls', () => {
  it("runs its steps before a useFrame at priority 0: that frame's steps are already done", async () => {
    const seen: number[] = [];
    let get: () => Loop = () => {
      throw new Error('not mounted');
    };
    const mounted = await mount(<TickAtZero loop={() => get()} seen={seen} />, {
      timestep: STEP_MS,
    });
    get = mounted.loop;
    frame(mounted.renderer, 1 / 30);
    frame(mounted.renderer, 1 / 30);
    frame(mounted.renderer, 1 / 30);
    expect(seen).toEqual([0, 2, 4]);
    await mounted.renderer.unmount();
  });

  it('starts a loop made again for a new option unless paused, reading the latest paused', async () => {
    const log = { steps: 0 };
    const { renderer, loop, update } = await mount(<StepCounter log={log} />, { timestep: 10 });
    await update(<StepCounter log={log} />, { timestep: 10, paused: true });
    await update(<StepCounter log={log} />, { timestep: 20, paused: true });
    const paused = loop();
    expect(paused.running).toBe(false);
    await update(<StepCounter log={log} />, { timestep: 20 });
    expect(paused.running).toBe(true);
    await update(<StepCounter log={log} />, { timestep: 40 });
    expect(loop()).not.toBe(paused);
    expect(loop().running).toBe(true);
    await renderer.unmount();
  });

  it("under 'always', steps in the first frame after the time scale comes back from 0", async () => {
    const log = { steps: 0 };
    const { renderer, update } = await mount(<StepCounter log={log} />, { timestep: STEP_MS });
    frame(renderer, 1 / 30);
    frame(renderer, 1 / 30);
    expect(log.steps).toBe(2);
    await update(<StepCounter log={log} />, { timestep: STEP_MS, timeScale: 0 });
    for (let i = 0; i < 5; i++) frame(renderer, 1 / 30);
    expect(log.steps).toBe(2);
    await update(<StepCounter log={log} />, { timestep: STEP_MS, timeScale: 1 });
    frame(renderer, 1 / 30); // a frame of real time, not a baseline
    expect(log.steps).toBe(4);
    await renderer.unmount();
  });
});

describe("<FixedLoop> under frameloop='never'", () => {
  it("is driven by the user's own scheduler, and runs R3F's global effects with each frame", async () => {
    const frames = new OwnFrames();
    const log = { steps: 0 };
    const effects: number[] = [];
    const stop = addEffect((timestamp) => void effects.push(timestamp));
    const { renderer } = await mount(
      <StepCounter log={log} />,
      { scheduler: frames, timestep: STEP_MS },
      'never',
    );
    expect(frames.callback).not.toBeNull(); // started: it asked our scheduler for a frame
    frames.fire(1000);
    frames.fire(1000 + 2 * STEP_MS);
    expect(log.steps).toBe(2);
    expect(effects).toEqual([1, (1000 + 2 * STEP_MS) / 1000]); // advance(now / 1000, true)
    stop();
    await renderer.unmount();
    expect(frames.callback).toBeNull(); // disposed: it cancelled
  });

  it('hands a step error to the latest onError, and throws it once onError is gone', async () => {
    const boom = new Error('boom');
    const first: unknown[] = [];
    const second: unknown[] = [];
    const tree = <Thrower at={1} error={boom} />;
    const base = { scheduler: 'manual' as const, timestep: 10 };
    const { renderer, loop, update } = await mount(
      tree,
      { ...base, onError: (e) => void first.push(e) },
      'never',
    );
    await update(tree, { ...base, onError: (e) => void second.push(e) });
    const live = loop();
    live.frame(0);
    live.frame(20); // ticks 0 and 1: 1 throws
    expect(first).toEqual([]);
    expect(second).toEqual([boom]);
    expect(live.running).toBe(false); // core stops the loop on an error
    await update(tree, base); // onError removed: the loop is the same, the error now throws
    expect(loop()).toBe(live);
    live.start();
    live.frame(100);
    expect(() => live.frame(110)).toThrow(boom);
    await renderer.unmount();
  });
});
