/// <reference path="../../../../templates/rapier/src/rapier-wasm.d.ts" />
/**
 * The worker of the worker-mode benchmark: the rapier template's own Game (its physics, poses
 * and replays), served by `@loop/core/worker`, with the stick of input word 0 driving the ball.
 */
import { loadRapier } from 'virtual:rapier-wasm';
import { serveSimulation } from '@loop/core/worker';
import type { PoseLayout } from '@loop/rapier';
import { CONTROLS, MOVE_X } from '../../../../templates/rapier/src/controls';
import { Game, type GameOptions } from '../../../../templates/rapier/src/game';

serveSimulation<PoseLayout>(async ({ data }) => {
  await loadRapier();
  const game = new Game(data as GameOptions);
  const controls = new Float64Array(CONTROLS);
  return {
    update(dt, input) {
      controls[MOVE_X] = input[0]!;
      game.advance(dt, controls, false, false);
    },
    write(prev, curr) {
      prev.positions.set(game.poses.positions.previous);
      prev.orientations.set(game.poses.orientations.previous);
      curr.positions.set(game.poses.positions.current);
      curr.orientations.set(game.poses.orientations.current);
    },
  };
});
