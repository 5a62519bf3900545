import { checkKnownOptions } from '../known-options.js'; // development build only
import { show } from '../show.js';
import type { FrameStats } from '../stats.js';

/**
 * A stats overlay: what the player saw (fps, frame time) beside what the loop did about it
 * (updates per frame, time dropped by the spiral-of-death guards, frames rendered and skipped
 * by the FPS cap). It reads {@link FrameStats}, which the loop updates in place, on its own
 * timer about 4 times a second: numbers that change 60 times a second cannot be read, and
 * writing the DOM every frame would cost the very frame time it reports.
 */

/** What the overlay reads: a loop satisfies it. */
export interface StatsSource {
  /** The loop's frame statistics, updated in place every frame. */
  readonly stats: FrameStats;
  /** Fixed steps so far; with it the overlay shows updates per frame averaged between refreshes. */
  readonly tick?: number;
}

/** Options of {@link createStatsOverlay}. */
export interface StatsOverlayOptions {
  /** Where the element goes. Default `document.body`. */
  parent?: HTMLElement;
  /**
   * `fixed` (the default) floats the overlay over the top-left corner of a full-screen game;
   * `static` leaves it in its parent's flow, for a page that lays it out with other content.
   */
  position?: 'fixed' | 'static';
  /** Milliseconds between refreshes. Default 250 (4 per second). */
  interval?: number;
  /** Extra text before the figures, e.g. the timestep or the FPS cap in force. */
  label?: string;
  /**
   * Figures of the game's own, shown after the loop's (a physics engine's step time, bodies
   * awake): called at each refresh, so they update with the rest and cost nothing per frame.
   */
  lines?: () => string;
  /**
   * A tap, a click or Enter on the overlay folds it to its fps line and back, so it never has
   * to cover a phone's small screen. Default: true when `position` is `fixed` (floating over
   * the game), false when `static` (the page lays it out).
   */
  collapsible?: boolean;
  /**
   * The `localStorage` key that remembers whether it was folded, so a reload or the next visit
   * opens it the way the player left it. Default `loop-stats-collapsed`; `null` remembers
   * nothing.
   */
  storageKey?: string | null;
}

/** A running overlay; see {@link createStatsOverlay}. */
export interface StatsOverlay {
  /**
   * The element. Carries `data-loop-stats` and, rewritten at each refresh, `data-rendered`,
   * `data-skipped`, `data-fps` and `data-time` (`performance.now()` of the refresh, in ms), so
   * a test can measure the rendered rate as Δrendered / Δtime without parsing text.
   */
  readonly element: HTMLElement;
  /** Text shown before the figures; takes effect at the next refresh. */
  label: string;
  /**
   * Folded to its fps line (`aria-expanded="false"`). Setting it refreshes the overlay and
   * remembers the choice as a tap does.
   */
  collapsed: boolean;
  /** Reads the stats and rewrites the element now (the timer calls it). */
  refresh(): void;
  /** Stops the timer and removes the element. */
  dispose(): void;
}

/** Where a fixed overlay sits; a static one has none of this. */
const FLOAT = 'position:fixed;top:8px;left:8px;z-index:10;';
const STYLE =
  'margin:0;padding:6px 8px;' +
  'font:12px/1.35 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:pre;' +
  'color:#e8f0ff;background-color:rgba(10,14,24,.72);border-radius:6px;' +
  'font-variant-numeric:tabular-nums;';
/** A plain overlay lets clicks through to the game under it. */
const INERT = 'pointer-events:none';
/** A foldable one is a button: room on the right for the caret that says which way it folds. */
const BUTTON =
  'display:block;border:0;text-align:left;cursor:pointer;touch-action:manipulation;' +
  'padding-right:22px;background-repeat:no-repeat;background-position:right 7px top 9px';
/** The carets, as images so the element's text stays the figures alone. */
const caret = (path: string) =>
  `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='9' height='9'%3E` +
  `%3Cpath d='${path}' fill='%23e8f0ff'/%3E%3C/svg%3E")`;
const OPEN = caret('M0 2h9L4.5 8z');
const SHUT = caret('M2 0v9l6-4.5z');

/**
 * Shows a loop's stats in a fixed-position `<pre>` (a `<button>` that folds it when
 * `collapsible`) refreshed about 4 times per second (not per
 * frame). Updates per frame are averaged since the previous refresh when the source has a
 * `tick`, because the last frame's count alone flickers between 0, 1 and 2.
 *
 * @example
 * const overlay = createStatsOverlay(loop, { label: 'simulation 30 Hz' });
 * // later: overlay.dispose();
 */
