import { MessageChannel } from 'node:worker_threads';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoop } from '../loop.js';
import { SEED } from '../test-support/check.js';
import { wordLayout } from '../test-support/word-sim.js';
import type { InitMessage, Port, SimulationContext, WorkerTimeOptions } from './protocol.js';
import { serveSimulation } from './serve.js';

/**
 * The worker keeps the main thread's clock: the same ticks per second of real time at every
 * time scale (slow motion included, where a step is due later than maxDelta), and a change of
 * time scale counted from the moment it arrives, as the main thread's next frame counts it.
 * Both run on one fake clock (timers and performance.now), the worker on its own step timer.
 */

const STEP = 1000 / 60;
const TIME: WorkerTimeOptions = {
  timestep: STEP,
  maxDelta: 250,
  maxSteps: 10,
  overflow: 'drop',
  timeScale: 1,
};

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A simulation served over a real channel on its own step timer; `steps` holds each step's time. */
async function servedAt(timeScale: number, step?: (loop: SimulationContext['loop']) => void) {
  const { port1, port2 } = new MessageChannel();
  const steps: number[] = [];
  const errors: unknown[] = [];
  let ready = false;
  port1.on('message', (message: { t: string; error?: unknown }) => {
    if (message.t === 'ready') ready = true;
    if (message.t === 'error') errors.push(message.error);
  });
  serveSimulation(
    ({ loop }) => ({
      update() {
        steps.push(performance.now());
        step?.(loop);
      },
      write() {},
    }),
    { port: port2 as unknown as Port },
  );
  port1.postMessage({
    t: 'init',
    options: { ...TIME, timeScale },
    layout: wordLayout(1),
    inputLength: 0,
    transport: 'message',
    data: null,
  } satisfies InitMessage);
  while (!ready) await settle();
  port1.postMessage({ t: 'start' });
  await settle();
  await settle();
  return { port: port1, steps, errors, close: () => port1.close() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the worker’s clock', () => {
  it('makes as many ticks per second of real time as createLoop on the main thread, at any time scale', async () => {
    const scales = fc.oneof(
      fc.constantFrom(1 / 3, 0.04, 7.5, 0.01, 1, 0.5, 2),
      fc.double({ min: 0.01, max: 8, noNaN: true }),
    );
    await fc.assert(
      fc.asyncProperty(scales, fc.integer({ min: 3000, max: 8000 }), async (scale, ms) => {
        vi.useFakeTimers({
          toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'],
        });
        try {
          const worker = await servedAt(scale);
          // The main thread's loop on 60 Hz frames from the same moment (the worker's first
          // frame, its baseline, comes at once on start), and a last frame at the end, so both
          // have counted the same real time.
          let main = 0;
          const loop = createLoop({
            timestep: STEP,
            timeScale: scale,
            scheduler: 'manual',
            pauseWhenHidden: false,
            update: () => void main++,
          }).start();
          loop.frame(performance.now());
          const frames = setInterval(() => loop.frame(performance.now()), STEP);
          await vi.advanceTimersByTimeAsync(ms);
          clearInterval(frames);
          loop.frame(performance.now());
          worker.port.postMessage({ t: 'stop' });
          await settle();
          worker.close();
          expect(Math.abs(worker.steps.length - main)).toBeLessThanOrEqual(1);
        } finally {
          vi.useRealTimers();
        }
      }),
      { seed: SEED, numRuns: 12 },
    );
  });

  it('counts the time before a change of time scale at the old scale, and steps at the new one from then on', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { port, steps, close } = await servedAt(0.04);
    await vi.advanceTimersByTimeAsync(2000); // 2 s at 0.04: 80 ms of game time, 4 steps
    expect(steps.length).toBe(4);
    const changed = performance.now();
    port.postMessage({ t: 'scale', value: 1 });
    await settle();
    // The main thread shows a change at its next frame with one step: here the next step is
    // due within a step of the change (the time before it, at 0.04, owed less than a step).
    await vi.advanceTimersByTimeAsync(STEP + 1);
    expect(steps.length).toBe(5);
    expect(steps[4]! - changed).toBeLessThanOrEqual(STEP + 1);
    // From then on one step a wake, one a step of real time: no burst, nothing dropped.
    await vi.advanceTimersByTimeAsync(1000);
    const after = steps.slice(4);
    expect(new Set(after).size).toBe(after.length);
    expect(Math.abs(after.length - Math.floor((1000 + STEP + 1) / STEP))).toBeLessThanOrEqual(1);
    port.postMessage({ t: 'stop' });
    await settle();
    close();
  });

  it('counts the time before a change of time scale at the old scale before its first step too', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { port, steps, close } = await servedAt(0.04);
    await vi.advanceTimersByTimeAsync(200); // 8 ms of game time: no step yet
    expect(steps).toEqual([]);
    const changed = performance.now();
    port.postMessage({ t: 'scale', value: 1 });
    await settle();
    // The 200 ms before the change count as 8 ms, not as 200 ms at the new scale (a burst).
    await vi.advanceTimersByTimeAsync(STEP + 1);
    expect(steps).toHaveLength(1);
    expect(steps[0]! - changed).toBeLessThanOrEqual(STEP + 1);
    port.postMessage({ t: 'stop' });
    await settle();
    close();
  });

  it('sleeps no longer than half of maxDelta, so the clock never clamps a wait it planned as a stall', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const timeouts = vi.spyOn(globalThis, 'setTimeout');
    const { port, steps, close } = await servedAt(0.01);
    await vi.advanceTimersByTimeAsync(12_000); // 120 ms of game time: 7 steps
    expect(steps.length).toBe(7);
    const delays = timeouts.mock.calls.map(([, ms]) => ms ?? 0);
    expect(delays.length).toBeGreaterThanOrEqual(12_000 / (TIME.maxDelta / 2));
    expect(Math.max(...delays)).toBeLessThanOrEqual(TIME.maxDelta / 2);
    port.postMessage({ t: 'stop' });
    await settle();
    close();
    vi.restoreAllMocks();
  });

  it('takes its first frame, the baseline, at once on start: the first step comes one step later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const started = performance.now();
    const { port, steps, close } = await servedAt(1);
    await vi.advanceTimersByTimeAsync(Math.ceil(STEP));
    expect(steps).toEqual([started + Math.ceil(STEP)]);
    port.postMessage({ t: 'stop' });
    await settle();
    close();
  });

  it('sets no timer for a change of time scale while stopped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { port, steps, close } = await servedAt(1);
    await vi.advanceTimersByTimeAsync(100);
    port.postMessage({ t: 'stop' });
    await settle();
    const stepped = steps.length;
    port.postMessage({ t: 'scale', value: 3 });
    await settle();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(steps.length).toBe(stepped);
    close();
  });

  it('takes a time scale the simulation sets in a step, from the next step on', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { port, steps, errors, close } = await servedAt(1, (loop) => {
      if (loop.tick === 2) loop.timeScale = 4; // in the third step
    });
    await vi.advanceTimersByTimeAsync(3 * STEP + 1);
    expect(steps).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(errors).toEqual([]);
    // Four steps a step of real time from then on, each at its own wake.
    const after = steps.slice(2);
    expect(new Set(after).size).toBe(after.length);
    expect(Math.abs(after.length - 1 - Math.floor((1000 - 1) / (STEP / 4)))).toBeLessThanOrEqual(1);
    port.postMessage({ t: 'stop' });
    await settle();
    close();
  });
});
