import wasmData from '@dimforge/rapier3d/rapier_wasm3d_bg.wasm?inline';
import { Recording } from '@loop/core/replay';
import type { Simulation, SimulationContext } from '@loop/core/worker';
import type { ReplayReport as FromWorker, PoseLayout } from '@loop/rapier';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTROLS, DROP, JUMP, MOVE_X, MOVE_Z, TELEPORT } from './controls';
import { Game, type GameOptions } from './game';
import { defaults, TIMESTEP } from './headless.test-support';
import { REFRESH_MS } from './page';
import { initPhysics } from './physics';
import { startSimulation } from './simulation';
import { DROPS, ENDS, JUMPS, REPLAYS, TELEPORTS, WORD_X, WORD_Z, WORDS } from './words';

beforeAll(() => initPhysics());
/** Simulations the test started, disposed after it (their report timers stopped). */
const running: Simulation<PoseLayout>[] = [];
afterEach(() => {
  for (const sim of running.splice(0)) sim.dispose!();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const DT = TIMESTEP / 1000;
const OPTIONS = defaults({ boxes: 20 });

/** The worker's simulation as serveSimulation starts it: what it posts, its loop, its input words. */
async function started(options: GameOptions = OPTIONS, start = startSimulation) {
  const posts: FromWorker[] = [];
  const loop = { timeScale: 1 } as SimulationContext['loop'];
  const sim = await start({ data: options, loop, post: (m) => posts.push(m as FromWorker) });
  running.push(sim);
  const words = new Float64Array(WORDS);
  return { sim, loop, posts, words, step: () => sim.update(DT, words, loop) };
}

/** A snapshot's halves for `bodies`, as the worker's loop hands them to `write`. */
function halves(bodies: number) {
  const half = () => ({
    positions: new Float32Array(3 * bodies),
    orientations: new Float32Array(4 * bodies),
  });
  return { prev: half(), curr: half() };
}

/** The status the next report carries: what a request with nothing in it posts. */
function reported(sim: { receive?(m: unknown): void }, posts: FromWorker[]) {
  sim.receive!({});
  return posts.at(-1)!.status!;
}

describe('the worker’s simulation', () => {
  it('steps the Game from the page’s words: every pose as a Game driven directly, before and after', async () => {
    const { sim, words, step } = await started();
    const game = new Game(OPTIONS);
    const controls = new Float64Array(CONTROLS);
    const { prev, curr } = halves(21);
    let blended = 0;
    for (let t = 0; t < 60; t++) {
      controls.fill(0);
      words[WORD_X] = controls[MOVE_X] = t < 30 ? 1 : 0;
      words[WORD_Z] = controls[MOVE_Z] = t < 30 ? -0.5 : 0.25;
      // A press is a running count: the step that sees it grow applies it, once.
      if (t === 10) words[JUMPS] = controls[JUMP] = 1;
      if (t === 20) words[TELEPORTS] = controls[TELEPORT] = 1;
      if (t === 40) words[DROPS] = controls[DROP] = 1;
      step();
      game.advance(DT, controls, false, false);
      sim.write(prev, curr);
      expect(prev.positions).toEqual(Float32Array.from(game.poses.positions.previous));
      expect(prev.orientations).toEqual(Float32Array.from(game.poses.orientations.previous));
      expect(curr.positions).toEqual(Float32Array.from(game.poses.positions.current));
      expect(curr.orientations).toEqual(Float32Array.from(game.poses.orientations.current));
      if (prev.positions[0] !== curr.positions[0]) blended++;
    }
    expect(blended).toBeGreaterThan(30); // the halves differ: the ball is drawn moving
    expect(curr.positions[1]).toBeGreaterThan(5); // teleported, then boxes dropped on it
  });

  it('starts and ends an instant replay on request, and runs the loop at the replay’s speed', async () => {
    const { sim, loop, posts, words, step } = await started();
    sim.receive!({ speed: 0.5 });
    for (let t = 0; t < 30; t++) step();
    expect(loop.timeScale).toBe(1);
    words[REPLAYS] = 1;
    step();
    expect(loop.timeScale).toBe(0.5);
    expect(reported(sim, posts).phase).toBe('replaying');
    step(); // the request was applied once: the replay goes on
    expect(reported(sim, posts).matched).toBe(2);
    words[ENDS] = 1;
    step();
    expect(loop.timeScale).toBe(1);
    expect(reported(sim, posts).phase).toBe('recording');
  });

  it('saves, loads and refuses recordings as the page asks, and reports after every request', async () => {
    const { sim, posts, step } = await started();
    for (let t = 0; t < 30; t++) step();
    sim.receive!({ save: true });
    expect(posts).toHaveLength(2);
    const saved = posts[0]!.saved!;
    expect(Object.keys(posts[1]!).sort()).toEqual(['figures', 'status']);
    expect(posts[1]!.status!.ticks).toBe(30);
    expect(posts[1]!.figures!.bodies).toBe(21);
    const game = new Game(OPTIONS);
    expect(Recording.fromBytes(saved, game.replays.build).length).toBe(30);

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
    expect(posts.at(-1)!.status!.message).toBe('cannot replay this file: ');
    expect(posts.at(-1)!.status!.changes).toBeGreaterThan(posts.at(-2)!.status!.changes);
    // Nothing asked: only the report, and the replay speed left as it was.
    sim.receive!({});
    expect(Object.keys(posts.at(-1)!).sort()).toEqual(['figures', 'status']);
  });

  it('reports the status and figures every REFRESH_MS, and after dispose neither reports nor steps', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { sim, posts, step } = await started();
    step();
    vi.advanceTimersByTime(REFRESH_MS - 1);
    expect(posts).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.status!.ticks).toBe(1);
    expect(posts[0]!.figures!.bodies).toBe(21);
    vi.advanceTimersByTime(REFRESH_MS);
    expect(posts).toHaveLength(2);
    running.pop();
    sim.dispose!();
    vi.advanceTimersByTime(10 * REFRESH_MS);
    expect(posts).toHaveLength(2);
    expect(step).toThrow(); // its Rapier world is freed
  });

  it('posts the bytes of Rapier’s WebAssembly as they arrive, for the page’s loading line', async () => {
    // A fresh loader (the setup file loaded the shared one), fetching from the tests' copy.
    const bytes = new Uint8Array(await (await fetch(wasmData)).arrayBuffer());
    vi.stubGlobal('fetch', async () => new Response(bytes));
    vi.resetModules();
    const fresh = await import('./simulation');
    const { RAPIER_WASM_BYTES } = await import('./load-rapier');
    const { posts, step } = await started(OPTIONS, fresh.startSimulation);
    const loading = posts.map((m) => m.loading);
    expect(loading[0]).toEqual([0, RAPIER_WASM_BYTES]);
    expect(loading.at(-1)).toEqual([RAPIER_WASM_BYTES, RAPIER_WASM_BYTES]);
    expect(posts.every((m) => Object.keys(m).join() === 'loading')).toBe(true);
    expect(step).not.toThrow();
  });
});
