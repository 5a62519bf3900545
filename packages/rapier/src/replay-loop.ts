import { createLoop, type Loop, type LoopOptions, type LoopState } from '@loop/core';
import { noFigures, type PhysicsFigures, physicsFigures } from './figures.js';
import { type ReplayStatus, statusOf } from './replay-status.js';
import type { ReplayGame } from './replay-worker.js';

/** Options of {@link replayLoop}: `createLoop`'s, with the game's step and drawing. */
export interface ReplayLoopOptions<G extends ReplayGame>
  extends Omit<LoopOptions, 'update' | 'render'> {
  /** The game the loop steps and draws. */
  readonly game: G;
  /** One fixed step of exactly `dt`: the game reads this step's input and advances. */
  update(dt: number, loop: LoopState): void;
  /** Draws a frame: `game.poses` hold the poses blended at `alpha` already. */
  render(alpha: number, loop: LoopState): void;
}

/** A main-thread game's loop, with what its page reads. */
export interface ReplayLoop {
  readonly loop: Loop;
  /** The replay status, read live: the status line's source. */
  readonly status: ReplayStatus;
  /** The physics figures since the last call, for the overlay. */
  figures(): PhysicsFigures;
}

/**
 * The main-thread twin of {@link replayWorkerLoop}: `createLoop` of `@loop/core` around a Rapier
 * game with instant replay. After every fixed step the loop runs at the replay's speed (a replay
 * at the chosen speed, the live game at 1: the time scale changes how many steps a frame runs,
 * never `dt`); every frame blends the game's poses at alpha before `render` draws them. The
 * page keeps only its input and its drawing, and a game moves between the two modes unchanged.
 */
export function replayLoop<G extends ReplayGame>(options: ReplayLoopOptions<G>): ReplayLoop {
  const { game, update, render, ...rest } = options;
  if (typeof game?.advance !== 'function' || game.poses === undefined) {
    throw new RangeError(`replayLoop game must be a RapierGame, got ${String(game)}`);
  }
  const loop: Loop = createLoop({
    ...rest,
    update(dt, state) {
      update(dt, state);
      loop.timeScale = game.replays.timeScale;
    },
    render(alpha, state) {
      game.poses.blend(alpha); // batch lerp (positions) and slerp (orientations)
      render(alpha, state);
    },
  });
  const read = physicsFigures(game);
  const figures = noFigures();
  return { loop, status: statusOf(game.replays), figures: () => read(figures) };
}
