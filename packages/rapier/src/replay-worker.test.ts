import { Recording } from '@loop/core/replay';
import type { Simulation, SimulationContext } from '@loop/core/worker';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ReplayReport, replaySimulation } from './replay-worker.js';
import { loadRapier } from './test-support/rapier.js';
import { BoxGame } from './test-support/replay-game.js';
import type { PoseLayout } from './worker-poses.js';

/** Simulations the test started, disposed after it (their report timers stopped). */
const running: Simulation<PoseLayout>[] = [];
afterEach(() => {
  for (const sim of running.splice(0)) sim.dispose!();
  vi.useRealTimers();
});

const DT = 1 / 60;
/** Input word 0 pushes box 0, word 1 teleports a body; an instant replay starts at `replayAt`. */
const start = (replayAt = -1) =>
  replaySimulation({
    load: loadRapier,
    refreshMs: 100,
    start: () => {
      const game = new BoxGame();
      return {
        game,
        step(dt: number, input: Float64Array) {
          if (game.steps === replayAt) game.replays.instant();
          game.advance(dt, input, false, false);
        },
      };
    },
  });

/** A simulation as serveSimulation starts it: what it posts, its loop, its input. */
async function started(replayAt = -1) {
  const posts: ReplayReport[] = [];
  const loop = { timeScale: 1 } as SimulationContext['loop'];
  const sim = await start(replayAt)({ data: {}, loop, post: (m) => posts.push(m as ReplayReport) });
  running.push(sim);
  const input = new Float64Array(2);
  return { sim, loop, posts, input, step: () => sim.update(DT, input, loop) };
}

/** The status the next report carries: what a request with nothing in it posts. */
function reported(sim: Simulation<PoseLayout>, posts: ReplayReport[]) {
  sim.receive!({});
  return posts.at(-1)!.status!;
}

describe('replaySimulation', () => {
  it('steps the game and writes its poses, the same as a game driven directly', async () => {
    const { sim, input, step } = await started();
    const twin = new BoxGame();
    const half = () => ({ positions: new Float32Array(12), orientations: new Float32Array(16) });
    const prev = half();
    const curr = half();
    for (let t = 0; t < 30; t++) {
      input[0] = t < 10 ? 0.5 : 0;
      step();
      twin.advance(DT, input, false, false);
      sim.write(prev, curr);
      expect(curr.positions).toEqual(Float32Array.from(twin.poses.positions.current));
      expect(prev.orientations).toEqual(Float32Array.from(twin.poses.orientations.previous));
    }
    twin.dispose();
  });

  it('runs the loop at the replay’s speed while one plays, and reports its progress', async () => {
    const { sim, loop, posts, step } = await started(40);
    sim.receive!({ speed: 0.5 });
    for (let t = 0; t < 40; t++) step();
    expect(loop.timeScale).toBe(1);
    step();
    expect(loop.timeScale).toBe(0.5);
    expect(reported(sim, posts)).toMatchObject({ phase: 'replaying', matched: 1 });
  });

  it('saves, loads and refuses recordings as the page asks, and reports after every request', async () => {
    const { sim, posts, step } = await started();
    for (let t = 0; t < 30; t++) step();
    sim.receive!({ save: true });
    expect(posts).toHaveLength(2);
    const saved = posts[0]!.saved!;
    expect(Object.keys(posts[1]!).sort()).toEqual(['figures', 'status']);
    expect(posts[1]!.status!.ticks).toBe(30);
    expect(posts[1]!.figures!.bodies).toBe(4);
    expect(Recording.fromBytes(saved, 'box-game').length).toBe(30);
    sim.receive!({ load: saved });
    expect(posts).toHaveLength(3);
    step();
    expect(reported(sim, posts)).toMatchObject({ phase: 'replaying', matched: 1, length: 30 });
    sim.receive!({ refuse: 'NotReadableError: gone' });
    expect(posts.at(-1)!.status).toMatchObject({
      phase: 'error',
      message: 'cannot replay this file: NotReadableError: gone',
    });
    const before = posts.length;
    sim.receive!({ refuse: '' }); // an empty reason is still a refusal
    expect(posts).toHaveLength(before + 1);
    expect(posts.at(-1)!.status).toMatchObject({
      phase: 'error',
      message: 'cannot replay this file: ',
    });
    expect(posts.at(-1)!.status!.changes).toBeGreaterThan(posts.at(-2)!.status!.changes);
    // Nothing asked: only the report.
    sim.receive!({});
    expect(Object.keys(posts.at(-1)!).sort()).toEqual(['figures', 'status']);
  });

  it('reports every refreshMs, and after dispose neither reports nor steps', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { sim, posts, step } = await started();
    step();
    vi.advanceTimersByTime(99);
    expect(posts).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.status!.ticks).toBe(1);
    expect(posts[0]!.figures!.bodies).toBe(4);
    vi.advanceTimersByTime(100);
    expect(posts).toHaveLength(2);
    running.pop();
    sim.dispose!();
    vi.advanceTimersByTime(1000);
    expect(posts).toHaveLength(2);
    expect(step).toThrow(); // its Rapier world is freed
  });

  it('posts the loader’s progress before the game starts, and the loader’s failure rejects', async () => {
    const posts: ReplayReport[] = [];
    const loop = { timeScale: 1 } as SimulationContext['loop'];
    const sim = replaySimulation({
      load: async (onProgress) => {
        onProgress?.(0, 8);
        onProgress?.(8, 8);
      },
      start: () => ({ game: new BoxGame(), step() {} }),
    });
    running.push(await sim({ data: {}, loop, post: (m) => posts.push(m as ReplayReport) }));
    expect(posts).toEqual([{ loading: [0, 8] }, { loading: [8, 8] }]);
    const failing = replaySimulation({
      load: () => Promise.reject(new Error('HTTP 404')),
      start: () => {
        throw new Error('never started');
      },
    });
    await expect(failing({ data: {}, loop, post: () => {} })).rejects.toThrow('HTTP 404');
  });

  it('refuses a loader that is no function and a refresh that is not above 0, naming them', () => {
    const start = () => ({ game: new BoxGame(), step() {} });
    expect(() => replaySimulation({ load: undefined as never, start })).toThrow(
      new RangeError('replaySimulation load must be a function, got undefined'),
    );
    expect(() => replaySimulation({ load: loadRapier, start, refreshMs: 0 })).toThrow(
      new RangeError('replaySimulation refreshMs must be above 0, got 0'),
    );
  });
});
