import { FrameStats } from '@loop/core';
import { createScope, createStatsOverlay } from '@loop/core/dom';
import type { DisplaySpec } from './displays.js';
import { stepState } from './guide.js';
import { fitLaneHeight } from './lane-layout.js';
import { Session } from './session.js';
import { FRAME_LOCKED, type LabState, parseState, serializeState } from './url-state.js';
import { BenchProbe } from './view/bench-probe.js';
import { Controls } from './view/controls.js';
import { ExperimentsView } from './view/experiments.js';
import { FiguresTable } from './view/figures-table.js';
import { GuideView } from './view/guide.js';
import { LaneLabels } from './view/lane-labels.js';
import { LanesCanvas } from './view/lanes-canvas.js';
import { Plots } from './view/plots.js';

/**
 * The page: reads the state from the URL, builds a {@link Session}, and drives it from one
 * requestAnimationFrame. On the real display each rAF is a frame for every lane; on a
 * simulated display each rAF feeds the next simulated frame ({@link FRAME_LOCKED}, as the lab
 * opens), or moves the simulated clock on by the real time since the last one (times the watch
 * speed) and feeds every simulated frame that became due. Settings changes
 * rebuild the session and rewrite the URL, so a link reproduces what is on screen (paused on a
 * simulated display, down to the frame: the link carries `frames`). The lanes come first and
 * fill the first screen (their height fits the viewport); the guided path's steps set the lab
 * up for one claim each; the settings fold away.
 */

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
/** Pixels of the first screen left under the lanes, where the guided path's buttons begin. */
const GUIDE_PEEK = 56;
const scope = createScope();
const search = location.search;
const bench = new URLSearchParams(search).has('bench');
let state: LabState = parseState(search);

const controls = new Controls(byId('lanes-set'), byId('display-set'), byId('loop-set'));
const canvasElement = byId<HTMLCanvasElement>('lanes-canvas');
const canvas = scope.add(new LanesCanvas(canvasElement));
const labels = new LaneLabels(byId('lane-labels'));
const guide = new GuideView(byId('guide-steps'), byId('look'), byId('guide-claim'), (step) => {
  state = stepState(step, state);
  controls.write(state);
  experiments.show(state.exp, state.expParams);
  rebuild();
  // On a phone the steps sit under the lanes: bring what to look at, and the lanes, back up.
  const look = byId('look');
  if (look.getBoundingClientRect().top < 0) look.scrollIntoView({ block: 'start' });
});
const figures = new FiguresTable(byId('figures'));
const plots = scope.add(new Plots(byId('plots')));
const pause = byId<HTMLButtonElement>('pause');
const status = byId<HTMLElement>('run-status');
const experiments = new ExperimentsView(
  byId('experiment-list'),
  byId('experiment'),
  (id, params) => {
    state.exp = id;
    state.expParams = {};
    for (const [key, value] of Object.entries(params)) state.expParams[`${id}.${key}`] = value;
    experiments.show(state.exp, state.expParams);
    writeUrl();
  },
);

/** False until the first session is built: `?frames=N` fast-forwards only that one. */
let built = false;
let session = build();
/** Display time the simulated clock has reached (ms), and the rAF time it was last moved at. */
let simClock = session.nextReal;
let lastRaf = Number.NaN;
let lastFigures = 0;

/** The lane the stats overlay shows: the default loop if shown, else the first lane. */
const overlayLane = () => session.lanes.find((l) => l.spec.id === 'interp') ?? session.lanes[0];
/** What the overlay shows with no lane at all. */
const idleStats = new FrameStats();
/** A stats overlay on the default lane, as every app of the gallery has. */
const overlay = scope.add(
  createStatsOverlay(
    {
      get stats() {
        return overlayLane()?.loop.stats ?? idleStats;
      },
      get tick() {
        return overlayLane()?.loop.tick ?? 0;
      },
    },
    {
      parent: byId('overlay-slot'),
      position: 'static', // in the page's flow, not floating over the controls
      label: 'stats of the default lane (or the first shown)',
    },
  ),
);
overlay.element.style.display = 'inline-block';

function displaySpec(s: LabState): DisplaySpec {
  return { kind: s.display, hz: s.hz, jitter: s.jitter, spike: s.spike, gap: s.gap, back: s.back };
}

/**
 * Sizes the lanes to the first screen: from the canvas top to the viewport's bottom, less a
 * strip where the guided path's first buttons show. The layout viewport's height, which a
 * phone's URL bar does not change, so the lanes do not jump as it slides.
 */
