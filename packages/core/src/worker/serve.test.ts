import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WordSim, wordLayout } from '../test-support/word-sim.js';
import { until, workerPair } from '../test-support/worker-pair.js';
import { createWorkerLoop } from './page.js';
import type { InitMessage, Port, Simulation, WorkerTimeOptions } from './protocol.js';
import { serveSimulation } from './serve.js';

/**
 * The worker's side of a worker loop on its own: its timer (one wake per step of real time at
 * any time scale), the time each step took, and the protocol's edges (a bad start, messages
 * for hooks a simulation leaves out, dispose), talked to over a real MessageChannel.
 */

const TIME: WorkerTimeOptions = {
  timestep: 10,
  maxDelta: 250,
  maxSteps: 10,
  overflow: 'drop',
  timeScale: 1,
};

function simulation(extra: Partial<Simulation> = {}): Simulation {
  const sim = new WordSim(2, 4);
  return {
    update: (dt, input) => sim.step(dt, input),
    write: (prev, curr) => sim.write(prev as never, curr as never),
    ...extra,
  };
}

/** Serves `sim` on one end of a channel; the test is the page on the other, reading replies. */
function served(sim: () => Simulation | Promise<Simulation>) {
  const { port1, port2 } = new MessageChannel();
  const replies: { t: string; [key: string]: unknown }[] = [];
  port1.on('message', (message) => replies.push(message));
  serveSimulation(sim, { port: port2 as unknown as Port });
  const init = (layout = wordLayout(2) as InitMessage['layout']) =>
    port1.postMessage({
      t: 'init',
      options: TIME,
      layout,
      inputLength: 2,
      transport: 'message',
      data: null,
    } satisfies InitMessage);
  return { port: port1, replies, init, close: () => port1.close() };
}

afterEach(() => {
  vi.restoreAllMocks(); // first: the setTimeout spy wraps the fake one
  vi.useRealTimers();
});

