import { createLoop } from '@loop/core';
import {
  createInput,
  createScope,
  createStatsOverlay,
  stylePage,
  watchCanvas,
} from '@loop/core/dom';
import { draw } from './draw';
import { Swarm } from './swarm';

/**
 * Phones: 30 fps halves the GPU and CPU work of 60 and is smooth enough for most games.
 * The simulation still steps at 60 Hz (two steps a frame at 30 fps), so the game plays the
 * same at either cap.
 */
const DEFAULT_FPS = 30;
/** More than 2 device pixels per CSS pixel costs fill rate and battery for little to see. */
const MAX_DPR = 2;

const canvas = document.querySelector<HTMLCanvasElement>('#game')!;
const capButtons = document.querySelectorAll<HTMLButtonElement>('#hud button[data-fps]');
// Full-viewport canvas and the HUD panel; style.css holds what is this game's own.
stylePage({ canvas, hud: document.querySelector<HTMLElement>('#hud')! });
const ctx = canvas.getContext('2d', { alpha: false })!;

const swarm = new Swarm(400);
const scratch = new Float64Array(swarm.count * 2);
let ratio = 1;

/** Everything this module starts, stopped in one call when a hot update replaces it. */
const scope = createScope();

const input = scope.add(createInput({ pointer: canvas }));
scope.add(
  watchCanvas(
    canvas,
    (size) => {
      swarm.resize(size.width, size.height);
      ratio = size.ratio;
    },
    { maxDpr: MAX_DPR },
  ),
);

const loop = createLoop({
  maxFps: DEFAULT_FPS,
  update(dt) {
    swarm.step(dt, input.sample()); // input sampled once per fixed step
  },
  render(alpha) {
    draw(ctx, swarm, alpha, ratio, scratch);
  },
});
// Stops while the page is hidden (app switch, locked screen): no work, no battery. It resumes
// where it was, without replaying the hidden time.
scope.add(loop).start();

const overlay = scope.add(
  createStatsOverlay(loop, { label: `cap ${DEFAULT_FPS} fps · dpr ≤ ${MAX_DPR}` }),
);

/** The FPS cap is a render setting, not game state: it changes at once, outside the steps. */
function setCap(fps: number): void {
  loop.maxFps = fps;
  overlay.label = `cap ${fps} fps · dpr ≤ ${MAX_DPR}`;
  for (const button of capButtons) {
    button.setAttribute('aria-pressed', String(Number(button.dataset.fps) === fps));
  }
}
const onCap = (event: Event) => {
  setCap(Number((event.currentTarget as HTMLButtonElement).dataset.fps));
};
for (const button of capButtons) scope.listen(button, 'click', onCap);

if (import.meta.hot) {
  // An edit re-runs this module: stop everything it started, so two loops never run.
  import.meta.hot.dispose(scope.dispose);
  import.meta.hot.accept();
}
