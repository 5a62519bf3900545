import { createLoop } from '@loop/core';
import {
  createInput,
  createScope,
  createStatsOverlay,
  requireWebGL,
  stylePage,
  watchCanvas,
} from '@loop/core/dom';
import { WebGLRenderer } from 'three';
import { Bodies } from './bodies';
import { Game } from './game';
import { createView, frameScene } from './scene';

/**
 * 30 steps a second keeps the blend easy to see; every frame between two steps is drawn at
 * its own point by lerp (position) and slerp (orientation). 60 is the usual choice for a game.
 */
const SIMULATION_HZ = 30;
/**
 * Few enough that each body's orientation is easy to follow. The frame path does not change
 * with the count (one instanced mesh per shape, its matrices written from the blended arrays):
 * set 1 000 or 10 000 and the same code draws them.
 */
const COUNT = 48;

const canvas = document.querySelector<HTMLCanvasElement>('#game')!;
const hud = document.querySelector<HTMLElement>('#hud')!;
document.querySelector('#hz')!.textContent = String(SIMULATION_HZ);
// Full-viewport canvas and the HUD panel; style.css holds what is this game's own.
stylePage({ canvas, hud });

/** Everything this module starts, stopped in one call when a hot update replaces it. */
const scope = createScope();

// Without WebGL (turned off, a blocked GPU) the page says so and the rest runs undrawn.
const renderer = requireWebGL() ? scope.add(new WebGLRenderer({ canvas, antialias: true })) : null;
const bodies = new Bodies(COUNT);
const view = createView(COUNT);
const game = new Game(bodies, view);

// The HUD's buttons (data-key in index.html) tap their keys through the input, so a click or
// a touch acts at the start of a step, as the key does.
const input = scope.add(createInput({ pointer: canvas, buttons: hud }));
// watchCanvas sizes the canvas in device pixels (capped at 2 per CSS pixel); three.js draws
// into exactly that, so its own pixel ratio stays 1.
scope.add(
  watchCanvas(
    canvas,
    (size) => {
      renderer?.setSize(size.pixelWidth, size.pixelHeight, false);
      // The whole swarm in view, landscape or portrait.
      frameScene(view, size.width / Math.max(1, size.height));
    },
    { maxDpr: 2 },
  ),
);

const loop = createLoop({
  timestep: 1000 / SIMULATION_HZ,
  update(dt) {
    game.update(dt, input.sample()); // input sampled once per fixed step; T and Y teleport
  },
  render(alpha) {
    game.render(alpha); // lerp, slerp, one matrix per body straight into the instanced meshes
    renderer?.render(view.scene, view.camera);
  },
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