function fitLanes(lanes: Session['lanes']): void {
  const top = canvasElement.getBoundingClientRect().top + window.scrollY;
  const height = fitLaneHeight(
    lanes.length,
    document.documentElement.clientHeight - top - GUIDE_PEEK,
  );
  canvas.setLanes(lanes.length, height);
  labels.set(
    lanes.map((lane) => lane.spec),
    height,
  );
}

function build(): Session {
  const next = new Session(state.lanes, state, displaySpec(state));
  guide.show(state);
  fitLanes(next.lanes);
  figures.setLanes(next.lanes, byId('lane-notes'));
  plots.setSession(next);
  if (state.frames > 0 && !built) next.stepFrames(state.frames);
  built = true;
  if (state.paused && !next.display) next.pause();
  figures.update(next.lanes);
  return next;
}

function writeUrl(): void {
  // Paused on a simulated display the picture is still: the link runs the same frames to it.
  state.frames = state.paused && session.display ? session.frames : 0;
  const query = serializeState(state);
  history.replaceState(null, '', query ? `?${query}` : location.pathname);
}

function showRun(): void {
  pause.textContent = state.paused ? 'Resume' : 'Pause';
  pause.setAttribute('aria-pressed', String(state.paused));
  status.textContent = `${session.frames} display frames${state.paused ? ', paused' : ''}`;
  document.body.dataset.frames = String(session.frames);
}

function rebuild(): void {
  session = build();
  simClock = session.nextReal;
  lastRaf = Number.NaN;
  writeUrl();
  canvas.draw(session.lanes);
  showRun();
}

/** The settings a session is built from, as one comparable string. */
const settings = (s: LabState) => serializeState({ ...s, frames: 0 });

scope.listen(byId('controls'), 'change', (event) => {
  const target = event.target as HTMLElement;
  if (target.id === 'step-count') return;
  // Controls the user filled wrongly stay as typed and flagged; the lab runs on unchanged.
  const next = controls.read(state);
  controls.showUsed(next.display);
  if (settings(next) === settings(state)) return;
  state = next;
  rebuild();
});
scope.listen(byId('controls'), 'submit', (event) => event.preventDefault());
scope.listen(pause, 'click', () => {
  state.paused = !state.paused;
  if (!session.display) {
    if (state.paused) session.pause();
    else session.resume();
  }
  lastRaf = Number.NaN;
  writeUrl();
  showRun();
});
scope.listen(byId('step'), 'click', () => {
  const count = Number(byId<HTMLInputElement>('step-count').value);
  if (!session.display || !(count >= 1)) {
    status.textContent = 'Stepping needs a simulated display.';
    return;
  }
  session.stepFrames(Math.min(Math.floor(count), 100_000));
  simClock = session.lastReal;
  figures.update(session.lanes);
  canvas.draw(session.lanes);
  if (state.paused) writeUrl();
  showRun();
});
scope.listen(byId('reset'), 'click', rebuild);
scope.listen(window, 'resize', () => {
  fitLanes(session.lanes);
  canvas.draw(session.lanes);
});

// On a narrow screen the settings start folded, so the run controls and the claims follow the
// lanes at once; on a wide one they start open below them.
byId<HTMLDetailsElement>('settings').open = !matchMedia('(max-width: 700px)').matches;

controls.write(state);
experiments.show(state.exp, state.expParams);
showRun();

const probe = new BenchProbe(bench);

let handle = 0;
const onFrame = (now: number) => {
  handle = requestAnimationFrame(onFrame);
  probe.begin();
  if (!state.paused) {
    if (!session.display) session.frame(now, now);
    else if (state.speed === FRAME_LOCKED) {
      session.step();
      simClock = session.nextReal;
    } else {
      // At most 100 ms of real time per refresh: a background tab does not fast-forward.
      if (!Number.isNaN(lastRaf)) simClock += Math.min(now - lastRaf, 100) * state.speed;
      session.runUntil(simClock);
    }
  }
  lastRaf = now;
  probe.lap(0);
  canvas.draw(session.lanes);
  probe.lap(1);
  plots.draw();
  probe.lap(2);
  if (now - lastFigures >= 250) {
    lastFigures = now;
    figures.update(session.lanes);
    showRun();
  }
  probe.lap(3);
  probe.end();
};
handle = requestAnimationFrame(onFrame);
scope.add(() => cancelAnimationFrame(handle));

if (import.meta.hot) import.meta.hot.dispose(scope.dispose);
