/**
 * Worker mode's simulation for the page start-up's browser test: the tests' BoxGame served
 * with `replaySimulation`, stepped from the page's control words (two controls, control 1 a
 * pulse), Rapier loaded in the worker by the package's own loader. `init` is the column's
 * number of boxes.
 */
import { serveSimulation } from '@loop/core/worker';
import { wordsGame } from '../control-words.js';
import { replaySimulation } from '../replay-worker.js';
import type { PoseLayout } from '../worker-poses.js';
import { loadRapier } from './rapier.js';
import { BoxGame } from './replay-game.js';

serveSimulation<PoseLayout>(
  replaySimulation({
    load: loadRapier,
    start: (data) => wordsGame(new BoxGame(data as number), 2, [1]),
    refreshMs: 50,
  }),
);
