import {
  createInput,
  createScope,
  createStatsOverlay,
  type Scope,
  stylePage,
  watchCanvas,
} from '@loop/core/dom';
import type { LoadProgress } from '../counted.js';
import type { DrawnPoses } from '../drawn-poses.js';
import { type LoadingView, showLoading } from '../loading-line.js';
import { overlayLines } from '../overlay-lines.js';
import { firstStatus } from '../replay-status.js';
import type { ReplayGame } from '../replay-worker.js';
import { BUSY_MS, busyPage } from './busy.js';
import { foldHud, SMALL_SCREEN, statsFoldRemembered } from './hud-fold.js';
import { PAGE_IDS, type PageElements, pageElements } from './page-elements.js';
import { fillHud } from './page-hud.js';
import {
  type ControlSource,
  type ModePage,
  type PageView,
  type StartedMode,
  startMainThread,
  startWorker,
} from './page-modes.js';
import { addPageStyle } from './page-style.js';
import { ReplayPanel } from './replay-panel.js';

/** Where the simulation runs: on the page's main thread, or in a worker (`?mode=worker`). */
export type PageMode = 'main' | 'worker';

/** Options of {@link startRapierPage}: this game's choices; the page does the rest. */
export interface RapierPageOptions<G extends ReplayGame> {
  /** The stats overlay's title, e.g. `rapier 60 Hz`. */
  readonly label: string;
  /** The loop's fixed step, in ms. */
  readonly timestep: number;
  /** At most this many steps a frame (`createLoop`'s `maxSteps`). Default core's. */
  readonly maxSteps?: number;
  /** Seconds between the recording's keyframes: the overlay says it. */
  readonly keyframeSeconds: number;
  /** Bodies of the game (worker mode's snapshot is laid out for them). */
  readonly bodies: number;
  /** What worker mode's simulation makes its game from (`replaySimulation`'s `start(data)`). */
  readonly init: unknown;
  /** Turns each step's (or frame's, in worker mode) input into the game's controls. */
  readonly controls: ControlSource;
  /** The indices of the controls that last one tick (a jump), counted in worker mode. */
  readonly pulses: readonly number[];
  /** This build's id: saved recordings are named with it. */
  readonly build: string;
  /** Loads Rapier (telling `progress` the bytes) and makes the game: main-thread mode. */
  mainThread(progress: LoadProgress): Promise<G>;
  /**
   * Starts the worker that serves the game with `replaySimulation`: worker mode
   * (`?mode=worker`). Without it the game runs on the main thread whatever the URL says.
   */
  worker?(): Worker;
  /** Makes the game's drawing on `canvas` for the poses a mode blends. */
  view(poses: DrawnPoses, canvas: HTMLCanvasElement): PageView;
  /** Keys tapped once the scene shows (the second frame, after the shaders compile). */
  readonly openingKeys?: readonly string[];
  /** Keys whose browser default is prevented (Space scrolls). Default `['Space']`. */
  readonly preventDefault?: readonly string[];
  /** The key of an instant replay. Default `KeyR`. */
  readonly replayKey?: string;
  /** The key that ends a replay. Default `Escape`. */
  readonly endKey?: string;
  /** How often the status line is rewritten, in ms. Default 250. */
  readonly refreshMs?: number;
  /** What saved recordings' file names start with. Default `rapier`. */
  readonly file?: string;
}

/** A page started: its mode, and the call that stops everything it started (a hot update). */
export interface RapierPage {
  readonly mode: PageMode;
  /** Resolves once the mode started, or failed and said so on the page. */
  readonly started: Promise<void>;
  dispose(): void;
}

/**
 * The page of a Rapier game with instant replay, from the document's HUD (see
 * {@link pageElements}; the replay's parts it lacks are added, {@link fillHud}): the mode from the URL (`?mode=worker`, and `&busy=1` for the busy
 * page), Rapier loaded behind the loading line (on this thread, or by the worker: worker mode's
 * page never loads Rapier), the input with the HUD's buttons, the loop of the mode, the view
 * sized to the canvas, the stats overlay, the replay status line and its controls, the HUD and
 * the overlay folded on a small screen. Every game of this kind needs the same start-up; the
 * game gives only its controls, its drawing and its game. Returns at once; `dispose` stops all
 * of it (`import.meta.hot.dispose(page.dispose)`), so two simulations never run.
 */
export function startRapierPage<G extends ReplayGame>(options: RapierPageOptions<G>): RapierPage {
  checkPageOptions(options);
  const hud = document.getElementById(PAGE_IDS.hud);
  if (hud) fillHud(hud, options.worker !== undefined); // the replay's parts the page has not
  const elements = pageElements(document);
  addPageStyle(document);
  stylePage({ canvas: elements.canvas, hud: elements.hud });
  const small = matchMedia(SMALL_SCREEN).matches;
  foldHud(elements, small);
  const params = new URLSearchParams(location.search);
  const mode: PageMode = params.get('mode') === 'worker' && options.worker ? 'worker' : 'main';
  const scope = createScope();
  let disposed = false;
  scope.add(() => {
    disposed = true;
  });
  bindSwitches(scope, elements, params, mode);
  // Shown before anything else loads: the megabytes of Rapier's WebAssembly, or why it failed.
  const loading = showLoading();
  scope.add(() => loading.done());
  const started = (async () => {
    let game: G | undefined;
    try {
      if (mode === 'main') game = await options.mainThread(loading.progress);
    } catch (error) {
      console.error(error);
      loading.fail(error); // offline, or a host that lost the .wasm file: said on the page
      return;
    }
    if (disposed) {
      game?.dispose();
      return;
    }
    const page = modePage(options, scope, elements, loading);
    const run = game
      ? startMainThread(page, game)
      : startWorker(page, options.worker!(), options.bodies, options.init);
    showStats(scope, run, options, mode, small);
    scope.add(page.replay.panel.refreshEvery(options.refreshMs ?? 250));
  })();
  return { mode, started, dispose: scope.dispose };
}

