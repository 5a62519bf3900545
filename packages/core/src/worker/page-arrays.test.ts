import { describe, expect, it } from 'vitest';
import { WORDS, WordSim, wordLayout } from '../test-support/word-sim.js';
import { stepTo, until, workerPair } from '../test-support/worker-pair.js';
import { createWorkerLoop } from './page.js';
import type { Simulation } from './protocol.js';
import type { Transport } from './transport.js';

/**
 * What a game may keep of the arrays a worker loop hands it, the same on both transports: the
 * input `update` gets and the states `render` gets are each the same array object every time,
 * rewritten in place with the newest input or snapshot. Kept, they read the newest values,
 * never another step's half nor an emptied (transferred) buffer.
 */

const STEP = 1000 / 60;
const BALLS = 2;
type Layout = ReturnType<typeof wordLayout>;

describe.each<Transport>(['shared', 'message'])('over the %s transport', (transport) => {
  async function setup() {
    const sim = new WordSim(BALLS, 3);
    const inputs: Float64Array[] = [];
    const seen: number[][] = [];
    const received: unknown[] = [];
    const pair = workerPair(
      (): Simulation => ({
        update(dt, input) {
          inputs.push(input);
          seen.push([...input]);
          sim.step(dt, input);
        },
        write: (prev, curr) => sim.write(prev as never, curr as never),
        receive: (data) => received.push(data),
      }),
    );
    const rendered: { x: Float32Array; prev: Float32Array; tick: number }[] = [];
    let push = 0;
    const loop = createWorkerLoop<Layout>({
      worker: pair.worker,
      snapshot: wordLayout(BALLS),
      input: WORDS,
      transport,
      scheduler: 'manual',
      sample(words) {
        words[0] = push;
      },
      render(s) {
        rendered.push({
          x: s.curr.positions,
          prev: s.prev.positions,
          tick: s.tick,
        });
      },
    }).start();
    await until(() => pair.frames.pending, 'the worker started');
    pair.frames.fire(1000);
    const send = async (value: number, tick: number) => {
      push = value;
      loop.frame(performance.now()); // samples and sends
      loop.post(tick); // after the input, in order
      await until(() => received.length === tick, 'the input arrived');
    };
    return { pair, loop, inputs, seen, rendered, send, sim };
  }

  it('update gets the same input array every step, holding the newest input', async () => {
    const { pair, loop, inputs, seen, send } = await setup();
    for (let tick = 1; tick <= 6; tick++) {
      await send(tick / 8, tick);
      await stepTo(pair, loop, 1000 + tick * STEP, tick);
    }
    expect(new Set(inputs).size).toBe(1);
    expect(seen.map((w) => w[0])).toEqual([1, 2, 3, 4, 5, 6].map((t) => t / 8));
    // Kept after its step, the array reads the newest input, not an emptied buffer.
    expect(inputs[0]!.length).toBe(WORDS);
    expect(inputs[0]![0]).toBe(6 / 8);
    loop.dispose();
  });

  it('render gets the same state arrays every frame, rewritten with each new snapshot', async () => {
    const { pair, loop, rendered, sim } = await setup();
    for (let tick = 1; tick <= 6; tick++) await stepTo(pair, loop, 1000 + tick * STEP, tick);
    expect(new Set(rendered.map((r) => r.x)).size).toBe(1);
    expect(new Set(rendered.map((r) => r.prev)).size).toBe(1);
    // An array kept from the first render reads the newest snapshot, whole.
    const kept = rendered[0]!.x;
    expect(rendered[0]!.tick).toBeLessThan(6);
    expect(kept.length).toBe(2 * BALLS);
    expect([...kept]).toEqual([...sim.copyPositions(new Float32Array(2 * BALLS))]);
    loop.dispose();
  });
});
