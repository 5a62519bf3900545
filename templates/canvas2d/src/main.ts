import { createLoop } from '@loop/core';
import {
  createInput,
  createScope,
  createStatsOverlay,
  stylePage,
  watchCanvas,
} from '@loop/core/dom';
import { describeMode, Game } from './game';
import { World } from './world';

/**
 * 30 steps a second on a 60 Hz (or faster) screen: between two steps there is at least one
 * frame with no new state. Interpolation fills it; without it the picture stutters.
 */
const SIMULATION_HZ = 30;
const BALLS = 200;

const canvas = document.querySelector<HTMLCanvasElement>('#game')!;
const toggle = document.querySelector<HTMLButtonElement>('#toggle')!;
const mode = document.querySelector<HTMLElement>('#mode')!;
const hud = document.querySelector<HTMLElement>('#hud')!;
// Full-viewport canvas and the HUD panel; style.css holds what is this game's own.
stylePage({ canvas, hud });
const ctx = canvas.getContext('2d', { alpha: false })!;

const world = new World(BALLS);
const game = new Game(world, ctx);

/** Everything this module starts, stopped in one call when a hot update replaces it. */
const scope = createScope();

// Space would also press a focused button; the game owns it. The HUD's buttons (data-key in
// index.html) tap their keys through the input, so a click or a touch acts at the same point
// of a step as the key.
const input = scope.add(createInput({ pointer: canvas, preventDefault: ['Space'], buttons: hud }));
scope.add(
  watchCanvas(canvas, (size) => {
    world.resize(size.width, size.height);
    game.ratio = size.ratio;
  }),
);

function showMode(): void {
  const text = describeMode(game.interpolate, SIMULATION_HZ);
  toggle.textContent = text.label;
  toggle.setAttribute('aria-pressed', text.pressed);
  mode.textContent = text.mode;
}
showMode();

const loop = createLoop({
  timestep: 1000 / SIMULATION_HZ,
  update(dt) {
    // Once per fixed step, before anything reads input; KeyI switches interpolation.
    if (game.update(dt, input.sample())) showMode();
  },
  // With interpolation off, the latest step as is (alpha 1): what a loop without it shows.
  render: (alpha) => game.render(alpha),
});
// The scope disposes it on a hot update. It pauses by itself while the tab is hidden, and
// resumes without a catch-up burst.
scope.add(loop).start();

scope.add(createStatsOverlay(loop, { label: `simulation ${SIMULATION_HZ} Hz` }));

if (import.meta.hot) {
  // An edit re-runs this module: stop everything it started, so two loops never run.
  import.meta.hot.dispose(scope.dispose);
  import.meta.hot.accept();
}
