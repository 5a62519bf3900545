import { afterEach, describe, expect, it } from 'vitest';
import { drawnPoses } from './drawn-poses.js';
import { type ReplayWorkerLoop, replayWorkerLoop } from './replay-page.js';
import type { ReplayStatus } from './replay-status.js';
import { replaySimulation } from './replay-worker.js';
import { loadRapier } from './test-support/rapier.js';
import { BoxGame } from './test-support/replay-game.js';
import { until, workerChannel } from './test-support/worker-channel.js';

const STEP_MS = 1000 / 60;
const pages: ReplayWorkerLoop[] = [];
afterEach(() => {
  for (const page of pages.splice(0)) page.loop.dispose();
});

/** A page and a BoxGame served over a real MessageChannel, its reports noted. */
function pair() {
  const channel = workerChannel(
    replaySimulation({
      // The setup file loaded Rapier already: this load reports two ends of its own.
      load: async (onProgress) => {
        onProgress?.(0, 8);
        await loadRapier();
        onProgress?.(8, 8);
      },
      refreshMs: 1_000_000, // reports after requests only: the test asks for them
      start: () => {
        const game = new BoxGame();
        return { game, step: (dt, input) => game.advance(dt, input, false, false) };
      },
    }) as never,
  );
  const seen = {
    loading: [] as number[][],
    status: [] as ReplayStatus[],
    saved: [] as Uint8Array[],
  };
  const drawn: number[] = [];
  const page = replayWorkerLoop({
    worker: channel.worker,
    bodies: 4,
    input: 2,
    timestep: STEP_MS,
    scheduler: 'manual',
    render: (poses, snapshot, alpha) => {
      drawn.push(snapshot.tick);
      expect(alpha).toBeGreaterThanOrEqual(0);
      expect(poses.drawnPositions).toHaveLength(12);
    },
    onLoading: (loaded, total) => seen.loading.push([loaded, total]),
    onStatus: (status) => seen.status.push(status),
    onSaved: (bytes) => seen.saved.push(bytes),
  });
  pages.push(page);
  page.loop.start();
  return { page, channel, seen, drawn };
}

describe('replayWorkerLoop', () => {
  it('draws the worker’s Rapier game blended, and hands out its loading, status, saves and figures', async () => {
    const { page, channel, seen, drawn } = pair();
    let frames = 0;
    const tick = () => channel.tick(++frames * STEP_MS);
    await until(tick, 'the worker asks for frames');
    for (let t = 0; t < 30; t++) tick();
    await until(() => {
      page.loop.frame(performance.now());
      return page.loop.tick >= 20;
    }, 'the page holds tick 20');
    expect(seen.loading).toEqual([
      [0, 8],
      [8, 8],
    ]);
    expect(drawn.length).toBeGreaterThan(0);
    // The box column falls a little: drawn where the worker's poses say, never at the origin.
    expect(page.poses.drawnPositions[1]).toBeGreaterThan(0.3);
    expect(page.poses.drawnOrientations[3]).toBeCloseTo(1, 3);
    page.request({ save: true });
    await until(() => seen.saved.length === 1 && seen.status.length === 1, 'the saved recording');
    expect(seen.saved[0]!.byteLength).toBeGreaterThan(100);
    expect(seen.status[0]!.phase).toBe('recording');
    expect(seen.status[0]!.ticks).toBeGreaterThan(20);
    expect(page.figures().bodies).toBe(4);
  });

  it('refuses a body count that is no whole number, naming it, before any worker starts', () => {
    expect(() =>
      replayWorkerLoop({ worker: undefined as never, bodies: 0, render: () => {} }),
    ).toThrow(new RangeError('poseLayout bodies must be an integer >= 1, got 0'));
    const poses = drawnPoses(3);
    expect(() =>
      replayWorkerLoop({ worker: undefined as never, bodies: 4, poses, render: () => {} }),
    ).toThrow(new RangeError('replayWorkerLoop poses must hold 4 bodies, got 3'));
  });
});