export function createStatsOverlay(
  source: StatsSource,
  options: StatsOverlayOptions = {},
): StatsOverlay {
  const { interval, collapsible, storageKey, element } = resolveOverlay(options);
  let collapsed = collapsible && storageKey !== null && foldedBefore(storageKey);
  const text = new Text(); // refresh() writes it before the overlay is returned
  element.appendChild(text);

  // Set by each refresh. The first, at creation, has no earlier one to average since: NaN frames
  // are not > 0, so it shows the source's own updates.
  let lastTick = 0;
  let lastRendered = Number.NaN;
  const lines = options.lines;

  const overlay: StatsOverlay = {
    element,
    label: options.label ?? '',
    get collapsed() {
      return collapsed;
    },
    set collapsed(value: boolean) {
      collapsed = collapsible && value;
      if (storageKey !== null) remember(storageKey, collapsed ? '1' : '0');
      showFold();
      overlay.refresh();
    },
    refresh() {
      const s = source.stats;
      let perFrame = s.updates;
      if (source.tick !== undefined) {
        const frames = s.rendered - lastRendered;
        if (frames > 0) perFrame = (source.tick - lastTick) / frames;
        lastTick = source.tick;
        lastRendered = s.rendered;
      }
      text.data = collapsed
        ? `fps ${s.fps.toFixed(1)}`
        : figures(s, perFrame, overlay.label, lines ? `\n${lines()}` : '');

      element.setAttribute('data-rendered', String(s.rendered));
      element.setAttribute('data-skipped', String(s.skipped));
      element.setAttribute('data-fps', s.fps.toFixed(2));
      element.setAttribute('data-time', performance.now().toFixed(1));
    },
    dispose() {
      clearInterval(timer);
      element.removeEventListener('click', toggle);
      element.remove();
    },
  };
  const toggle = () => {
    overlay.collapsed = !collapsed;
  };
  /** Which way it folds, for the eye (the caret) and for assistive technology. */
  function showFold(): void {
    if (!collapsible) return;
    element.setAttribute('aria-expanded', String(!collapsed));
    element.style.backgroundImage = collapsed ? SHUT : OPEN;
  }
  if (collapsible) {
    element.title = 'Stats: tap to fold or unfold';
    element.addEventListener('click', toggle);
  }
  showFold();

  (options.parent ?? document.body).appendChild(element);
  overlay.refresh();
  const timer = setInterval(overlay.refresh, interval);
  return overlay;
}

/** The checked options with their defaults, and the element they describe. */
interface ResolvedOverlay {
  interval: number;
  collapsible: boolean;
  storageKey: string | null;
  element: HTMLElement;
}

/**
 * Checks `options` (a RangeError or TypeError naming the option and its value) and makes the
 * element they describe, not yet in the page: a `<button>` when foldable, else a `<pre>`.
 */
function resolveOverlay(options: StatsOverlayOptions): ResolvedOverlay {
  checkKnownOptions(options, 'createStatsOverlay'); // development build only
  const interval = options.interval ?? 250;
  const position = options.position ?? 'fixed';
  if (position !== 'fixed' && position !== 'static') {
    throw new RangeError(`overlay option position must be fixed or static, got ${show(position)}`);
  }
  const collapsible = options.collapsible ?? position === 'fixed';
  const storageKey = options.storageKey === undefined ? 'loop-stats-collapsed' : options.storageKey;
  if (storageKey !== null && typeof storageKey !== 'string') {
    throw new TypeError(
      `overlay option storageKey must be a string or null, got ${show(storageKey)}`,
    );
  }
  if (options.lines !== undefined && typeof options.lines !== 'function') {
    throw new TypeError(`overlay option lines must be a function, got ${show(options.lines)}`);
  }
  if (!Number.isFinite(interval) || interval <= 0) {
    throw new RangeError(
      `overlay option interval must be a finite number > 0, got ${show(interval)}`,
    );
  }
  const element = document.createElement(collapsible ? 'button' : 'pre');
  element.setAttribute('data-loop-stats', '');
  element.setAttribute('aria-live', 'off');
  element.style.cssText =
    (position === 'fixed' ? FLOAT : '') + STYLE + (collapsible ? BUTTON : INERT);
  if (collapsible) element.setAttribute('type', 'button');
  return { interval, collapsible, storageKey, element };
}

/** The unfolded overlay's text: the label, the loop's figures, then the game's own `lines`. */
function figures(s: FrameStats, perFrame: number, label: string, lines: string): string {
  return (
    `${label ? `${label}\n` : ''}fps        ${s.fps.toFixed(1)}\n` +
    `frame time ${s.frameTime.toFixed(1)} ms\n` +
    `updates    ${perFrame.toFixed(2)} / frame\n` +
    `dropped    ${s.dropped.toFixed(0)} ms\n` +
    `rendered   ${s.rendered}\n` +
    `skipped    ${s.skipped}${lines}`
  );
}

/** Whether `key` says folded; not where storage is missing or refused (a sandboxed frame). */
function foldedBefore(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/** Stores `value` under `key` where storage works; the choice is simply not kept elsewhere. */
function remember(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage full or refused: the overlay still folds, only the next visit will not know.
  }
}
