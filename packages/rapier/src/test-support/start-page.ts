import { afterEach, beforeEach } from 'vitest';
import { page as browserPage } from 'vitest/browser';
import { type RapierPage, startRapierPage } from '../dom/start-page.js';
import { mainThreadGame, mountPage, recordingControls, recordingView } from './page.js';

/**
 * What the browser tests of startRapierPage (src/dom/start-page-*.browser.test.ts) share: a page
 * started over options that make one, disposed after the test, and the parts of the page they
 * read.
 */

const url = location.pathname + location.search;
let started: RapierPage[] = [];

/** Starts a page with `fields` over options that make one, kept for disposal after the test. */
export function start(fields: Record<string, unknown> = {}) {
  const { record, view } = recordingView();
  const { controls, pressed } = recordingControls(['KeyJ', 'KeyR', 'KeyP', 'Space']);
  const games = mainThreadGame();
  const options = {
    label: 'boxes 60 Hz',
    timestep: 1000 / 60,
    keyframeSeconds: 0.5,
    bodies: 4,
    init: 4,
    controls,
    pulses: [1],
    build: 'box-game',
    mainThread: games.mainThread,
    view,
    refreshMs: 30,
    ...fields,
  };
  const page = startRapierPage(options as never);
  started.push(page);
  return { page, record, pressed, games, hud: document.getElementById('hud')! };
}

/**
 * Before each test, a laptop's viewport, no stats fold remembered and a game's page mounted;
 * after it, every page {@link start} started disposed and the address as it was.
 */
export function useStartedPages(): void {
  beforeEach(async () => {
    await browserPage.viewport(1280, 720);
    localStorage.removeItem('loop-stats-collapsed');
    mountPage();
  });

  afterEach(() => {
    for (const page of started) page.dispose();
    started = [];
    history.replaceState(null, '', url);
  });
}

export const byId = <E extends HTMLElement>(id: string) => document.getElementById(id) as E;
/** The replay's status line. */
export const status = () => byId('replay');
/** The stats overlay. */
export const overlay = () => document.querySelector<HTMLElement>('[data-mode]');
/** The ticks the status line counts. */
export const ticks = () => Number(status().dataset.ticks ?? 0);

/** The names of the files a click of `link.click()` would download, while the test runs. */
export function downloads() {
  const names: string[] = [];
  const hrefs: string[] = [];
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    names.push(this.download);
    hrefs.push(this.href);
  };
  return { names, hrefs, restore: () => (HTMLAnchorElement.prototype.click = click) };
}
