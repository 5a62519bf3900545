import { createLoop, type Loop } from '@loop/core';
import {
  type LoadProgress,
  noFigures,
  type PhysicsFigures,
  physicsFigures,
  statusOf,
} from '@loop/rapier';
import { BUILD } from './build';
import { Game } from './game';
import { draw, gameOptions, MAX_STEPS, type Page, pickedFile } from './page';
import { initPhysics } from './physics';
import { View } from './scene';

/**
 * The simulation on the page's main thread: the loop steps the Game and draws every frame
 * blended between its last two steps. Returns the loop and what the overlay reads.
 */
export function startMainThread(page: Page): { loop: Loop; figures: () => PhysicsFigures } {
  const { scope, input, panel, speed, renderer } = page;
  const options = gameOptions();
  const game = scope.add(new Game(options));
  const view = new View(game.poses);
  page.onResize = (size) => view.resize(renderer, size);
  panel.source = statusOf(game.replays);
  game.replays.speed = Number(speed.value);
  scope.listen(speed, 'change', () => {
    game.replays.speed = Number(speed.value);
  });
  scope.listen(page.save, 'click', () => panel.save(game.replays.save(), BUILD));
  scope.listen(page.fileInput, 'change', () => {
    const file = pickedFile(page.fileInput);
    const replays = game.replays;
    if (file)
      void panel.load(
        file,
        (bytes) => replays.load(bytes),
        (e) => replays.refuse(e),
      );
  });

  const loop = createLoop({
    timestep: options.timestep,
    maxSteps: MAX_STEPS,
    // A hook threw and the loop stopped: say so where the player looks (a file that cannot be
    // replayed never gets here: the InstantReplay shows it and the game goes on).
    onError: page.stopped,
    update(dt) {
      game.update(dt, input.sample()); // one world.step() of exactly dt, never the frame time
      // A replay plays at the chosen speed; the live game at 1. The loop's time scale changes
      // how many fixed steps a frame runs, never dt.
      loop.timeScale = game.replays.timeScale;
    },
    render(alpha, state) {
      page.loading.done(); // the first frame: the loading line goes
      game.poses.blend(alpha); // batch lerp (positions) and slerp (orientations)
      view.update(alpha, state); // composeMatrices, the ball, the camera
      draw(renderer, view);
    },
  });
  scope.add(loop).start();
  const read = physicsFigures(game);
  const figures = noFigures();
  return { loop, figures: () => read(figures) };
}

/**
 * Loads Rapier's WebAssembly, telling `onProgress` the bytes as they arrive, then gives
 * {@link startMainThread}: what main.ts awaits in this mode.
 */
export async function loadMainThread(onProgress: LoadProgress): Promise<typeof startMainThread> {
  await initPhysics(onProgress);
  return startMainThread;
}
