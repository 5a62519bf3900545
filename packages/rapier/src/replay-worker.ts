import type { InstantReplay } from '@loop/core/replay';
import type { Simulation, SimulationContext } from '@loop/core/worker';
import { type FigureSource, noFigures, type PhysicsFigures, physicsFigures } from './figures.js';
import type { Poses } from './poses.js';
import { copyStatus, type ReplayStatus, statusOf } from './replay-status.js';
import type { RapierLoader } from './wasm-loader.js';
import { type PoseLayout, writePoses } from './worker-poses.js';

/** What the page asks of a replaying simulation (besides the input): one field per request. */
export interface ReplayRequest {
  /** The replay speed chosen (the loop's time scale while a replay plays). */
  speed?: number;
  /** Save a recording: the answer is a report with `saved`. */
  save?: boolean;
  /** Replay these recording bytes (a file the person picked). */
  load?: Uint8Array;
  /** A file that could not be read, and why: shown as the replay's error. */
  refuse?: string;
}

/** What a replaying simulation tells the page. */
export interface ReplayReport {
  status?: ReplayStatus;
  figures?: PhysicsFigures;
  saved?: Uint8Array;
  /** Bytes of Rapier's WebAssembly loaded, and of the whole file: the page's loading line. */
  loading?: [loaded: number, total: number];
}

/** What {@link replaySimulation} needs of a game: its poses, its replay and its figures. */
export interface ReplayGame extends FigureSource {
  readonly poses: Poses;
  readonly replays: InstantReplay;
  /** One fixed step from controls already read ({@link RapierGame.advance}). */
  advance(dt: number, live: Float64Array, replay: boolean, end: boolean): void;
  /** Frees the Rapier world. */
  dispose(): void;
}

/** A game started in the worker, and its fixed step from the page's input words. */
export interface StartedGame<G extends ReplayGame> {
  readonly game: G;
  step(dt: number, input: Float64Array): void;
}

/** Options of {@link replaySimulation}. */
export interface ReplaySimulationOptions<G extends ReplayGame> {
  /** Loads Rapier in the worker ({@link wasmLoader} or {@link compatLoader}), with progress. */
  readonly load: RapierLoader;
  /** Makes the game from the page's `init` data, once Rapier is loaded. */
  start(data: unknown): StartedGame<G>;
  /** How often the status and figures are reported, in ms. Default 250. */
  readonly refreshMs?: number;
}

/**
 * Worker mode for a Rapier game with instant replay: the setup `serveSimulation` of
 * `@loop/core/worker` takes. It loads Rapier (posting the bytes for the page's loading line),
 * starts the game, steps it from the page's input words, writes every pose before and after the
 * step into the snapshot the page blends ({@link writePoses}), runs the loop at the replay's
 * speed, answers {@link ReplayRequest}s, and reports the replay status and the physics figures
 * every `refreshMs` and after each request. The page and the worker then share one game: the
 * main-thread mode's, unchanged.
 */
export function replaySimulation<G extends ReplayGame>(
  options: ReplaySimulationOptions<G>,
): (context: SimulationContext) => Promise<Simulation<PoseLayout>> {
  const refreshMs = options.refreshMs ?? 250;
  if (typeof options.load !== 'function') {
    throw new RangeError(`replaySimulation load must be a function, got ${String(options.load)}`);
  }
  if (!(refreshMs > 0)) {
    throw new RangeError(`replaySimulation refreshMs must be above 0, got ${refreshMs}`);
  }
  return async ({ data, loop, post }) => {
    await options.load((loaded, total) =>
      post({ loading: [loaded, total] } satisfies ReplayReport),
    );
    const { game, step } = options.start(data);
    const replays = game.replays;
    const status = statusOf(replays);
    const read = physicsFigures(game);
    const figures = noFigures();
    const report = () =>
      post({ status: copyStatus(status), figures: read(figures) } satisfies ReplayReport);
    const timer = setInterval(report, refreshMs);
    return {
      update(dt, input) {
        step(dt, input);
        loop.timeScale = replays.timeScale; // a replay at its speed, as on the main thread
      },
      write(prev, curr) {
        writePoses(game.poses, prev, curr);
      },
      receive(message) {
        const m = message as ReplayRequest;
        if (m.speed !== undefined) replays.speed = m.speed;
        if (m.save) post({ saved: replays.save() } satisfies ReplayReport);
        if (m.load) replays.load(m.load);
        if (m.refuse !== undefined) replays.refuse(new Error(m.refuse));
        report();
      },
      dispose() {
        clearInterval(timer);
        game.dispose();
      },
    };
  };
}
