import {
  createInput,
  createScope,
  createStatsOverlay,
  requireWebGL,
  stylePage,
  watchCanvas,
} from '@loop/core/dom';
import { firstStatus, overlayLines, showLoading } from '@loop/rapier';
import { ReplayPanel } from '@loop/rapier/dom';
import { WebGLRenderer } from 'three';
import { BUSY_MS, busyPage } from './busy';
import {
  KEYFRAME_SECONDS,
  type Mode,
  type Page,
  REFRESH_MS,
  SIMULATION_HZ,
  type StartMode,
} from './page';

const canvas = document.querySelector<HTMLCanvasElement>('#game')!;
const status = document.querySelector<HTMLElement>('#replay')!;
const modeSelect = document.querySelector<HTMLSelectElement>('#mode')!;
const busySwitch = document.querySelector<HTMLInputElement>('#busy')!;
const hud = document.querySelector<HTMLElement>('#hud')!;
const more = document.querySelector<HTMLButtonElement>('#more')!;
stylePage({ canvas, hud });

/**
 * A screen on which the panels, open, would cover much of the game (a phone): there the HUD and
 * the stats start folded, and a tap opens each.
 */
const SMALL_SCREEN = '(max-width: 40rem), (max-height: 32rem)';
const small = matchMedia(SMALL_SCREEN).matches;

/** Folds the HUD to its status line and playing buttons, or opens its help and settings. */
function foldHud(folded: boolean): void {
  hud.dataset.folded = String(folded);
  more.setAttribute('aria-expanded', String(!folded));
  more.textContent = folded ? 'More' : 'Less';
}
foldHud(small);

/** The mode and the busy page come from the URL (`?mode=worker&busy=1`), so a link shows them. */
const params = new URLSearchParams(location.search);
const mode: Mode = params.get('mode') === 'worker' ? 'worker' : 'main';
modeSelect.value = mode;
busySwitch.checked = params.get('busy') === '1';

/** Everything this module starts, stopped in one call when a hot update replaces it. */
const scope = createScope();
let disposed = false;
scope.add(() => {
  disposed = true;
});
if (import.meta.hot) {
  // An edit re-runs this module: stop everything it started (the worker too), so two
  // simulations never run.
  import.meta.hot.dispose(scope.dispose);
  import.meta.hot.accept();
}

// A change of mode reloads with the new URL: the other mode starts from a fresh game.
scope.listen(modeSelect, 'change', () => {
  params.set('mode', modeSelect.value);
  location.search = params.toString();
});
let stopBusy: (() => void) | undefined;
const setBusy = () => {
  stopBusy?.();
  stopBusy = busySwitch.checked ? busyPage(BUSY_MS) : undefined;
};
scope.listen(busySwitch, 'change', setBusy);
scope.listen(more, 'click', () => foldHud(hud.dataset.folded !== 'true'));
scope.add(() => stopBusy?.());
setBusy();

// Shown before anything else loads: the megabytes of Rapier's WebAssembly, or why it failed.
const loading = showLoading();
scope.add(() => loading.done());

// Each mode is a chunk of its own, loaded on demand: worker mode's page never downloads
// Rapier (the worker does), and the main-thread mode loads it and its WebAssembly first.
let run: StartMode | undefined;
try {
  run =
    mode === 'worker'
      ? (await import('./worker-page')).startWorker
      : await (await import('./main-thread')).loadMainThread(loading.progress);
} catch (error) {
  console.error(error);
  loading.fail(error); // offline, or a host that lost the .wasm file: said on the page
}
if (run && !disposed) start(run);

function start(run: StartMode): void {
  // Without WebGL (turned off, a blocked GPU) the page says so, and the simulation, its
  // overlay and replays run on undrawn.
  const renderer = requireWebGL()
    ? scope.add(new WebGLRenderer({ canvas, antialias: true }))
    : null;
  // The HUD's buttons (data-key in index.html) tap their keys through the input, so they act
  // at the start of a step, as the keys do.
  const input = scope.add(
    createInput({ pointer: canvas, preventDefault: ['Space'], buttons: hud }),
  );
  // Boxes drop onto the pile as the page shows the scene (B, a command of the simulation:
  // recorded and replayed like any other), so the physics is on show at once, not only once
  // the ball reaches the pile. At the second frame, not at start: the first one's draw compiles
  // the shaders (seconds on a slow machine), and in worker mode the simulation runs meanwhile,
  // so the fall would be over unseen.
  let frames = 0;
  const drawn = () => {
    if (frames < 2 && ++frames === 2) input.tap('KeyB');
    loading.done();
  };
  const panel = new ReplayPanel(firstStatus(), status);
  const page: Page = {
    scope,
    canvas,
    renderer,
    input,
    panel,
    speed: document.querySelector<HTMLSelectElement>('#speed')!,
    fileInput: document.querySelector<HTMLInputElement>('#load')!,
    save: document.querySelector<HTMLButtonElement>('#save')!,
    loading: { progress: loading.progress, fail: loading.fail, done: drawn },
    stopped(error) {
      console.error(error);
      loading.fail(error); // before the first frame (the worker's load failed): said there too
      panel.stop(error); // the first error only: what follows it only follows from it
    },
    onResize: () => {},
  };
  const { loop, figures } = run(page);
  // watchCanvas sizes the canvas in device pixels (capped at 2 per CSS pixel); three.js draws
  // into exactly that, so its own pixel ratio stays 1.
  scope.add(watchCanvas(canvas, (size) => page.onResize(size), { maxDpr: 2 }));

  // Where the simulation runs, ticks/s, bodies, Rapier's step, keyframes (and the snapshots).
  const lines = overlayLines(loop, figures, KEYFRAME_SECONDS);
  const overlay = createStatsOverlay(loop, { label: `rapier ${SIMULATION_HZ} Hz`, lines });
  overlay.element.dataset.mode = mode;
  // Folded at first on a small screen, unless the player opened or folded it before.
  if (small && !statsFoldRemembered()) overlay.collapsed = true;
  scope.add(overlay);
  scope.add(panel.refreshEvery(REFRESH_MS));
}

/** Whether the stats overlay remembers a fold from an earlier visit (its default storage key). */
function statsFoldRemembered(): boolean {
  try {
    return localStorage.getItem('loop-stats-collapsed') !== null;
  } catch {
    return false; // storage refused (a sandboxed frame): nothing remembered
  }
}
