import { afterEach, describe, expect, it, vi } from 'vitest';
import { WordSim, wordLayout } from '../test-support/word-sim.js';
import { until, workerPair } from '../test-support/worker-pair.js';
import { createWorkerLoop } from './page.js';
import type { Simulation } from './protocol.js';

const STEP = 1000 / 60;

function wordSim(failAt = Infinity): Simulation {
  const sim = new WordSim(3, 1);
  return {
    update(dt, input, loop) {
      if (loop.tick + 1 === failAt) throw new Error(`boom at tick ${failAt}`);
      sim.step(dt, input);
    },
    write: (prev, curr) => sim.write(prev as never, curr as never),
  };
}

function make(pair: ReturnType<typeof workerPair>, errors: unknown[]) {
  return createWorkerLoop({
    worker: pair.worker,
    snapshot: wordLayout(3),
    input: 2,
    transport: 'message',
    scheduler: 'manual',
    onError: (error) => errors.push(error),
  });
}

describe('a worker loop when something fails', () => {
  it('hands an error thrown by a step to the page, and stops the loop on both sides', async () => {
    const pair = workerPair(() => wordSim(3));
    const errors: unknown[] = [];
    const loop = make(pair, errors).start();
    await until(() => pair.frames.pending, 'the worker started');
    for (let f = 0; f <= 3; f++) pair.frames.fire(1000 + f * STEP);
    await until(() => errors.length > 0, 'the error reached the page');
    expect((errors[0] as Error).message).toBe('boom at tick 3');
    expect(loop.running).toBe(false);
    expect(pair.frames.pending).toBe(false);
    expect(pair.context!.loop.tick).toBe(2);
    // The simulation was set up and drawn: start() resumes it (its next step may fail again).
    loop.start();
    expect(loop.running).toBe(true);
    await until(() => pair.frames.pending, 'the worker started again');
    loop.dispose();
  });

  it('hands an error thrown by setup to the page', async () => {
    const pair = workerPair(() => Promise.reject(new Error('no physics here')));
    const errors: unknown[] = [];
    make(pair, errors).start();
    await until(() => errors.length > 0, 'the error reached the page');
    expect((errors[0] as Error).message).toBe('no physics here');
  });

  it('after a first snapshot that failed, refuses start() with an error instead of stepping undrawn', async () => {
    const pair = workerPair(() => ({
      ...wordSim(),
      write() {
        throw new Error('no snapshot');
      },
    }));
    const errors: unknown[] = [];
    const loop = make(pair, errors).start();
    await until(() => errors.length > 0, 'the error reached the page');
    expect((errors[0] as Error).message).toBe('no snapshot');
    expect(loop.running).toBe(false);
    // Caught by hand: Vitest's toThrow(message) also passes when `undefined` is thrown.
    let refusal: unknown;
    try {
      loop.start();
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(Error);
    expect((refusal as Error).message).toBe(
      'worker loop start() after its simulation failed to start (see onError): make a new loop',
    );
    expect(loop.running).toBe(false);
    expect(errors).toHaveLength(1);
    loop.dispose();
  });

  it('dispose twice sends one dispose and terminates once', async () => {
    const pair = workerPair(() => wordSim());
    const sent: string[] = [];
    let terminated = 0;
    const post = pair.worker.postMessage;
    const terminate = pair.worker.terminate;
    const worker = {
      ...pair.worker,
      postMessage: (message: unknown, transfer?: Transferable[]) => {
        sent.push((message as { t: string }).t);
        post(message, transfer);
      },
      terminate: () => {
        terminated++;
        terminate();
      },
    };
    const loop = createWorkerLoop({ worker, snapshot: wordLayout(3), scheduler: 'manual' });
    loop.start();
    loop.dispose();
    loop.dispose();
    expect(sent.filter((t) => t === 'dispose')).toEqual(['dispose']);
    expect(terminated).toBe(1);
  });

  it('dispose terminates the worker, stops its loop and refuses start()', async () => {
    const pair = workerPair(() => wordSim());
    const loop = make(pair, []).start();
    await until(() => pair.frames.pending, 'the worker started');
    loop.dispose();
    expect(pair.worker.terminated).toBe(true);
    expect(loop.running).toBe(false);
    expect(() => loop.start()).toThrow(/dispose/);
    await until(() => !pair.frames.pending, 'the worker loop stopped');
    loop.dispose(); // twice is harmless
  });
});

describe('createWorkerLoop options', () => {
  const worker = workerPair(() => wordSim()).worker;
  const base = { worker, snapshot: wordLayout(3) };

  it('are checked when the loop is made, each error naming the option and the value', () => {
    expect(() => createWorkerLoop({ ...base, worker: {} as never })).toThrow(
      /option worker must be a Worker, got an object/,
    );
    expect(() => createWorkerLoop({ ...base, snapshot: { p: 0 } })).toThrow(
      /snapshot field p must have a whole length >= 1, got 0/,
    );
    expect(() =>
      createWorkerLoop({ ...base, snapshot: { p: { length: 2, type: 'i8' as never } } }),
    ).toThrow(/snapshot field p type must be 'f32' or 'f64', got "i8"/);
    expect(() => createWorkerLoop({ ...base, snapshot: {} })).toThrow(/declares no field/);
    expect(() => createWorkerLoop({ ...base, input: 1.5 })).toThrow(
      /option input must be a whole number >= 0, got 1.5/,
    );
    expect(() => createWorkerLoop({ ...base, transport: 'smoke' as never })).toThrow(
      /transport .* got "smoke"/,
    );
    expect(() => createWorkerLoop({ ...base, timestep: 0 })).toThrow(/timestep/);
    expect(() => createWorkerLoop({ ...base, maxSteps: 0 })).toThrow(/maxSteps/);
    expect(() => createWorkerLoop({ ...base, maxDelta: -1 })).toThrow(/maxDelta/);
    expect(() => createWorkerLoop({ ...base, timeScale: 2000 })).toThrow(/timeScale/);
    expect(() => createWorkerLoop({ ...base, maxFps: 0 })).toThrow(/maxFps/);
    expect(() => createWorkerLoop({ ...base, overflow: 'spill' as never })).toThrow(/overflow/);
    expect(() => createWorkerLoop({ ...base, render: 3 as never })).toThrow(/render/);
  });

  it('needs a worker that can post and terminate', () => {
    for (const bad of [undefined, null, { postMessage() {} }, { terminate() {} }]) {
      expect(() => createWorkerLoop({ ...base, worker: bad as never })).toThrow(
        /option worker must be a Worker, got /,
      );
    }
    expect(() => createWorkerLoop({ ...base, input: -1 })).toThrow(
      /option input must be a whole number >= 0, got -1/,
    );
    createWorkerLoop({ ...base, input: 0, scheduler: 'manual' }).dispose();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('picks shared memory on a cross-origin isolated page, and messages on any other', () => {
    vi.stubGlobal('document', {});
    vi.stubGlobal('crossOriginIsolated', true);
    const isolated = createWorkerLoop({ ...base, scheduler: 'manual' });
    expect(isolated.health.transport).toBe('shared');
    isolated.dispose();
    vi.stubGlobal('crossOriginIsolated', false);
    const plain = createWorkerLoop({ ...base, scheduler: 'manual' });
    expect(plain.health.transport).toBe('message');
    plain.dispose();
  });

  it('refuses the shared transport where there is no shared memory, naming the two headers', () => {
    const refusal =
      'worker loop option transport "shared" needs SharedArrayBuffer, which a page has only when ' +
      'cross-origin isolated (Cross-Origin-Opener-Policy: same-origin and ' +
      'Cross-Origin-Embedder-Policy: require-corp); use "auto" to fall back to "message"';
    vi.stubGlobal('crossOriginIsolated', false);
    expect(() => createWorkerLoop({ ...base, transport: 'shared' })).toThrow(refusal);
    vi.stubGlobal('crossOriginIsolated', true);
    vi.stubGlobal('SharedArrayBuffer', undefined);
    expect(() => createWorkerLoop({ ...base, transport: 'shared' })).toThrow(refusal);
    vi.stubGlobal('document', {});
    const fallback = createWorkerLoop({ ...base, scheduler: 'manual' });
    expect(fallback.health.transport).toBe('message');
    fallback.dispose();
  });

  it('picks the message transport where the page is not cross-origin isolated', () => {
    const loop = createWorkerLoop({ ...base, scheduler: 'manual' });
    expect(loop.health.transport).toBe('message');
    loop.dispose();
  });
});
