import {
  createWorkerLoop,
  type Snapshot,
  type WorkerLoop,
  type WorkerLoopOptions,
} from '@loop/core/worker';
import { type DrawnPoses, drawnPoses } from './drawn-poses.js';
import { FiguresInbox, type PhysicsFigures } from './figures.js';
import type { ReplayStatus } from './replay-status.js';
import type { ReplayReport, ReplayRequest } from './replay-worker.js';
import { blendSnapshot, type PoseLayout, poseLayout } from './worker-poses.js';

/** Options of {@link replayWorkerLoop}: `createWorkerLoop`'s, less what the bodies decide. */
export interface ReplayWorkerLoopOptions
  extends Omit<WorkerLoopOptions<PoseLayout>, 'snapshot' | 'render' | 'onMessage'> {
  /** Bodies of the worker's game: the snapshot layout and the drawn arrays follow from it. */
  readonly bodies: number;
  /** Where the blend goes, made by the page (its view draws from it). Default new arrays. */
  readonly poses?: DrawnPoses;
  /** Draws a frame: `poses` hold the snapshot blended at `alpha` already. */
  render(poses: DrawnPoses, snapshot: Snapshot<PoseLayout>, alpha: number): void;
  /** The worker's load of Rapier, in bytes: the page's loading line. */
  onLoading?(loaded: number, total: number): void;
  /** The replay status, a few times a second and after each request: the status line. */
  onStatus?(status: ReplayStatus): void;
  /** The bytes of a recording asked for with `request({ save: true })`. */
  onSaved?(bytes: Uint8Array): void;
}

/** A page's end of {@link replaySimulation}: its loop, what it draws, and its requests. */
export interface ReplayWorkerLoop {
  readonly loop: WorkerLoop;
  /** The poses blended for the latest frame. */
  readonly poses: DrawnPoses;
  /** The physics figures the worker reported, for the overlay (the moving peak since last read). */
  figures(): PhysicsFigures;
  /** Asks the worker's replay: a speed, a save, a recording to play, a file refused. */
  request(request: ReplayRequest): void;
}

/**
 * Worker mode's page for a game served with {@link replaySimulation}: `createWorkerLoop` of
 * `@loop/core/worker` with the snapshot laid out from the bodies ({@link poseLayout}), every
 * frame's poses blended from the worker's two newest ({@link blendSnapshot}, the main thread's
 * batch lerp and slerp) before `render` draws them, and the worker's reports handed out: the
 * loading progress, the replay status, saved recordings and the overlay's figures
 * ({@link FiguresInbox}). The page keeps only its drawing, its input and its buttons.
 */
export function replayWorkerLoop(options: ReplayWorkerLoopOptions): ReplayWorkerLoop {
  const { bodies, poses: given, render, onLoading, onStatus, onSaved, ...rest } = options;
  const snapshot = poseLayout(bodies); // checks bodies first, naming it
  const poses = given ?? drawnPoses(bodies);
  if (poses.count !== bodies) {
    throw new RangeError(`replayWorkerLoop poses must hold ${bodies} bodies, got ${poses.count}`);
  }
  const inbox = new FiguresInbox(bodies);
  const loop = createWorkerLoop<PoseLayout>({
    ...rest,
    snapshot,
    render(frame, alpha) {
      blendSnapshot(poses, frame, alpha);
      render(poses, frame, alpha);
    },
    onMessage(data) {
      const report = data as ReplayReport;
      if (report.loading) onLoading?.(report.loading[0], report.loading[1]);
      if (report.status) onStatus?.(report.status);
      if (report.figures) inbox.receive(report.figures);
      if (report.saved) onSaved?.(report.saved);
    },
  });
  return {
    loop,
    poses,
    figures: () => inbox.read(),
    request: (request) => loop.post(request),
  };
}
