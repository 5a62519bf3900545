import { afterEach, describe, expect, it, vi } from 'vitest';
import { WordSim, wordLayout } from '../test-support/word-sim.js';
import { HandScheduler, until, type WorkerPair, workerPair } from '../test-support/worker-pair.js';
import { createWorkerLoop, type WorkerLoop } from './page.js';
import type { WorkerLoopOptions } from './page-options.js';
import type { Simulation } from './protocol.js';

/**
 * What reaches a worker loop from outside a step: errors from the worker object, from the
 * page's own hooks and after dispose; messages of the game's own where nobody listens; the FPS
 * cap; and a tab hidden and shown again, with and without `pauseWhenHidden`.
 */

const STEP = 1000 / 60;
type Layout = ReturnType<typeof wordLayout>;

function simulation(extra: Partial<Simulation> = {}): Simulation {
  const sim = new WordSim(2, 9);
  return {
    update: (dt, input) => sim.step(dt, input),
    write: (prev, curr) => sim.write(prev as never, curr as never),
    ...extra,
  };
}

function make(
  options: Partial<WorkerLoopOptions<Layout>> = {},
  sim: Partial<Simulation> = {},
): { pair: WorkerPair; loop: WorkerLoop; errors: unknown[]; renders: number[] } {
  const pair = workerPair(() => simulation(sim));
  const errors: unknown[] = [];
  const renders: number[] = [];
  const loop = createWorkerLoop<Layout>({
    worker: pair.worker,
    snapshot: wordLayout(2),
    transport: 'message',
    scheduler: 'manual',
    onError: (error) => errors.push(error),
    render: () => void renders.push(performance.now()),
    ...options,
  });
  return { pair, loop, errors, renders };
}

/** A page's `document` whose visibility the test sets. */
function fakeDocument() {
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  vi.stubGlobal('document', doc);
  return (state: 'hidden' | 'visible') => {
    doc.visibilityState = state;
    doc.dispatchEvent(new Event('visibilitychange'));
  };
}

/** Lets queued messages through. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('errors reaching a worker loop', () => {
  it('a worker that fails to load or to read a message stops the loop with the reason', async () => {
    for (const type of ['error', 'messageerror']) {
      const { pair, loop, errors } = make();
      loop.start();
      const failed = Object.assign(new Event(type, { cancelable: true }), {
        message: 'SyntaxError in sim.worker.ts',
      });
      pair.worker.dispatch(failed);
      expect(failed.defaultPrevented).toBe(true); // handled: not also reported as uncaught
      expect((errors[0] as Error).message).toBe('worker failed: SyntaxError in sim.worker.ts');
      expect(loop.running).toBe(false);
      pair.worker.dispatch(new Event(type, { cancelable: true }));
      expect((errors[1] as Error).message).toBe('worker failed: could not start');
      loop.dispose();
    }
  });

  it('an error in the page’s render goes to onError and stops the loop', async () => {
    const { pair, loop, errors } = make({
      render() {
        throw new Error('render broke');
      },
    });
    loop.start();
    await until(() => pair.frames.pending, 'the worker started');
    await until(() => {
      loop.frame(performance.now());
      return errors.length > 0;
    }, 'the error reached onError');
    expect((errors[0] as Error).message).toBe('render broke');
    expect(loop.running).toBe(false);
    await until(() => !pair.frames.pending, 'the worker stopped');
  });

  it('with no onError, the error is thrown from the frame', async () => {
    const { pair, loop } = make({
      onError: undefined,
      render() {
        throw new Error('render broke');
      },
    });
    loop.start();
    await until(() => pair.frames.pending, 'the worker started');
    let thrown: unknown;
    await until(() => {
      try {
        loop.frame(performance.now());
      } catch (error) {
        thrown = error;
      }
      return thrown !== undefined;
    }, 'the frame threw');
    expect((thrown as Error).message).toBe('render broke');
    loop.dispose();
  });

  it('after dispose, nothing from the worker reaches the page', async () => {
    const messages: unknown[] = [];
    const { pair, loop, errors } = make({ onMessage: (data) => messages.push(data) });
    loop.start();
    loop.dispose();
    pair.worker.dispatch(new Event('error', { cancelable: true }));
    pair.worker.dispatch(new Event('messageerror', { cancelable: true }));
    pair.worker.dispatch(new MessageEvent('message', { data: { t: 'user', data: 1 } }));
    expect(errors).toEqual([]);
    expect(messages).toEqual([]);
  });

  it('messages of the game’s own need no listener on either side', async () => {
    let context: { post: (data: unknown) => void } | undefined;
    const pair = workerPair((c) => {
      context = c;
      return simulation(); // no receive
    });
    const errors: unknown[] = [];
    const loop = createWorkerLoop<Layout>({
      worker: pair.worker,
      snapshot: wordLayout(2),
      transport: 'message',
      scheduler: 'manual',
      onError: (error) => errors.push(error),
    }).start();
    await until(() => pair.frames.pending, 'the worker started');
    context!.post('hello'); // the page has no onMessage
    loop.post('hello'); // the simulation has no receive
    await settle();
    pair.frames.fire(1000);
    await settle();
    expect(errors).toEqual([]);
    expect(pair.frames.pending).toBe(true);
    loop.dispose();
  });
});

describe('the page side of a worker loop', () => {
  it('caps the frames it renders at maxFps, and says so', async () => {
    const { pair, loop, renders } = make({ maxFps: 30 });
    expect(loop.maxFps).toBe(30);
    loop.start();
    await until(() => pair.frames.pending, 'the worker started');
    await settle();
    for (let f = 0; f <= 60; f++) loop.frame(10_000 + f * (1000 / 120));
    expect(renders.length).toBeGreaterThanOrEqual(14);
    expect(renders.length).toBeLessThanOrEqual(16);
    loop.maxFps = 60;
    expect(loop.maxFps).toBe(60);
    expect(() => {
      loop.maxFps = 0;
    }).toThrow(/maxFps/);
    loop.dispose();
  });

  it('pauses both sides while the tab is hidden, by default in a browser', async () => {
    const show = fakeDocument();
    const { pair, loop } = make();
    loop.start();
    await until(() => pair.frames.pending, 'the worker started');
    show('hidden');
    expect(loop.running).toBe(false);
    await until(() => !pair.frames.pending, 'the worker stopped');
    show('visible');
    expect(loop.running).toBe(true);
    await until(() => pair.frames.pending, 'the worker started again');
    // A second start() does not watch twice: after stop(), showing the tab starts nothing.
    loop.start();
    loop.stop();
    show('hidden');
    show('visible');
    expect(loop.running).toBe(false);
    await settle();
    expect(pair.frames.pending).toBe(false);
    loop.dispose();
  });

  it('keeps both sides running on a hidden tab with pauseWhenHidden: false', async () => {
    const show = fakeDocument();
    const pageFrames = new HandScheduler();
    const { pair, loop, renders } = make({ pauseWhenHidden: false, scheduler: pageFrames });
    loop.start();
    await until(() => pair.frames.pending, 'the worker started');
    show('hidden');
    await settle();
    expect(loop.running).toBe(true);
    expect(pair.frames.pending).toBe(true);
    expect(pageFrames.pending).toBe(true); // the page still asks for frames
    const before = renders.length;
    loop.frame(performance.now());
    loop.frame(performance.now() + STEP);
    expect(renders.length).toBe(before + 2);
    loop.dispose();
  });
});
