import { describe, expect, it } from 'vitest';
import { WORDS, WordSim, wordLayout } from '../test-support/word-sim.js';
import { until, type WorkerPair, workerPair } from '../test-support/worker-pair.js';
import { createWorkerLoop, type WorkerLoop } from './page.js';
import type { Simulation } from './protocol.js';
import type { Transport } from './transport.js';

const STEP = 1000 / 60;
const BALLS = 5;
type Layout = ReturnType<typeof wordLayout>;

/** A WordSim served as a worker simulation, with every tick's positions and input kept. */
function served(seed = 7) {
  const sim = new WordSim(BALLS, seed);
  const positions = new Map<number, number[]>([
    [0, [...sim.copyPositions(new Float32Array(2 * BALLS))]],
  ]);
  const inputs: number[][] = [];
  const received: unknown[] = [];
  const simulation: Simulation<Layout> = {
    update(dt, input, loop) {
      inputs.push([...input]);
      sim.step(dt, input);
      positions.set(loop.tick + 1, [...sim.copyPositions(new Float32Array(2 * BALLS))]);
    },
    write: (prev, curr) => sim.write(prev, curr),
    receive: (data) => received.push(data),
  };
  return { sim, positions, inputs, received, simulation };
}

interface Drawn {
  alpha: number;
  tick: number;
  publishedAt: number;
  prev: number[];
  curr: number[];
}

/**
 * Fires the worker's frame at `now` and draws page frames until the page holds `tick`; returns
 * the page's time at the frame that took it.
 */
async function stepTo(pair: WorkerPair, loop: WorkerLoop, now: number, tick: number) {
  pair.frames.fire(now);
  let taken = 0;
  await until(() => {
    taken = performance.now();
    loop.frame(taken);
    return loop.tick >= tick;
  }, `the page holds tick ${tick}`);
  return taken;
}

describe.each<Transport>(['shared', 'message'])(
  'a worker loop over the %s transport',
  (transport) => {
    async function setup(sample?: (words: Float64Array) => void) {
      const game = served();
      const pair = workerPair(() => game.simulation as Simulation);
      const drawn: Drawn[] = [];
      const errors: unknown[] = [];
      const loop = createWorkerLoop({
        worker: pair.worker,
        snapshot: wordLayout(BALLS),
        input: WORDS,
        sample,
        transport,
        scheduler: 'manual',
        onError: (error) => errors.push(error),
        render(s, alpha) {
          const { tick, publishedAt } = s;
          drawn.push({
            alpha,
            tick,
            publishedAt,
            prev: [...s.prev.positions],
            curr: [...s.curr.positions],
          });
        },
      });
      loop.start();
      await until(() => pair.frames.pending, 'the worker started');
      pair.frames.fire(1000); // the first frame after start advances nothing
      return { game, pair, loop, drawn, errors };
    }

    it('draws each step as the pair of states before and after it, as the simulation had them', async () => {
      const { game, pair, loop, drawn } = await setup();
      for (let tick = 1; tick <= 30; tick++) await stepTo(pair, loop, 1000 + tick * STEP, tick);
      expect(loop.health.transport).toBe(transport);
      const ticks = new Set(drawn.map((d) => d.tick));
      expect(ticks.size).toBeGreaterThanOrEqual(30);
      for (const d of drawn) {
        expect(d.curr).toEqual(game.positions.get(d.tick));
        expect(d.prev).toEqual(game.positions.get(Math.max(0, d.tick - 1)));
      }
      expect(loop.health.snapshots).toBeGreaterThanOrEqual(30);
      expect(loop.health.skipped).toBe(0);
    });

    it('hands every step the newest input the page sampled, and none twice as new', async () => {
      let push = 0;
      let jumps = 0;
      const { game, pair, loop } = await setup((words) => {
        words[0] = push;
        words[1] = jumps;
      });
      for (let tick = 1; tick <= 20; tick++) {
        push = ((tick % 5) - 2) / 2;
        if (tick % 7 === 0) jumps++;
        loop.frame(performance.now()); // samples and sends
        // Messages arrive in order: once this one has, so has the input sent before it.
        loop.post(tick);
        await until(() => game.received.length === tick, 'the input arrived');
        await stepTo(pair, loop, 1000 + tick * STEP, tick);
      }
      // Each step saw the input sampled in the page frame just before it.
      expect(game.inputs.map((w) => w[1])).toEqual(
        Array.from({ length: 20 }, (_, i) => Math.floor((i + 1) / 7)),
      );
      expect(game.inputs.map((w) => w[0])).toEqual(
        Array.from({ length: 20 }, (_, i) => (((i + 1) % 5) - 2) / 2),
      );
    });

    it('blends by the real time since the newest snapshot, holds the pose when it runs out, and never extrapolates', async () => {
      const { pair, loop, drawn } = await setup();
      const taken = await stepTo(pair, loop, 1000 + STEP, 1);
      const published = drawn.at(-1)!.publishedAt;
      // The page took the snapshot some real time after the worker published it (more on a
      // loaded machine): alpha = that time over a step, at most 1, and from there on each
      // frame's time since the publication.
      const alpha = (now: number) => Math.min(1, Math.max(0, now - published) / STEP);
      expect(drawn.at(-1)!.alpha).toBeCloseTo(alpha(taken), 9);
      const reused = loop.health.reused;
      const quarter = Math.max(taken, published + 0.25 * STEP);
      loop.frame(quarter);
      expect(drawn.at(-1)!.alpha).toBeCloseTo(alpha(quarter), 9);
      const threeQuarters = Math.max(taken, published + 0.75 * STEP) + 0.01;
      loop.frame(threeQuarters);
      expect(drawn.at(-1)!.alpha).toBeCloseTo(alpha(threeQuarters), 9);
      expect(loop.health.reused).toBe(reused + 2);
      const late = loop.health.late;
      loop.frame(Math.max(taken, published + 1.5 * STEP) + 0.02);
      expect(drawn.at(-1)!.alpha).toBe(1);
      expect(loop.health.late).toBe(late + 1);
      // Paused: the blend stays where it was, however long the frames go on.
      loop.timeScale = 0.5;
      loop.frame(published + 2 * STEP);
      expect(drawn.at(-1)!.alpha).toBe(1);
    });

    it('stops, starts and scales the worker from the page', async () => {
      const { pair, loop } = await setup();
      loop.timeScale = 0.5;
      await until(() => pair.context!.loop.timeScale === 0.5, 'the scale reached the worker');
      loop.stop();
      expect(loop.running).toBe(false);
      await until(() => !pair.frames.pending, 'the worker stopped');
      loop.start();
      await until(() => pair.frames.pending, 'the worker started again');
      expect(() => {
        loop.timeScale = -1;
      }).toThrow(/timeScale/);
      expect(loop.timeScale).toBe(0.5);
    });
  },
);
