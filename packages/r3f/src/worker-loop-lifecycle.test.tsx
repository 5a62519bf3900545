import type { WorkerLoop as CoreWorkerLoop } from '@loop/core/worker';
import ReactThreeTestRenderer from '@react-three/test-renderer';
import { createRef, StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { poseLayout, type Served, served, until } from './test-worker.js';
import { BODIES, mountWorker, type PoseLayout } from './test-worker-mount.js';
import { WorkerLoop } from './worker-loop.js';

/**
 * <WorkerLoop>'s workers and loops over a mount's life: one live worker under StrictMode and a
 * new one for a new option, paused and resumed with its options set live, and messages both
 * ways.
 */

describe('<WorkerLoop>', () => {
  it('leaves one live worker under StrictMode, and a new one for a new option', async () => {
    const games: Served[] = [];
    const make = () => {
      const game = served(BODIES);
      games.push(game);
      return game.worker;
    };
    const ref = createRef<CoreWorkerLoop | null>();
    const tree = (timestep: number) => (
      <StrictMode>
        <WorkerLoop<PoseLayout>
          ref={ref}
          worker={make}
          snapshot={poseLayout(BODIES)}
          transport="message"
          timestep={timestep}
          pauseWhenHidden={false}
        />
      </StrictMode>
    );
    const renderer = await ReactThreeTestRenderer.create(tree(1000 / 60));
    expect(games.filter((g) => !g.worker.terminated)).toHaveLength(1);
    const first = ref.current;
    await renderer.update(tree(1000 / 60)); // same options, a new layout object: same loop
    expect(ref.current).toBe(first);
    expect(games.filter((g) => !g.worker.terminated)).toHaveLength(1);
    const made = games.length;
    await renderer.update(tree(1000 / 30));
    expect(games.length).toBeGreaterThan(made);
    expect(ref.current).not.toBe(first);
    expect(games.filter((g) => !g.worker.terminated)).toHaveLength(1);
    await renderer.unmount();
    expect(games.every((g) => g.worker.terminated)).toBe(true);
  });

  it('pauses and resumes both loops, and sets timeScale and maxFps live', async () => {
    const game = served(BODIES);
    const { renderer, ref, update } = await mountWorker(null, game, { paused: true });
    expect(ref.current?.running).toBe(false);
    const first = ref.current;
    await update({ paused: false, timeScale: 0.5, maxFps: 30 });
    expect(ref.current).toBe(first);
    expect(first?.running).toBe(true);
    expect(first?.timeScale).toBe(0.5);
    expect(first?.maxFps).toBe(30);
    await update({ paused: true, timeScale: 0.5, maxFps: 30 });
    expect(first?.running).toBe(false);
    await renderer.unmount();
  });

  it('passes messages both ways: post() to receive, post back to onMessage', async () => {
    const game = served(BODIES);
    const got: unknown[] = [];
    const { renderer, ref } = await mountWorker(null, game, {
      init: { level: 2 },
      onMessage: (data) => void got.push(data),
    });
    await until(() => game.setupData !== undefined, 'the simulation is set up');
    expect(game.setupData).toEqual({ level: 2 });
    ref.current!.post('hello');
    await until(() => got.length > 0, 'the echo comes back');
    expect(game.received).toEqual(['hello']);
    expect(got).toEqual([{ echo: 'hello' }]);
    await renderer.unmount();
  });
});
