import { afterEach, describe, expect, it, vi } from 'vitest';
import { WORDS, WordSim, wordLayout } from '../test-support/word-sim.js';
import { stepTo, until, type WorkerPair, workerPair } from '../test-support/worker-pair.js';
import { createWorkerLoop, type WorkerLoop } from './page.js';
import type { WorkerLoopOptions } from './page-options.js';
import type { Simulation } from './protocol.js';
import type { Transport } from './transport.js';

/**
 * The page's side of a worker loop beyond drawing each step (page.test.ts): what a snapshot
 * says about itself, input sent only when it changes, the blend under a time scale and a clock
 * that steps back, the buffers the message transport keeps, errors from every source, the FPS
 * cap, and hidden tabs.
 */

const STEP = 1000 / 60;
const BALLS = 3;
type Layout = ReturnType<typeof wordLayout>;

interface Frame {
  alpha: number;
  tick: number;
  publishedAt: number;
  time: number;
  inputSeq: number;
}

/** Messages of the game's own the simulations received. */
let received = 0;

function simulation(receive = true): Simulation {
  const sim = new WordSim(BALLS, 5);
  return {
    update: (dt, input) => sim.step(dt, input),
    write: (prev, curr) => sim.write(prev as never, curr as never),
    ...(receive ? { receive: () => void received++ } : {}),
  };
}

async function make(
  options: Partial<WorkerLoopOptions<Layout>> = {},
  sim: () => Simulation = () => simulation(),
) {
  const pair = workerPair(sim);
  const drawn: Frame[] = [];
  const errors: unknown[] = [];
  const loop = createWorkerLoop<Layout>({
    worker: pair.worker,
    snapshot: wordLayout(BALLS),
    input: WORDS,
    scheduler: 'manual',
    onError: (error) => errors.push(error),
    render(s, alpha) {
      const { tick, time, inputSeq, publishedAt } = s;
      drawn.push({ alpha, tick, time, inputSeq, publishedAt });
    },
    ...options,
  });
  return { pair, loop, drawn, errors };
}

async function started(pair: WorkerPair, loop: WorkerLoop): Promise<void> {
  loop.start();
  await until(() => pair.frames.pending, 'the worker started');
  pair.frames.fire(1000);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each<Transport>(['shared', 'message'])('a worker loop over %s', (transport) => {
  it('stamps each snapshot with its tick, its simulated time and the last input applied', async () => {
    let push = 1;
    const { pair, loop, drawn } = await make({
      transport,
      sample(words) {
        words[0] = push;
      },
    });
    await started(pair, loop);
    for (let tick = 1; tick <= 6; tick++) {
      if (tick === 4) push = -1; // one change after the first: two inputs sent in all
      loop.frame(performance.now()); // samples, and sends if changed
      // Messages arrive in order: once this one has, so has any input sent before it.
      const before = received;
      loop.post('sync');
      await until(() => received > before, 'the input arrived');
      await stepTo(pair, loop, 1000 + tick * STEP, tick);
    }
    const last = drawn.at(-1)!;
    expect(last.tick).toBe(6);
    expect(last.time).toBeCloseTo((6 * STEP) / 1000, 12);
    expect(last.inputSeq).toBe(2);
    expect(drawn.find((d) => d.tick === 3)!.inputSeq).toBe(1);
  });

  it('blends at the time scale the snapshot was made with, and never backwards', async () => {
    const { pair, loop, drawn } = await make({ transport });
    await started(pair, loop);
    loop.timeScale = 0.5;
    await until(() => pair.context!.loop.timeScale === 0.5, 'the scale reached the worker');
    await stepTo(pair, loop, 1000 + 2 * STEP, 1);
    const t = performance.now() + 1;
    loop.frame(t);
    const a0 = drawn.at(-1)!.alpha;
    loop.frame(t + 0.4 * STEP); // half speed: 0.2 of a step further
    expect(drawn.at(-1)!.alpha - a0).toBeCloseTo(0.2, 9);
    loop.frame(t); // a clock that stepped back: the blend holds
    expect(drawn.at(-1)!.alpha).toBe(drawn.at(-2)!.alpha);
  });

  it('counts a frame late only past one step, not at exactly one step', async () => {
    // Times a double holds exactly: published at 4096 ms, a step of 16 ms.
    const { pair, loop, drawn } = await make({ transport, timestep: 16 });
    await started(pair, loop);
    const clock = vi.spyOn(performance, 'now').mockReturnValue(4096);
    pair.frames.fire(1000 + 16);
    clock.mockRestore();
    await new Promise((resolve) => setTimeout(resolve, 10)); // delivered
    const late = loop.health.late;
    loop.frame(4096 + 16);
    expect(drawn.at(-1)!.tick).toBe(1);
    expect(drawn.at(-1)!.alpha).toBe(1);
    expect(loop.health.late).toBe(late);
    loop.frame(4096 + 16.5);
    expect(drawn.at(-1)!.alpha).toBe(1);
    expect(loop.health.late).toBe(late + 1);
  });

  it('shows a snapshot that arrives after a pause at its start, and keeps it there', async () => {
    const { pair, loop, drawn } = await make({ transport });
    await started(pair, loop);
    pair.frames.fire(1000 + STEP); // published, not yet acquired
    loop.timeScale = 0;
    await until(() => {
      loop.frame(performance.now() + STEP / 2);
      return loop.tick >= 1;
    }, 'the page holds tick 1');
    expect(drawn.at(-1)!.alpha).toBe(0);
    loop.frame(performance.now() + 3 * STEP);
    expect(drawn.at(-1)!.alpha).toBe(0);
  });
});

describe('the buffers of a worker loop', () => {
  it('are recycled on the message transport: a handful, however many steps', async () => {
    let push = 0;
    const { pair, loop } = await make({
      transport: 'message',
      sample(words) {
        words[0] = push;
      },
    });
    await started(pair, loop);
    for (let tick = 1; tick <= 60; tick++) {
      push = tick % 2; // new input every frame
      await stepTo(pair, loop, 1000 + tick * STEP, tick);
    }
    expect(loop.health.buffers).toBeGreaterThanOrEqual(2);
    expect(loop.health.buffers).toBeLessThanOrEqual(8);
    // Each one moved between the threads, never copied: snapshots, input, and both returns.
    expect(new Set(pair.buffers.map((b) => b.t))).toEqual(
      new Set(['snap', 'ret', 'input', 'iret']),
    );
    expect(pair.buffers.every((b) => b.moved)).toBe(true);
  });

  it('are none to count on the shared transport, whose memory is made once', async () => {
    const { pair, loop } = await make({
      transport: 'shared',
      sample(words) {
        words[0] = 1;
      },
    });
    await started(pair, loop);
    for (let tick = 1; tick <= 5; tick++) await stepTo(pair, loop, 1000 + tick * STEP, tick);
    expect(loop.health.buffers).toBe(0);
  });
});
