import type { Loop, LoopState } from '@loop/core';
import type { CanvasSize, Input, InputSnapshot, Scope } from '@loop/core/dom';
import type { WorkerLoop } from '@loop/core/worker';
import { ControlWords } from '../control-words.js';
import { type DrawnPoses, drawnPoses } from '../drawn-poses.js';
import type { PhysicsFigures } from '../figures.js';
import type { FrameTime } from '../frame-time.js';
import { replayLoop } from '../replay-loop.js';
import { replayWorkerLoop } from '../replay-page.js';
import type { ReplayGame, ReplayRequest } from '../replay-worker.js';
import { bindReplayControls, type ReplayControls } from './replay-controls.js';

/**
 * A game's drawing, made by the game for the poses a mode blends (the game's own on the main
 * thread, the worker's snapshots blended in worker mode): the only page code that differs
 * between two games besides their controls.
 */
export interface PageView {
  /** Draws a frame: the poses hold the blend at `alpha` already. */
  draw(alpha: number, frame: FrameTime): void;
  /** The canvas changed size (device pixels in `size.pixelWidth` and `pixelHeight`). */
  resize(size: CanvasSize): void;
  /** Frees what the view holds (its renderer), when the page is disposed. */
  dispose?(): void;
}

/** Turns one input sample into a tick's controls: the game's `Controls`. */
export interface ControlSource {
  /** The controls of the latest read: its length is the numbers per tick. */
  readonly values: Float64Array;
  read(input: InputSnapshot): Float64Array;
}

/** What both modes get from the page start-up. */
export interface ModePage {
  readonly scope: Scope;
  readonly input: Input;
  readonly controls: ControlSource;
  /** The indices of the controls that last one tick (a jump): counted in worker mode. */
  readonly pulses: readonly number[];
  readonly replayKey: string;
  readonly endKey: string;
  /** The replay status line, its speed, save and load controls. */
  readonly replay: ReplayControls;
  /** This build's id, which saved recordings are named with. */
  readonly build: string;
  readonly timestep: number;
  readonly maxSteps: number | undefined;
  /** Makes the game's drawing for the poses the mode blends. */
  view(poses: DrawnPoses): PageView;
  /** Called as each frame is drawn (the loading line goes, the opening keys are tapped). */
  drawn(): void;
  /** The worker's load of Rapier, in bytes. */
  progress(loaded: number, total: number): void;
  /** The game stopped: said on the page. */
  stopped(error: unknown): void;
}

/** A mode started: its loop, and the physics figures for the overlay. */
export interface StartedMode {
  readonly loop: Loop | WorkerLoop;
  figures(): PhysicsFigures;
}

/**
 * The simulation on the page's main thread: `replayLoop` steps `game` with each step's input
 * read into controls (and the replay and end keys), runs at the replay's speed during one, and
 * draws every frame blended between its last two steps; the replay controls act on the game's
 * `InstantReplay` directly.
 */
export function startMainThread(page: ModePage, game: ReplayGame): StartedMode {
  const { scope, input, controls, replay, replayKey, endKey } = page;
  scope.add(game);
  const view = page.view(game.poses);
  const replays = game.replays;
  bindReplayControls(scope, replay, {
    speed: (value) => {
      replays.speed = value;
    },
    save: () => replay.panel.save(replays.save(), page.build),
    load: (bytes) => replays.load(bytes),
    refuse: (error) => replays.refuse(error),
  });
  const { loop, status, figures } = replayLoop({
    game,
    timestep: page.timestep,
    maxSteps: page.maxSteps,
    // A hook threw and the loop stopped: say so where the player looks.
    onError: page.stopped,
    update(dt) {
      const sampled = input.sample(); // one world.step() of exactly dt, never the frame time
      game.advance(
        dt,
        controls.read(sampled),
        sampled.wasPressed(replayKey),
        sampled.wasPressed(endKey),
      );
    },
    render(alpha, state: LoopState) {
      page.drawn();
      view.draw(alpha, state);
    },
  });
  replay.panel.source = status;
  scope.add(loop).start();
  return { loop, figures };
}

/**
 * The simulation in a worker (`replaySimulation` there): this page draws the two newest poses of
 * every body blended at the loop's alpha, sends the input as control words ({@link ControlWords}:
 * presses counted, so none is lost or doubled), and asks the worker's replay by message.
 */
export function startWorker(
  page: ModePage,
  worker: Worker,
  bodies: number,
  init: unknown,
): StartedMode {
  const { scope, input, controls, replay, replayKey, endKey } = page;
  const words = new ControlWords(controls.values.length, page.pulses);
  const poses = drawnPoses(bodies);
  const view = page.view(poses);
  const frame = { time: 0, dt: page.timestep / 1000 };
  const loop = replayWorkerLoop({
    worker,
    bodies,
    poses,
    input: words.words,
    init,
    timestep: page.timestep,
    maxSteps: page.maxSteps,
    onError: page.stopped,
    sample(out) {
      const sampled = input.sample();
      const read = controls.read(sampled);
      words.write(out, read, sampled.wasPressed(replayKey), sampled.wasPressed(endKey));
    },
    render(_poses, snapshot, alpha) {
      page.drawn(); // the worker is ready and this is its first frame
      frame.time = snapshot.time - frame.dt; // the previous step's time: alpha 0 draws it
      view.draw(alpha, frame);
    },
    onLoading: page.progress,
    onStatus: (status) => {
      replay.panel.source = status;
    },
    onSaved: (bytes) => replay.panel.save(bytes, page.build),
  });
  const send = (request: ReplayRequest) => loop.request(request);
  scope.add(loop.loop).start();
  bindReplayControls(scope, replay, {
    speed: (value) => send({ speed: value }),
    save: () => send({ save: true }),
    load: (bytes) => send({ load: bytes }),
    refuse: (error) => send({ refuse: String(error) }),
  });
  return { loop: loop.loop, figures: loop.figures };
}