/** Refuses options that cannot make a page, naming the option and its value. */
function checkPageOptions<G extends ReplayGame>(o: RapierPageOptions<G>): void {
  if (typeof o.label !== 'string') {
    throw new RangeError(`startRapierPage label must be a string, got ${String(o.label)}`);
  }
  if (!(o.timestep > 0)) {
    throw new RangeError(`startRapierPage timestep must be above 0, got ${o.timestep}`);
  }
  if (!Number.isInteger(o.bodies) || o.bodies < 1) {
    throw new RangeError(`startRapierPage bodies must be an integer >= 1, got ${o.bodies}`);
  }
  for (const name of ['mainThread', 'worker', 'view'] as const) {
    if (typeof o[name] !== 'function' && (name !== 'worker' || o.worker !== undefined)) {
      throw new RangeError(`startRapierPage ${name} must be a function, got ${String(o[name])}`);
    }
  }
  if (typeof o.controls?.read !== 'function' || !(o.controls.values instanceof Float64Array)) {
    throw new RangeError(
      `startRapierPage controls must read input into values, got ${String(o.controls)}`,
    );
  }
  for (const p of o.pulses) {
    if (!Number.isInteger(p) || p < 0 || p >= o.controls.values.length) {
      throw new RangeError(
        `startRapierPage pulses must be indices below ${o.controls.values.length}, got ${p}`,
      );
    }
  }
}

/** The mode and busy switches, and the HUD's More button, held by `scope`. */
function bindSwitches(
  scope: Scope,
  e: PageElements,
  params: URLSearchParams,
  mode: PageMode,
): void {
  const { mode: select, busy } = e;
  if (select) {
    select.value = mode;
    // A change of mode reloads with the new URL: the other mode starts from a fresh game.
    scope.listen(select, 'change', () => {
      params.set('mode', select.value);
      location.search = params.toString();
    });
  }
  if (busy) {
    busy.checked = params.get('busy') === '1';
    let stopBusy: (() => void) | undefined;
    const setBusy = () => {
      stopBusy?.();
      stopBusy = busy.checked ? busyPage(BUSY_MS) : undefined;
    };
    scope.listen(busy, 'change', setBusy);
    scope.add(() => stopBusy?.());
    setBusy();
  }
  scope.listen(e.more, 'click', () => foldHud(e, e.hud.dataset.folded !== 'true'));
}

/** What both modes get: the input, the replay controls, the view's sizing and the first frames. */
function modePage<G extends ReplayGame>(
  options: RapierPageOptions<G>,
  scope: Scope,
  e: PageElements,
  loading: LoadingView,
): ModePage {
  // The HUD's buttons (data-key) tap their keys through the input, so they act at the start of
  // a step, as the keys do.
  const preventDefault = options.preventDefault ?? ['Space'];
  const input = scope.add(createInput({ pointer: e.canvas, preventDefault, buttons: e.hud }));
  const file = options.file === undefined ? {} : { file: options.file };
  const panel = new ReplayPanel(firstStatus(), e.status, file);
  const opening = options.openingKeys ?? [];
  let frames = 0;
  return {
    scope,
    input,
    controls: options.controls,
    pulses: options.pulses,
    replayKey: options.replayKey ?? 'KeyR',
    endKey: options.endKey ?? 'Escape',
    replay: { speed: e.speed, save: e.save, load: e.load, panel },
    build: options.build,
    timestep: options.timestep,
    maxSteps: options.maxSteps,
    view(poses) {
      const view = options.view(poses, e.canvas);
      if (view.dispose) scope.add(() => view.dispose?.());
      // watchCanvas sizes the canvas in device pixels (capped at 2 per CSS pixel).
      scope.add(watchCanvas(e.canvas, (size) => view.resize(size), { maxDpr: 2 }));
      return view;
    },
    drawn() {
      // At the second frame, not the first: the first one's draw compiles the shaders (seconds
      // on a slow machine), and in worker mode the simulation runs meanwhile.
      if (frames < 2 && ++frames === 2) for (const key of opening) input.tap(key);
      loading.done();
    },
    progress: loading.progress,
    stopped(error) {
      console.error(error);
      loading.fail(error); // before the first frame (the worker's load failed): said there too
      panel.stop(error); // the first error only: what follows it only follows from it
    },
  };
}

/** The stats overlay: the physics lines of the mode, folded at first on a small screen. */
function showStats<G extends ReplayGame>(
  scope: Scope,
  run: StartedMode,
  options: RapierPageOptions<G>,
  mode: PageMode,
  small: boolean,
): void {
  const lines = overlayLines(run.loop, run.figures, options.keyframeSeconds);
  const overlay = createStatsOverlay(run.loop, { label: options.label, lines });
  overlay.element.dataset.mode = mode;
  // Folded at first on a small screen, unless the player opened or folded it before.
  if (small && !statsFoldRemembered()) overlay.collapsed = true;
  scope.add(overlay);
}
