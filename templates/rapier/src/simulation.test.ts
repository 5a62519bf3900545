import { loadRapier } from 'virtual:rapier-wasm';
import wasmData from '@dimforge/rapier3d/rapier_wasm3d_bg.wasm?inline';
import type { Simulation, SimulationContext } from '@loop/core/worker';
import { ControlWords, type ReplayReport as FromWorker, type PoseLayout } from '@loop/rapier';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTROLS, DROP, JUMP, MOVE_X, MOVE_Z, PULSES, TELEPORT } from './controls';
import { Game, type GameOptions } from './game';
import { defaults, TIMESTEP } from './headless.test-support';
import { startSimulation } from './simulation';

beforeAll(() => loadRapier());
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
  const counter = new ControlWords(CONTROLS, PULSES);
  const words = new Float64Array(counter.words);
  /** What the page sends: this frame's controls, and whether R and Escape went down. */
  const send = (controls: Float64Array, replay = false, end = false) =>
    counter.write(words, controls, replay, end);
  return { sim, loop, posts, send, step: () => sim.update(DT, words, loop) };
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
    const { sim, send, step } = await started();
    const game = new Game(OPTIONS);
    const controls = new Float64Array(CONTROLS);
    const { prev, curr } = halves(21);
    let blended = 0;
    for (let t = 0; t < 60; t++) {
      controls.fill(0);
      controls[MOVE_X] = t < 30 ? 1 : 0;
      controls[MOVE_Z] = t < 30 ? -0.5 : 0.25;
      // A press goes as a running count: the step that sees it grow applies it, once.
      if (t === 10) controls[JUMP] = 1;
      if (t === 20) controls[TELEPORT] = 1;
      if (t === 40) controls[DROP] = 1;
      send(controls);
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

  it('applies a press once, however many steps read the same words (two steps a frame)', async () => {
    const { sim, send, step } = await started();
    const game = new Game(OPTIONS);
    const press = new Float64Array(CONTROLS);
    press[JUMP] = 1;
    press[TELEPORT] = 1;
    press[DROP] = 1;
    const none = new Float64Array(CONTROLS);
    const { prev, curr } = halves(21);
    for (let t = 0; t < 30; t++) {
      // The page writes its words once a frame; the worker steps twice a frame on them.
      if (t % 2 === 0) send(t === 10 ? press : none);
      step();
      game.advance(DT, t === 10 ? press : none, false, false);
      sim.write(prev, curr);
      expect(curr.positions, `tick ${t}`).toEqual(Float32Array.from(game.poses.positions.current));
    }
  });

  it('starts and ends an instant replay on request, and runs the loop at the replay’s speed', async () => {
    const { sim, loop, posts, send, step } = await started();
    const still = new Float64Array(CONTROLS);
    sim.receive!({ speed: 0.5 });
    for (let t = 0; t < 30; t++) step();
    expect(loop.timeScale).toBe(1);
    send(still, true);
    step();
    expect(loop.timeScale).toBe(0.5);
    expect(reported(sim, posts).phase).toBe('replaying');
    step(); // the request was applied once: the replay goes on
    expect(reported(sim, posts).matched).toBe(2);
    send(still, false, true);
    step();
    expect(loop.timeScale).toBe(1);
    expect(reported(sim, posts).phase).toBe('recording');
  });

  it('posts the bytes of Rapier’s WebAssembly as they arrive, for the page’s loading line', async () => {
    // A fresh loader (the setup file loaded the shared one), fetching from the tests' copy.
    const bytes = new Uint8Array(await (await fetch(wasmData)).arrayBuffer());
    vi.stubGlobal('fetch', async () => new Response(bytes));
    vi.resetModules();
    const fresh = await import('./simulation');
    const { RAPIER_WASM_BYTES } = await import('virtual:rapier-wasm');
    const { posts, step } = await started(OPTIONS, fresh.startSimulation);
    const loading = posts.map((m) => m.loading);
    expect(loading[0]).toEqual([0, RAPIER_WASM_BYTES]);
    expect(loading.at(-1)).toEqual([RAPIER_WASM_BYTES, RAPIER_WASM_BYTES]);
    expect(posts.every((m) => Object.keys(m).join() === 'loading')).toBe(true);
    expect(step).not.toThrow();
  });
});
