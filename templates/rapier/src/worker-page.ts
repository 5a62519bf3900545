import type { WorkerLoop } from '@loop/core/worker';
import {
  drawnPoses,
  type PhysicsFigures,
  type ReplayRequest,
  replayWorkerLoop,
} from '@loop/rapier';
import { bindReplayControls } from '@loop/rapier/dom';
import { BUILD } from './build';
import { Controls } from './controls';
import { BOXES, draw, gameOptions, MAX_STEPS, type Page } from './page';
import { View } from './scene';
import { PressCounter, WORDS } from './words';

/**
 * The simulation in a worker (src/sim.worker.ts): Rapier steps there, off the page's main
 * thread, and this page draws the two newest poses of every body blended at the loop's alpha
 * (`replayWorkerLoop` of @loop/rapier: the same batch lerp and slerp as the main-thread mode).
 * The input goes to the worker as numbers (src/words.ts); the replay status and the physics
 * figures come back a few times a second; saving and loading a recording are messages, and so
 * is the progress of the worker's load of Rapier's WebAssembly (its failure reaches
 * `page.stopped`, as any error of the worker).
 */
export function startWorker(page: Page): { loop: WorkerLoop; figures: () => PhysicsFigures } {
  const { scope, input, panel, speed, renderer } = page;
  const options = gameOptions();
  const bodies = BOXES + 1;
  const view = new View(drawnPoses(bodies));
  page.onResize = (size) => view.resize(renderer, size);
  const controls = new Controls();
  const presses = new PressCounter();
  const frame = { time: 0, dt: options.timestep / 1000 };
  const worker = replayWorkerLoop({
    worker: new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module' }),
    bodies,
    poses: view.poses,
    input: WORDS,
    init: options,
    timestep: options.timestep,
    maxSteps: MAX_STEPS,
    onError: page.stopped,
    sample(words) {
      const sampled = input.sample();
      presses.write(words, controls.read(sampled), sampled);
    },
    render(_poses, snapshot, alpha) {
      page.loading.done(); // the worker is ready and this is its first frame
      frame.time = snapshot.time - frame.dt; // the previous step's time: alpha 0 draws it
      view.update(alpha, frame);
      draw(renderer, view);
    },
    onLoading: page.loading.progress,
    onStatus: (status) => {
      panel.source = status;
    },
    onSaved: (bytes) => panel.save(bytes, BUILD),
  });
  const send = (request: ReplayRequest) => worker.request(request);
  scope.add(worker.loop).start();
  bindReplayControls(
    scope,
    { speed, save: page.save, load: page.fileInput, panel },
    {
      speed: (value) => send({ speed: value }),
      save: () => send({ save: true }),
      load: (bytes) => send({ load: bytes }),
      refuse: (error) => send({ refuse: String(error) }),
    },
  );
  return { loop: worker.loop, figures: worker.figures };
}
