import { loadRapier } from 'virtual:rapier-wasm';
import { replaySimulation, wordsGame } from '@loop/rapier';
import { CONTROLS, PULSES } from './controls';
import { Game, type GameOptions } from './game';

/**
 * Worker mode's simulation, the setup src/sim.worker.ts serves: `replaySimulation` of
 * @loop/rapier around the very Game of the main-thread mode, stepped from the page's control
 * words (`wordsGame`). A module apart from the worker's entry, so the tests run it in Node.
 */
export const startSimulation = replaySimulation({
  load: loadRapier,
  start: (data) => wordsGame(new Game(data as GameOptions), CONTROLS, PULSES),
});
