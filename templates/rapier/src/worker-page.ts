import { createWorkerLoop, type WorkerLoop } from '@loop/core/worker';
import {
  blendSnapshot,
  drawnPoses,
  FiguresInbox,
  type PhysicsFigures,
  poseLayout,
  type ReplayReport,
  type ReplayRequest,
} from '@loop/rapier';
import { BUILD } from './build';
import { Controls } from './controls';
import { BOXES, draw, gameOptions, MAX_STEPS, type Page, pickedFile } from './page';
import { View } from './scene';
import { PressCounter, WORDS } from './words';

/**
 * The simulation in a worker (src/sim.worker.ts): Rapier steps there, off the page's main
 * thread, and this page draws the two newest poses of every body blended at the loop's alpha
 * with the same batch lerp and slerp as the main-thread mode. The input goes to the worker as
 * numbers (src/words.ts); the replay status and the physics figures come back a few times a
 * second; saving and loading a recording are messages, and so is the progress of the worker's
 * load of Rapier's WebAssembly (its failure reaches `page.stopped`, as any error of the worker).
 */
export function startWorker(page: Page): { loop: WorkerLoop; figures: () => PhysicsFigures } {
  const { scope, input, panel, speed, renderer } = page;
  const options = gameOptions();
  const bodies = BOXES + 1;
  const poses = drawnPoses(bodies);
  const view = new View(poses);
  page.onResize = (size) => view.resize(renderer, size);
  const controls = new Controls();
  const presses = new PressCounter();
  const frame = { time: 0, dt: options.timestep / 1000 };
  const figures = new FiguresInbox(bodies);
  const send = (message: ReplayRequest) => loop.post(message);

  const loop = createWorkerLoop({
    worker: new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module' }),
    snapshot: poseLayout(bodies),
    input: WORDS,
    init: options,
    timestep: options.timestep,
    maxSteps: MAX_STEPS,
    onError: page.stopped,
    sample(words) {
      const sampled = input.sample();
      presses.write(words, controls.read(sampled), sampled);
    },
    render(snapshot, alpha) {
      page.loading.done(); // the worker is ready and this is its first frame
      blendSnapshot(poses, snapshot, alpha); // the batch lerp and slerp of the main thread
      frame.time = snapshot.time - frame.dt; // the previous step's time: alpha 0 draws it
      view.update(alpha, frame);
      draw(renderer, view);
    },
    onMessage(data) {
      const message = data as ReplayReport;
      if (message.loading) page.loading.progress(message.loading[0], message.loading[1]);
      if (message.status) panel.source = message.status;
      if (message.figures) figures.receive(message.figures);
      if (message.saved) panel.save(message.saved, BUILD);
    },
  });
  scope.add(loop).start();
  send({ speed: Number(speed.value) });
  scope.listen(speed, 'change', () => send({ speed: Number(speed.value) }));
  scope.listen(page.save, 'click', () => send({ save: true }));
  scope.listen(page.fileInput, 'change', () => {
    const file = pickedFile(page.fileInput);
    const refuse = (error: unknown) => send({ refuse: String(error) });
    if (file) void panel.load(file, (bytes) => send({ load: bytes }), refuse);
  });
  return {
    loop,
    figures: () => figures.read(),
  };
}
