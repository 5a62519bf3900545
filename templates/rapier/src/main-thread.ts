import type { Loop } from '@loop/core';
import { type LoadProgress, type PhysicsFigures, replayLoop } from '@loop/rapier';
import { bindReplayControls } from '@loop/rapier/dom';
import { BUILD } from './build';
import { Game } from './game';
import { draw, gameOptions, MAX_STEPS, type Page } from './page';
import { initPhysics } from './physics';
import { View } from './scene';

/**
 * The simulation on the page's main thread: the loop (`replayLoop` of @loop/rapier) steps the
 * Game, runs at the replay's speed during one, and draws every frame blended between its last
 * two steps. Returns the loop and what the overlay reads.
 */
export function startMainThread(page: Page): { loop: Loop; figures: () => PhysicsFigures } {
  const { scope, input, panel, speed, renderer } = page;
  const options = gameOptions();
  const game = scope.add(new Game(options));
  const view = new View(game.poses);
  page.onResize = (size) => view.resize(renderer, size);
  const replays = game.replays;
  bindReplayControls(
    scope,
    { speed, save: page.save, load: page.fileInput, panel },
    {
      speed: (value) => {
        replays.speed = value;
      },
      save: () => panel.save(replays.save(), BUILD),
      load: (bytes) => replays.load(bytes),
      refuse: (error) => replays.refuse(error),
    },
  );

  const { loop, status, figures } = replayLoop({
    game,
    timestep: options.timestep,
    maxSteps: MAX_STEPS,
    // A hook threw and the loop stopped: say so where the player looks (a file that cannot be
    // replayed never gets here: the InstantReplay shows it and the game goes on).
    onError: page.stopped,
    update(dt) {
      game.update(dt, input.sample()); // one world.step() of exactly dt, never the frame time
    },
    render(alpha, state) {
      page.loading.done(); // the first frame: the loading line goes
      view.update(alpha, state); // the poses blended already: the matrices, the ball, the camera
      draw(renderer, view);
    },
  });
  panel.source = status;
  scope.add(loop).start();
  return { loop, figures };
}

/**
 * Loads Rapier's WebAssembly, telling `onProgress` the bytes as they arrive, then gives
 * {@link startMainThread}: what main.ts awaits in this mode.
 */
export async function loadMainThread(onProgress: LoadProgress): Promise<typeof startMainThread> {
  await initPhysics(onProgress);
  return startMainThread;
}
