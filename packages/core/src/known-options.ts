/**
 * The names of every option of every options object `@loop/core` takes, for the development
 * build's check of unknown options (checks.ts). Only checks.ts imports this module, so the
 * production build, which serves checks.production.ts in its place, carries none of it.
 *
 * Why refuse an unknown option: a misspelt one (`timeStep` for `timestep`, `maxFPS` for
 * `maxFps`) was ignored, and the game ran at the default without a word. Each list is typed
 * against its options interface, so an option added there and not here fails the typecheck.
 */
import type { BasicLoopOptions } from './basic-loop.js';
import type { FitCanvasOptions } from './dom/canvas.js';
import type { InputOptions } from './dom/input.js';
import type { StatsOverlayOptions } from './dom/overlay.js';
import type { RequireWebGLOptions } from './dom/webgl.js';
import type { LoopOptions } from './options.js';
import type { InstantReplayOptions } from './replay/instant-options.js';
import type { RecorderOptions } from './replay/recorder.js';
import type { TimerSchedulerOptions } from './run/scheduler.js';
import type { ClockOptions } from './time/clock.js';
import type { WorkerLoopOptions } from './worker/page-options.js';
import type { ServeOptions } from './worker/serve.js';

/** Every option of `T`, each as a key (the value is unused). */
type Names<T> = { readonly [K in keyof Required<T>]: 0 };

const time = { timestep: 0, maxDelta: 0, maxSteps: 0, overflow: 0, timeScale: 0 } as const;
const hooks = { update: 0, render: 0, begin: 0, end: 0, onDrop: 0, onError: 0 } as const;
const run = { maxFps: 0, scheduler: 0, pauseWhenHidden: 0 } as const;

const createLoop: Names<LoopOptions> = { ...hooks, ...time, ...run, mode: 0 };
const createWorkerLoop: Names<WorkerLoopOptions> = {
  ...time,
  ...run,
  worker: 0,
  snapshot: 0,
  input: 0,
  sample: 0,
  render: 0,
  onError: 0,
  onMessage: 0,
  init: 0,
  transport: 0,
};
const createBasicLoop: Names<BasicLoopOptions> = {
  update: 0,
  render: 0,
  onError: 0,
  timestep: 0,
  maxDelta: 0,
  maxSteps: 0,
};
const Clock: Names<ClockOptions> = { ...time, timeslice: 0 };
const timerScheduler: Names<TimerSchedulerOptions> = { interval: 0, now: 0 };
const serveSimulation: Names<ServeOptions> = { port: 0, scheduler: 0 };
const Recorder: Names<RecorderOptions> = { build: 0, timestep: 0, keep: 0 };
const InstantReplay: Names<InstantReplayOptions> = {
  build: 0,
  timestep: 0,
  instantSeconds: 0,
  instantTicks: 0,
  keepSeconds: 0,
  keepTicks: 0,
  keyframeSeconds: 0,
  keyframeTicks: 0,
  speed: 0,
};
const watchCanvas: Names<FitCanvasOptions> = { maxDpr: 0 };
const createInput: Names<InputOptions> = {
  pointer: 0,
  keyboard: 0,
  preventDefault: 0,
  buttons: 0,
};
const createStatsOverlay: Names<StatsOverlayOptions> = {
  parent: 0,
  position: 0,
  interval: 0,
  label: 0,
  lines: 0,
  collapsible: 0,
  storageKey: 0,
};
const requireWebGL: Names<RequireWebGLOptions> = { message: 0, parent: 0 };

/** The options objects, by the function or class that takes one. */
export const KNOWN_OPTIONS = {
  createLoop,
  createWorkerLoop,
  createBasicLoop,
  Clock,
  timerScheduler,
  serveSimulation,
  Recorder,
  InstantReplay,
  watchCanvas,
  createInput,
  createStatsOverlay,
  requireWebGL,
};

/** A function or class of `@loop/core` that takes an options object. */
export type OptionsOf = keyof typeof KNOWN_OPTIONS;

/** Edits (insert, delete, replace) from `a` to `b`: Levenshtein's distance. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/**
 * The known name nearest to `name`, ignoring case (`maxFPS` is `maxFps`), or undefined when
 * none is within a third of its length (at least 2 edits): then a list helps more than a guess.
 */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let least = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const candidate of known) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d < least) {
      least = d;
      best = candidate;
    }
  }
  return best;
}

/**
 * Throws a RangeError naming the first option of `options` that `api` does not take, and the
 * known one nearest to it (or every known one when none is near).
 */
export function checkKnownOptions(options: object, api: OptionsOf): void {
  const known = Object.keys(KNOWN_OPTIONS[api]);
  for (const name of Object.keys(options)) {
    if (known.includes(name)) continue;
    const near = nearestName(name, known);
    const hint = near ? `did you mean ${near}?` : `it takes ${known.join(', ')}`;
    throw new RangeError(`${api} has no option ${name} (it would be ignored): ${hint}`);
  }
}
