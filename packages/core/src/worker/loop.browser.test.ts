import { afterEach, describe, expect, it } from 'vitest';
import { animationFrames, setPageHidden } from '../test-support/browser.js';
import { WORDS, WordSim, wordLayout } from '../test-support/word-sim.js';
import { createWorkerLoop, type WorkerLoop } from './page.js';
import type { Transport } from './transport.js';

const BALLS = 8;
const loops: WorkerLoop[] = [];
afterEach(() => {
  for (const loop of loops.splice(0)) loop.dispose();
  setPageHidden(false);
});

interface Report {
  hashes: number[];
  inputs: number[][];
}

function start(transport: 'auto' | Transport, init: object = {}) {
  const created = performance.now();
  const drawn: { publishedAt: number; at: number; alpha: number }[] = [];
  const worker = new Worker(new URL('../test-support/word-sim.worker.ts', import.meta.url), {
    type: 'module',
  });
  const errors: unknown[] = [];
  const reports: Report[] = [];
  let frames = 0;
  const loop = createWorkerLoop({
    worker,
    transport,
    snapshot: wordLayout(BALLS),
    input: WORDS,
    init: { balls: BALLS, ...init },
    sample(words) {
      frames++;
      words[0] = Math.sin(frames / 9);
      words[1] = Math.floor(frames / 10);
    },
    onError: (error) => errors.push(error),
    onMessage: (data) => reports.push(data as Report),
    render(snapshot, alpha) {
      drawn.push({ publishedAt: snapshot.publishedAt, at: performance.now(), alpha });
    },
  }).start();
  loops.push(loop);
  const report = async () => {
    const before = reports.length;
    loop.post('report');
    while (reports.length === before) await animationFrames(1);
    return reports.at(-1)!;
  };
  return { loop, worker, errors, report, created, drawn };
}

/** Waits for animation frames until the page holds `tick` (the worker keeps its own time). */
async function untilTick(loop: WorkerLoop, tick: number): Promise<void> {
  while (loop.tick < tick) await animationFrames(1);
}

describe.each<'auto' | Transport>(['auto', 'message'])(
  'a worker loop in Chromium (%s)',
  (transport) => {
    it('steps in a real worker exactly as the same simulation does on the main thread', async () => {
      const { loop, report, created, drawn } = await start(transport);
      await untilTick(loop, 90);
      // Worker times arrive in the page's clock: after the worker was made, before the frame.
      for (const d of drawn.filter((d) => d.publishedAt > 0)) {
        expect(d.publishedAt).toBeGreaterThanOrEqual(created);
        expect(d.publishedAt).toBeLessThanOrEqual(d.at);
      }
      // And the blend follows them: not every frame is a step or more behind.
      expect(drawn.some((d) => d.alpha < 1)).toBe(true);
      expect(loop.health.transport).toBe(transport === 'auto' ? 'shared' : 'message');
      expect(loop.health.ticksPerSecond).toBeGreaterThan(0);
      const { hashes, inputs } = await report();
      expect(hashes.length).toBeGreaterThanOrEqual(90);
      expect(new Set(inputs.map((w) => w[1])).size).toBeGreaterThan(2); // the page's input arrived
      const sim = new WordSim(BALLS, 3);
      const replayed = inputs.map((words) => {
        sim.step(1 / 60, words);
        return sim.hash();
      });
      expect(replayed).toEqual(hashes);
    });
  },
);

describe('a worker loop in Chromium, controlled from the page', () => {
  it('hands an error thrown in the worker to onError and stops', async () => {
    const { loop, errors } = await start('auto', { failAt: 5 });
    while (errors.length === 0) await animationFrames(1);
    expect((errors[0] as Error).message).toBe('boom at tick 5');
    expect(loop.running).toBe(false);
    expect(loop.tick).toBeLessThan(5);
  });

  it('pauses the worker while the page is hidden and at time scale 0', async () => {
    const { loop, report } = await start('auto');
    await untilTick(loop, 10);
    setPageHidden(true);
    const hidden = (await report()).hashes.length;
    await animationFrames(20);
    expect((await report()).hashes.length).toBe(hidden);
    setPageHidden(false);
    await untilTick(loop, hidden + 5);
    loop.timeScale = 0;
    await animationFrames(3);
    const paused = (await report()).hashes.length;
    await animationFrames(20);
    expect((await report()).hashes.length).toBe(paused);
    loop.timeScale = 1;
    await untilTick(loop, paused + 5);
  });

  it('dispose terminates the worker: no message after it', async () => {
    const { loop, worker } = await start('message');
    let messages = 0;
    worker.addEventListener('message', () => messages++);
    await untilTick(loop, 5);
    expect(messages).toBeGreaterThan(0);
    loop.dispose();
    messages = 0;
    await animationFrames(30);
    expect(messages).toBe(0);
    expect(() => loop.start()).toThrow(/dispose/);
  });
});
