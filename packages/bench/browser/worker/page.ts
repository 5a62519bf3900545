/// <reference path="../../../../templates/rapier/src/rapier-wasm.d.ts" />
import { loadRapier } from 'virtual:rapier-wasm';
import { composeMatrices, createLoop, type Loop, lerpArray, slerpArray } from '@loop/core';
import { createWorkerLoop, type WorkerLoop } from '@loop/core/worker';
import { poseLayout } from '@loop/rapier';
import { busyPage } from '@loop/rapier/dom';
import { CONTROLS, MOVE_X } from '../../../../templates/rapier/src/controls';
import { Game } from '../../../../templates/rapier/src/game';

/**
 * The worker-mode benchmark's page (worker-run.mjs drives it in headless Chromium): the rapier
 * template's Game with `bodies` boxes, either stepped on this page by `createLoop` or in a
 * worker by `createWorkerLoop`, and every frame the same page-side work of both: blend the
 * poses (batch lerp and slerp) and compose the instance matrices. WebGL drawing is left out:
 * it costs the same in both modes. Measures the page's JavaScript time per frame, the ticks per
 * real second while the page is blocked, and the time from an input to the first frame that
 * shows a step that consumed it.
 */

export type Mode = 'main' | 'worker';

/** What one run measured. */
export interface Measured {
  /** Mean ms of the page's own JavaScript per rendered frame (loop, steps, blend, matrices). */
  jsMs: number;
  /** Ticks per real second over the run. */
  ticksPerSecond: number;
  /** Mean ms from an input to the first frame showing a step that consumed it. */
  latencyMs: number;
  /** Frames the page rendered. */
  frames: number;
}

declare global {
  interface Window {
    workerBench: {
      run(mode: Mode, bodies: number, seconds: number, busyMs: number): Promise<Measured>;
    };
  }
}

const TIMESTEP = 1000 / 60;
const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

/** The blend and matrix write every frame does in both modes. */
function drawer(bodies: number) {
  const positions = new Float32Array(3 * bodies);
  const orientations = new Float32Array(4 * bodies);
  const matrices = new Float32Array(16 * bodies);
  return (
    prevP: ArrayLike<number>,
    currP: ArrayLike<number>,
    prevO: ArrayLike<number>,
    currO: ArrayLike<number>,
    alpha: number,
  ) => {
    lerpArray(positions, prevP, currP, alpha);
    slerpArray(orientations, prevO, currO, alpha);
    composeMatrices(matrices, positions, orientations);
  };
}

async function run(mode: Mode, bodies: number, seconds: number, busyMs: number): Promise<Measured> {
  const options = { boxes: bodies - 1, timestep: TIMESTEP, keyframeSeconds: 2 };
  const draw = drawer(bodies);
  let stick = 0;
  let changes = 0;
  /** When the current input was made (ms), and whether a frame showed it yet. */
  let madeAt = 0;
  let shown = true;
  const latencies: number[] = [];
  let jsMs = 0;
  let frames = 0;
  const showIf = (seen: boolean) => {
    if (!shown && seen) {
      shown = true;
      latencies.push(performance.now() - madeAt);
    }
  };
  let loop: Loop | WorkerLoop;
  if (mode === 'main') {
    await loadRapier();
    const game = new Game(options);
    const controls = new Float64Array(CONTROLS);
    let consumed = 0;
    loop = createLoop({
      timestep: TIMESTEP,
      maxSteps: 4,
      scheduler: 'manual',
      update(dt) {
        controls[MOVE_X] = stick;
        consumed = changes;
        game.advance(dt, controls, false, false);
      },
      render(alpha) {
        const p = game.poses;
        draw(
          p.positions.previous,
          p.positions.current,
          p.orientations.previous,
          p.orientations.current,
          alpha,
        );
        showIf(consumed === changes);
      },
    });
  } else {
    loop = createWorkerLoop({
      worker: new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module' }),
      snapshot: poseLayout(bodies),
      input: 1,
      init: options,
      timestep: TIMESTEP,
      maxSteps: 4,
      scheduler: 'manual',
      sample(words) {
        words[0] = stick;
      },
      render(s, alpha) {
        draw(s.prev.positions, s.curr.positions, s.prev.orientations, s.curr.orientations, alpha);
        showIf(s.inputSeq >= changes);
      },
    });
  }
  // The page's time per frame: from the start of our rAF callback to its end.
  const timed = loop.frame.bind(loop);
  let stopTiming = false;
  const scheduleTimed = async () => {
    while (!stopTiming) {
      const now = await frame();
      const start = performance.now();
      timed(now);
      jsMs += performance.now() - start;
      frames++;
    }
  };
  // Frames are driven here, one timed rAF callback each (the loops' scheduler is manual).
  loop.start();
  const stopBusy = busyMs > 0 ? busyPage(busyMs) : () => {};
  const inputs = setInterval(
    () => {
      stick = stick > 0 ? -1 : 1;
      changes++;
      madeAt = performance.now();
      shown = false;
    },
    250 + Math.random() * 16,
  );
  if ('health' in loop) while (loop.health.snapshots === 0) timed(await frame());
  const startTick = loop.tick;
  const startTime = performance.now();
  void scheduleTimed();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const ticksPerSecond = ((loop.tick - startTick) * 1000) / (performance.now() - startTime);
  stopTiming = true;
  clearInterval(inputs);
  stopBusy();
  loop.dispose();
  const latencyMs = latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length);
  return { jsMs: jsMs / Math.max(1, frames), ticksPerSecond, latencyMs, frames };
}

window.workerBench = { run };
