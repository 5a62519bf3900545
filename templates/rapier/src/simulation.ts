import type { Simulation, SimulationContext } from '@loop/core/worker';
import { type PoseLayout, writePoses } from '@loop/rapier';
import { noFigures, type PhysicsFigures, physicsFigures } from './figures';
import { Game, type GameOptions } from './game';
import { REFRESH_MS } from './page';
import { initPhysics } from './physics';
import { copyStatus, type ReplayStatus, statusOf } from './status';
import { PressReader } from './words';

/** What the page asks of the simulation (besides the input): one field per request. */
export interface ToWorker {
  speed?: number;
  save?: boolean;
  load?: Uint8Array;
  refuse?: string;
}

/** What the simulation tells the page. */
export interface FromWorker {
  status?: ReplayStatus;
  figures?: PhysicsFigures;
  saved?: Uint8Array;
  /** Bytes of Rapier's WebAssembly loaded, and of the whole file: the page's loading line. */
  loading?: [loaded: number, total: number];
}

/**
 * Worker mode's simulation, the setup src/sim.worker.ts hands `serveSimulation`: the very Game
 * of the main-thread mode, its input read from the page's words (src/words.ts), every pose
 * (before and after the step) written into the snapshot the page blends, and the replay status
 * and physics figures posted every {@link REFRESH_MS} and after each request. A module apart
 * from the worker's entry, so the unit tests run it in Node on a real Rapier world.
 */
export async function startSimulation({
  data,
  loop,
  post,
}: SimulationContext): Promise<Simulation<PoseLayout>> {
  await initPhysics((loaded, total) => post({ loading: [loaded, total] } satisfies FromWorker));
  const game = new Game(data as GameOptions);
  const presses = new PressReader();
  const status = statusOf(game.replays);
  const read = physicsFigures(game);
  const figures = noFigures();
  const report = () =>
    post({ status: copyStatus(status), figures: read(figures) } satisfies FromWorker);
  const timer = setInterval(report, REFRESH_MS);
  return {
    update(dt, input) {
      presses.read(input);
      game.advance(dt, presses.controls, presses.replay, presses.end);
      loop.timeScale = game.replays.timeScale; // a replay at its speed, as on the main thread
    },
    write(prev, curr) {
      writePoses(game.poses, prev, curr);
    },
    receive(message) {
      const m = message as ToWorker;
      if (m.speed !== undefined) game.replays.speed = m.speed;
      if (m.save) post({ saved: game.replays.save() } satisfies FromWorker);
      if (m.load) game.replays.load(m.load);
      if (m.refuse !== undefined) game.replays.refuse(new Error(m.refuse));
      report();
    },
    dispose() {
      clearInterval(timer);
      game.dispose();
    },
  };
}
