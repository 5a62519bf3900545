import { addEffect } from '@react-three/fiber';
import type { InstancedMesh } from 'three';
import { describe, expect, it } from 'vitest';
import { poseLayout, served, until } from './test-worker.js';
import { Bodies, mountWorker, Stepper } from './test-worker-mount.js';

describe('<WorkerLoop> props', () => {
  it('samples input with the latest sample callback', async () => {
    const game = served(3);
    const { renderer, update } = await mountWorker(null, game, {
      sample: (input) => {
        input[0] = 1;
      },
    });
    const draw = () => void renderer.advanceFrames(1, 1 / 60);
    await until(() => game.frames.pending, 'the worker loop starts');
    const stepWith = async (word: number) => {
      draw(); // the page's frame sends the sampled input
      await until(() => {
        game.frames.fire(performance.now());
        return game.inputs.length > 0 && game.inputs[game.inputs.length - 1]![0] === word;
      }, `a step sees input ${word}`);
    };
    await stepWith(1);
    await update({
      sample: (input) => {
        input[0] = 2;
      },
    });
    await stepWith(2);
    await renderer.unmount();
  });

  it('samples nothing once sample is removed, with no error', async () => {
    const game = served(3);
    const errors: unknown[] = [];
    const onError = (e: unknown) => void errors.push(e);
    const { renderer, ref, update } = await mountWorker(null, game, {
      onError,
      sample: (input) => {
        input[0] = 1;
      },
    });
    await update({ onError });
    for (let i = 0; i < 3; i++) void renderer.advanceFrames(1, 1 / 60);
    expect(errors).toEqual([]);
    expect(ref.current!.running).toBe(true);
    await renderer.unmount();
  });

  it("runs R3F's global effects with each frame it renders under frameloop='never'", async () => {
    const game = served(3);
    const effects: number[] = [];
    const stop = addEffect((timestamp) => void effects.push(timestamp));
    const { renderer, ref } = await mountWorker(null, game, { scheduler: 'manual' }, 'never');
    await until(() => game.frames.pending, 'the worker loop starts');
    game.frames.fire(performance.now());
    const loop = ref.current!;
    await until(() => {
      loop.frame(performance.now());
      return effects.length > 0;
    }, 'a frame is drawn');
    expect(effects[effects.length - 1]).toBeCloseTo(loop.stats.now / 1000, 9);
    stop();
    await renderer.unmount();
  });

  it('hands a worker error to the latest onError', async () => {
    const game = served(3);
    const first: unknown[] = [];
    const second: unknown[] = [];
    const { renderer, ref, update } = await mountWorker(null, game, {
      onError: (e) => void first.push(e),
    });
    const live = ref.current;
    await update({ onError: (e) => void second.push(e) });
    expect(ref.current).toBe(live);
    await until(() => game.setupData !== undefined || game.posted.includes('start'), 'set up');
    ref.current!.post('throw');
    await until(() => second.length > 0, 'the error reaches the page');
    expect(first).toEqual([]);
    expect((second[0] as Error).message).toBe('the simulation threw');
    await renderer.unmount();
  });

  it('takes a message from the worker with no onMessage, then hands the next to a new one', async () => {
    const game = served(3);
    const got: unknown[] = [];
    const { renderer, ref, update } = await mountWorker(null, game);
    ref.current!.post('first');
    await until(() => game.received.length === 1, 'the worker receives it');
    await new Promise((resolve) => setTimeout(resolve, 20)); // its echo comes back unheard
    await update({ onMessage: (data) => void got.push(data) });
    ref.current!.post('second');
    await until(() => got.length > 0, 'the echo comes back');
    expect(got).toEqual([{ echo: 'second' }]);
    expect(game.thrown).toEqual([]);
    await renderer.unmount();
  });

  it('posts no second start when a live option changes while it runs', async () => {
    const game = served(3);
    const { renderer, ref, update } = await mountWorker(null, game);
    expect(ref.current?.running).toBe(true);
    const starts = () => game.posted.filter((t) => t === 'start').length;
    expect(starts()).toBe(1);
    await update({ maxFps: 30, timeScale: 0.5 });
    expect(ref.current?.maxFps).toBe(30);
    expect(starts()).toBe(1);
    await renderer.unmount();
  });

  it('starts a loop made for a new option unless paused, reading the latest paused', async () => {
    const game = served(3);
    const { renderer, ref, update } = await mountWorker(null, game);
    await update({ paused: true });
    await update({ paused: true, timestep: 20 });
    const paused = ref.current!;
    expect(paused.running).toBe(false);
    await update({ timestep: 20 });
    expect(paused.running).toBe(true);
    await update({ timestep: 40 });
    expect(ref.current).not.toBe(paused);
    expect(ref.current!.running).toBe(true);
    await renderer.unmount();
  });

  it('makes new shared state for a layout of new values, and takes { length } fields', async () => {
    const games = [served(3), served(4)];
    let next = 0;
    const worker = () => games[next++]!.worker;
    const mesh = { current: null as InstancedMesh | null };
    const spec = (n: number) => ({ positions: { length: 3 * n }, orientations: { length: 4 * n } });
    const { renderer, update } = await mountWorker(<Bodies mesh={mesh} count={3} />, games[0]!, {
      worker,
      snapshot: spec(3) as never,
    });
    await update({ worker, snapshot: poseLayout(4) }, <Bodies mesh={mesh} count={4} />);
    expect(next).toBe(2);
    expect(games[0]!.worker.terminated).toBe(true);
    await until(() => games[1]!.frames.pending, 'the new worker loop starts');
    games[1]!.frames.fire(performance.now());
    await until(() => {
      void renderer.advanceFrames(1, 1 / 60);
      return mesh.current!.instanceMatrix.array[16 * 3 + 12] === 3; // body 3 at x = 3
    }, 'the fourth body is drawn');
    await renderer.unmount();
  });
});

describe('<WorkerLoop> refusals', () => {
  it('names itself for a bad priority and a null snapshot', async () => {
    await expect(mountWorker(null, served(3), { priority: Number.NaN })).rejects.toThrow(
      'WorkerLoop: priority must be a finite number, got NaN',
    );
    await expect(mountWorker(null, served(3), { snapshot: null as never })).rejects.toThrow(
      /^WorkerLoop option snapshot must be an object, got null$/,
    );
  });

  it("passes on createWorkerLoop's error for a worker that is no Worker", async () => {
    for (const made of [null, {}]) {
      await expect(mountWorker(null, served(3), { worker: () => made as never })).rejects.toThrow(
        /^worker loop option worker must be a Worker, got /,
      );
    }
  });

  it('says what to do instead of a page step', async () => {
    await expect(mountWorker(<Stepper />, served(3))).rejects.toThrow(
      "useFixedUpdate runs on the page's fixed steps, and under <WorkerLoop> the simulation " +
        'steps in the worker: step it in serveSimulation there, or use <FixedLoop>',
    );
  });
});