describe('serveSimulation', () => {
  it('wakes when each step is due, one step a wake, at any time scale, and looks again a step later while paused', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const delays: number[] = [];
    const timeout = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms: number) => {
      delays.push(ms);
      return timeout(fn, ms);
    }) as typeof setTimeout);
    const steps: number[] = [];
    const { port, replies, init, close } = served(() =>
      simulation({ update: () => void steps.push(performance.now()) }),
    );
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    /** Gaps between steps, with the steps that shared a wake as gaps of 0. */
    const gaps = () => steps.slice(1).map((t, i) => t - steps[i]!);
    init();
    port.postMessage({ t: 'start' });
    while (!replies.some((r) => r.t === 'ready')) await settle();
    await settle();
    await vi.advanceTimersByTimeAsync(100);
    expect(steps.length).toBeGreaterThanOrEqual(9);
    expect(new Set(gaps())).toEqual(new Set([10]));
    expect(delays.every((ms) => Number.isInteger(ms) && ms <= 10)).toBe(true);
    expect(delays.length).toBeLessThanOrEqual(steps.length + 2); // a wake a step, no more

    port.postMessage({ t: 'scale', value: 2 });
    await settle();
    await vi.advanceTimersByTimeAsync(10); // the wake set before the change
    steps.length = 0;
    await vi.advanceTimersByTimeAsync(100);
    // Twice the game speed: a step every 5 ms, each at its own wake.
    expect(steps.length).toBeGreaterThanOrEqual(19);
    expect(new Set(gaps())).toEqual(new Set([5]));

    port.postMessage({ t: 'scale', value: 0 });
    await settle();
    await vi.advanceTimersByTimeAsync(5);
    delays.length = 0;
    steps.length = 0;
    await vi.advanceTimersByTimeAsync(100);
    expect(steps).toEqual([]);
    expect(delays.length).toBeGreaterThanOrEqual(9);
    expect(delays.length).toBeLessThanOrEqual(11);

    port.postMessage({ t: 'stop' });
    await settle();
    delays.length = 0;
    await vi.advanceTimersByTimeAsync(100);
    expect(delays).toEqual([]);
    close();
  });

  it('sets no timer after a step that fails, so a stopped worker sleeps', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    let steps = 0;
    const { port, replies, init, close } = served(() =>
      simulation({
        update() {
          if (++steps === 3) throw new Error('step 3 failed');
        },
      }),
    );
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    init();
    port.postMessage({ t: 'start' });
    while (!replies.some((r) => r.t === 'ready')) await settle();
    await vi.advanceTimersByTimeAsync(100);
    while (!replies.some((r) => r.t === 'error')) await settle();
    expect(steps).toBe(3);
    expect(vi.getTimerCount()).toBe(0);
    close();
  });

  it('never wakes before a step is due, where a step is not a whole number of milliseconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const timeout = globalThis.setTimeout;
    // As browsers and Node do: the delay truncated to whole milliseconds.
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms: number) =>
      timeout(fn, Math.trunc(ms))) as typeof setTimeout);
    const steps: number[] = [];
    const { port, replies, close } = served(() =>
      simulation({ update: () => void steps.push(performance.now()) }),
    );
    port.postMessage({
      t: 'init',
      options: { ...TIME, timestep: 1000 / 60 },
      layout: wordLayout(2),
      inputLength: 2,
      transport: 'message',
      data: null,
    } satisfies InitMessage);
    port.postMessage({ t: 'start' });
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    while (!replies.some((r) => r.t === 'ready')) await settle();
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    // Every wake ran one step, never two (a wake that came early would leave its step to the
    // next one), and no gap is longer than a step plus the millisecond of rounding.
    expect(new Set(steps).size).toBe(steps.length);
    const gaps = steps.slice(1).map((t, i) => t - steps[i]!);
    expect(Math.max(...gaps)).toBeLessThan(1000 / 60 + 1);
    expect(steps.length).toBeGreaterThanOrEqual(58);
    close();
  });

  it('reports how long each step took, by the worker’s clock', async () => {
    let clock = 5000;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const pair = workerPair(() =>
      simulation({
        update() {
          clock += 3.5; // a step that takes 3.5 ms
        },
      }),
    );
    const loop = createWorkerLoop({
      worker: pair.worker,
      snapshot: wordLayout(2),
      transport: 'shared',
      scheduler: 'manual',
    }).start();
    await until(() => pair.frames.pending, 'the worker started');
    pair.frames.fire(1000);
    pair.frames.fire(1000 + 10 + 1000 / 60);
    await until(() => {
      loop.frame(clock);
      return loop.tick >= 1;
    }, 'a step was drawn');
    expect(loop.health.stepMs).toBe(3.5);
    loop.dispose();
  });

  it('with a scheduler of its own, a change of time scale runs no frame on the worker’s clock', async () => {
    const pair = workerPair(() => simulation());
    const loop = createWorkerLoop({
      worker: pair.worker,
      snapshot: wordLayout(2),
      transport: 'message',
      scheduler: 'manual',
      timestep: 10,
    }).start();
    await until(() => pair.frames.pending, 'the worker started');
    pair.frames.fire(1000); // the baseline, at 1000 on the scheduler's clock
    loop.timeScale = 2;
    await until(() => pair.context!.loop.timeScale === 2, 'the scale reached the worker');
    // A frame at performance.now(), seconds past 1000, would have run steps.
    expect(pair.context!.loop.tick).toBe(0);
    pair.frames.fire(1000 + 10);
    expect(pair.context!.loop.tick).toBe(2); // 10 ms at twice the speed: two steps of 10 ms
    loop.dispose();
  });

  it('reports a start it cannot make to the page, and needs no loop to do so', async () => {
    const { replies, init, close } = served(() => simulation());
    init({});
    await until(() => replies.length > 0, 'a reply');
    expect(replies[0]!.t).toBe('error');
    expect((replies[0]!.error as Error).message).toBe(
      'worker loop option snapshot declares no field',
    );
    close();
  });

  it('takes messages for hooks the simulation leaves out, and a dispose, without an error', async () => {
    const { port, replies, init, close } = served(() => simulation());
    init();
    await until(() => replies.some((r) => r.t === 'ready'), 'ready');
    port.postMessage({ t: 'user', data: 'anyone?' });
    port.postMessage({ t: 'dispose' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(replies.filter((r) => r.t === 'error')).toEqual([]);
    close();
  });

  it('after a setup that failed, takes the page start, input, messages and a dispose without a second error', async () => {
    const { port, replies, init, close } = served(() => Promise.reject(new Error('no physics')));
    init();
    // What a page sends right after init, queued behind the setup that fails.
    port.postMessage({ t: 'start' });
    port.postMessage({ t: 'user', data: { speed: 1 } });
    port.postMessage({ t: 'scale', value: 2 });
    await until(() => replies.length > 0, 'the error');
    await new Promise((resolve) => setTimeout(resolve, 30)); // steps would have run by now
    port.postMessage({ t: 'dispose' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(replies.map((r) => r.t)).toEqual(['error']);
    expect((replies[0]!.error as Error).message).toBe('no physics');
    close();
  });

  it('after a first snapshot whose write threw, reports it once and steps nothing it cannot show', async () => {
    let writes = 0;
    let steps = 0;
    const { port, replies, init, close } = served(() =>
      simulation({
        update: () => void steps++,
        write() {
          if (++writes === 1) throw new Error('write failed');
        },
      }),
    );
    init();
    port.postMessage({ t: 'start' });
    port.postMessage({ t: 'user', data: 'anyone?' });
    await until(() => replies.length > 0, 'the error');
    await new Promise((resolve) => setTimeout(resolve, 40)); // steps would have run by now
    port.postMessage({ t: 'start' });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(replies.map((r) => r.t)).toEqual(['error']);
    expect((replies[0]!.error as Error).message).toBe('write failed');
    expect(steps).toBe(0);
    expect(writes).toBe(1);
    close();
  });

  it('hands a dispose to the simulation once its setup is done', async () => {
    let disposed = 0;
    const { port, replies, init, close } = served(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return simulation({ dispose: () => void disposed++ });
    });
    init();
    port.postMessage({ t: 'dispose' });
    await until(() => disposed > 0, 'disposed');
    expect(disposed).toBe(1);
    expect(replies.filter((r) => r.t === 'error')).toEqual([]);
    close();
  });
});
