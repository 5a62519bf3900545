import { createLoop } from '@loop/core';
import {
  createInput,
  createScope,
  createStatsOverlay,
  stylePage,
  watchCanvas,
} from '@loop/core/dom';
import { WebGLRenderer } from 'three';
import { BUILD } from './build';
import { Game } from './game';
import { ReplayPanel } from './hud';
import { initPhysics } from './physics';
import { View } from './scene';

/** 60 steps a second: Rapier's own default, and smooth on most displays with interpolation. */
const SIMULATION_HZ = 60;
/** Boxes in the pile: 1 000 dynamic bodies plus the ball. */
const BOXES = 1000;
/**
 * At most 4 steps per frame (the default is 10). When 1 000 boxes are awake a step can cost
 * more than its 16.7 ms on a slow machine; with a low cap the game slows down and keeps
 * drawing several frames a second, instead of spending every frame on 10 steps and showing
 * one or two. The overlay's `dropped` counts the time given up.
 */
const MAX_STEPS = 4;
/** Seconds between keyframes (whole-state snapshots) of the recording: the Game's default. */
const KEYFRAME_SECONDS = 2;
/** How often the replay status is rewritten, in ms (the overlay keeps its own 250 ms). */
const REFRESH_MS = 250;

const canvas = document.querySelector<HTMLCanvasElement>('#game')!;
const status = document.querySelector<HTMLElement>('#replay')!;
const speed = document.querySelector<HTMLSelectElement>('#speed')!;
const fileInput = document.querySelector<HTMLInputElement>('#load')!;
stylePage({ canvas, hud: document.querySelector<HTMLElement>('#hud')! });

/** Everything this module starts, stopped in one call when a hot update replaces it. */
const scope = createScope();
let disposed = false;
scope.add(() => {
  disposed = true;
});
if (import.meta.hot) {
  // An edit re-runs this module: stop everything it started, so two loops never run.
  import.meta.hot.dispose(scope.dispose);
  import.meta.hot.accept();
}

await initPhysics();
if (!disposed) start();

function start(): void {
  const timestep = 1000 / SIMULATION_HZ;
  const game = scope.add(new Game({ boxes: BOXES, timestep, keyframeSeconds: KEYFRAME_SECONDS }));
  const view = new View(game.poses);
  const panel = new ReplayPanel(game.replays, status);
  const renderer = scope.add(new WebGLRenderer({ canvas, antialias: true }));
  const input = scope.add(createInput({ pointer: canvas, preventDefault: ['Space'] }));
  // watchCanvas sizes the canvas in device pixels (capped at 2 per CSS pixel); three.js draws
  // into exactly that, so its own pixel ratio stays 1.
  scope.add(watchCanvas(canvas, (size) => view.resize(renderer, size), { maxDpr: 2 }));

  // Buttons go through the input like the keys, so they act at the start of a step.
  scope.listen(document.querySelector('#instant')!, 'click', () => input.tap('KeyR'));
  scope.listen(document.querySelector('#save')!, 'click', () => panel.save(BUILD));
  game.replays.speed = Number(speed.value);
  scope.listen(speed, 'change', () => {
    game.replays.speed = Number(speed.value);
  });
  scope.listen(fileInput, 'change', () => {
    const file = fileInput.files?.[0];
    fileInput.value = ''; // the same file picked again fires change again
    if (file) void panel.load(file);
  });

  const loop = createLoop({
    timestep,
    maxSteps: MAX_STEPS,
    // A hook threw and the loop stopped: say so where the player looks (a file that cannot be
    // replayed never gets here: the InstantReplay shows it and the game goes on), the stack to the console.
    onError(error) {
      console.error(error);
      status.dataset.replay = 'error';
      status.textContent = `the game stopped: ${error instanceof Error ? error.message : String(error)}`;
    },
    update(dt) {
      game.update(dt, input.sample()); // one world.step() of exactly dt, never the frame time
      // A replay plays at the chosen speed; the live game at 1. The loop's time scale changes
      // how many fixed steps a frame runs, never dt.
      loop.timeScale = game.replays.timeScale;
    },
    render(alpha, state) {
      game.poses.blend(alpha); // batch lerp (positions) and slerp (orientations)
      view.update(alpha, state); // composeMatrices, the ball, the camera
      renderer.render(view.scene, view.camera);
    },
  });
  scope.add(loop).start();

  let stepsBefore = 0;
  let msBefore = 0;
  let ms = 0;
  // Rapier's step time averaged since the overlay's last refresh (one step's time jumps
  // around); kept as it was when no step ran since. The keyframe line: the latest keyframe's
  // snapshot, the one step every KEYFRAME_SECONDS that costs more and allocates.
  const physicsLines = () => {
    const physics = game.physics;
    const replays = game.replays;
    const steps = game.steps - stepsBefore;
    if (steps > 0) ms = (physics.stepMsTotal - msBefore) / steps;
    stepsBefore = game.steps;
    msBefore = physics.stepMsTotal;
    return (
      `bodies     ${physics.count} (${game.poses.active} awake)\n` +
      `physics    ${ms.toFixed(2)} ms / step\n` +
      `keyframe   ${replays.keyframeMs.toFixed(1)} ms, ${(replays.keyframeBytes / 1e6).toFixed(1)} MB / ${KEYFRAME_SECONDS} s`
    );
  };
  scope.add(createStatsOverlay(loop, { label: `rapier ${SIMULATION_HZ} Hz`, lines: physicsLines }));
  panel.refresh();
  const timer = setInterval(() => panel.refresh(), REFRESH_MS);
  scope.add(() => clearInterval(timer));
}
