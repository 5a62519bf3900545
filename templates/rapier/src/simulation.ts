import { replaySimulation } from '@loop/rapier';
import { Game, type GameOptions } from './game';
import { loadRapier } from './load-rapier';
import { REFRESH_MS } from './page';
import { PressReader } from './words';

/**
 * Worker mode's simulation, the setup src/sim.worker.ts hands `serveSimulation`: `replaySimulation`
 * of @loop/rapier around the very Game of the main-thread mode, its input read from the page's
 * words (src/words.ts). The package loads Rapier (posting the bytes for the loading line), writes
 * every pose into the snapshot the page blends, answers the replay requests and reports the
 * status and physics figures every {@link REFRESH_MS}. A module apart from the worker's entry, so
 * the unit tests run it in Node on a real Rapier world.
 */
export const startSimulation = replaySimulation({
  load: loadRapier,
  refreshMs: REFRESH_MS,
  start(data) {
    const game = new Game(data as GameOptions);
    const presses = new PressReader();
    return {
      game,
      step(dt, input) {
        presses.read(input);
        game.advance(dt, presses.controls, presses.replay, presses.end);
      },
    };
  },
});
