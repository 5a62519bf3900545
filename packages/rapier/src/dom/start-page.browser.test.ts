import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page as browserPage, userEvent } from 'vitest/browser';
import {
  CountedGame,
  mainThreadGame,
  mountPage,
  recordingControls,
  recordingView,
  untilFrame,
  wait,
} from '../test-support/page.js';
import { RAPIER_WASM_BYTES } from '../test-support/rapier.js';
import { RAPIER_PAGE_CSS } from './page-style.js';
import { type RapierPage, startRapierPage } from './start-page.js';

/**
 * The page start-up in real Chromium: the document's HUD filled, the page styled, Rapier loaded
 * behind the loading line, the tests' BoxGame run on this thread or in a real worker, the keys
 * and the HUD's buttons through the input, the replay's controls, the fold, and everything
 * stopped by dispose.
 */

const url = location.pathname + location.search;
let started: RapierPage[] = [];

/** Starts a page with `fields` over options that make one, kept for disposal after the test. */
function start(fields: Record<string, unknown> = {}) {
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

const byId = <E extends HTMLElement>(id: string) => document.getElementById(id) as E;
const status = () => byId('replay');
const overlay = () => document.querySelector<HTMLElement>('[data-mode]');
const ticks = () => Number(status().dataset.ticks ?? 0);

/** The names of the files a click of `link.click()` would download, while the test runs. */
function downloads() {
  const names: string[] = [];
  const hrefs: string[] = [];
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    names.push(this.download);
    hrefs.push(this.href);
  };
  return { names, hrefs, restore: () => (HTMLAnchorElement.prototype.click = click) };
}

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

describe('startRapierPage on the main thread', () => {
  it('fills the HUD, styles the page and loads Rapier behind the loading line', async () => {
    const { page, record, games, hud } = start();
    expect(page.mode).toBe('main');
    // The status line before the game's moves, then the replay's row and the files' row; no
    // settings row without worker mode.
    expect([...hud.children].map((e) => e.id || e.className)).toEqual([
      'more',
      'replay',
      'row live-only',
      'row',
      'row more',
    ]);
    expect(byId('mode')).toBeNull();
    expect(byId('busy')).toBeNull();
    const styles = document.head.querySelectorAll('style[data-loop-rapier]');
    expect(styles).toHaveLength(1);
    expect(styles[0]!.textContent).toBe(RAPIER_PAGE_CSS);
    const sign = byId('replay-sign');
    expect([sign.parentElement, sign.textContent, sign.getAttribute('aria-hidden')]).toEqual([
      document.body,
      'Replay',
      'true',
    ]);
    expect(byId('game').hasAttribute('data-loop-canvas')).toBe(true);
    expect(hud.hasAttribute('data-loop-hud')).toBe(true);
    expect([hud.dataset.folded, byId('more').textContent]).toEqual(['false', 'Less']);
    const loading = byId('loading');
    expect(loading.textContent).toBe('Loading physics…');
    await page.started;
    expect(loading.dataset.total).toBe('2'); // the game's mainThread got the line's progress
    expect(games.made).toHaveLength(1);
    await untilFrame(() => record.draws.length >= 3, 'three frames drawn');
    expect(loading.isConnected).toBe(false);
    expect(record.canvas).toBe(byId('game'));
    expect(record.poses).toBe(games.made[0]!.poses);
    expect(record.sizes.at(-1)!.pixelWidth).toBeGreaterThan(0);
    expect(overlay()!.dataset.mode).toBe('main');
    expect(overlay()!.textContent).toContain('boxes 60 Hz');
    expect(overlay()!.getAttribute('aria-expanded')).toBe('true');
    await untilFrame(() => ticks() > 0, 'the status line counting ticks');
    expect(status().dataset.replay).toBe('recording');
  });

  it('stops everything it started on dispose: the loop, the view, the game and the overlay', async () => {
    const { page, record, games } = start();
    await page.started;
    await untilFrame(() => record.draws.length >= 2, 'two frames drawn');
    page.dispose();
    const drawn = record.draws.length;
    expect([record.disposed, games.made[0]!.disposed]).toEqual([1, 1]);
    expect(overlay()).toBeNull();
    await wait(100);
    expect(record.draws.length).toBe(drawn);
    // A second page (a hot update) finds the style and the sign there already.
    start();
    expect(document.head.querySelectorAll('style[data-loop-rapier]')).toHaveLength(1);
    expect(document.querySelectorAll('#replay-sign')).toHaveLength(1);
  });

  it('taps the opening keys once, at the second frame, and the HUD buttons tap theirs', async () => {
    const { page, record, pressed } = start({ openingKeys: ['KeyJ'] });
    await page.started;
    await untilFrame(() => pressed.length > 0, 'the opening key read by a step');
    await untilFrame(() => record.draws.length >= 4, 'more frames');
    expect(pressed).toHaveLength(1);
    expect(pressed[0]!.codes).toEqual(['KeyJ']);
    // Drawn twice before the step that read it.
    const drawsBefore = record.draws.filter((_, i) => i < 2).length;
    expect(drawsBefore).toBe(2);
    byId('push').click();
    await untilFrame(() => pressed.length === 2, 'the button read by a step');
    expect(pressed[1]!.codes).toEqual(['KeyJ']);
  });

  it('replays on R and returns on Esc, and prevents Space scrolling', async () => {
    const { page } = start();
    await page.started;
    await untilFrame(() => ticks() >= 30, 'thirty ticks recorded');
    const prevented: string[] = [];
    const listener = (e: KeyboardEvent) => {
      if (e.defaultPrevented) prevented.push(e.code);
    };
    window.addEventListener('keydown', listener);
    await userEvent.keyboard('{Space}{KeyJ}');
    window.removeEventListener('keydown', listener);
    expect(prevented).toEqual(['Space']);
    await userEvent.keyboard('{KeyR}');
    await untilFrame(() => status().dataset.replay === 'replaying', 'a replay on R');
    await userEvent.keyboard('{Escape}');
    await untilFrame(() => status().dataset.replay !== 'replaying', 'the game back on Esc');
  });

  it('takes the replay keys, the prevented keys and the file name a game gives', async () => {
    const { page, games } = start({
      replayKey: 'KeyP',
      endKey: 'KeyQ',
      preventDefault: ['KeyJ'],
      file: 'boxes',
    });
    await page.started;
    await untilFrame(() => ticks() >= 30, 'thirty ticks recorded');
    const prevented: string[] = [];
    const listener = (e: KeyboardEvent) => {
      if (e.defaultPrevented) prevented.push(e.code);
    };
    window.addEventListener('keydown', listener);
    await userEvent.keyboard('{Space}{KeyJ}{KeyR}');
    window.removeEventListener('keydown', listener);
    expect(prevented).toEqual(['KeyJ']);
    await wait(100);
    expect(status().dataset.replay).toBe('recording');
    await userEvent.keyboard('{KeyP}');
    await untilFrame(() => status().dataset.replay === 'replaying', 'a replay on P');
    await userEvent.keyboard('{Escape}');
    await wait(100);
    expect(status().dataset.replay).toBe('replaying');
    await userEvent.keyboard('{KeyQ}');
    await untilFrame(() => status().dataset.replay !== 'replaying', 'the game back on Q');
    // The speed select reaches the game's replay, and Save downloads a file named by the game.
    const speed = byId<HTMLSelectElement>('speed');
    const game = games.made[0]!;
    expect(game.replays.speed).toBe(0.5);
    speed.value = '2';
    speed.dispatchEvent(new Event('change'));
    expect(game.replays.speed).toBe(2);
    const saved = downloads();
    try {
      byId('save').click();
    } finally {
      saved.restore();
    }
    expect(saved.names).toEqual(['boxes-box-game.looprec']);
    // The saved bytes, picked in the file input, replay.
    const bytes = await (await fetch(saved.hrefs[0]!)).arrayBuffer();
    const load = byId<HTMLInputElement>('load');
    const files = new DataTransfer();
    files.items.add(new File([bytes], 'boxes-box-game.looprec'));
    load.files = files.files;
    load.dispatchEvent(new Event('change'));
    await untilFrame(
      () => status().dataset.replay === 'replaying',
      'the loaded recording replayed',
    );
  });

  it('names the default file rapier, and says on the page why Rapier did not load', async () => {
    const { page } = start();
    await page.started;
    // A recording starts at its first keyframe: save once the game has stepped.
    await untilFrame(() => ticks() > 0, 'the first ticks recorded');
    const saved = downloads();
    try {
      byId('save').click();
    } finally {
      saved.restore();
    }
    expect(saved.names).toEqual(['rapier-box-game.looprec']);
    page.dispose();
    mountPage();
    const { page: failed, record } = start({
      mainThread: async () => {
        throw new Error('offline');
      },
    });
    await failed.started;
    const loading = byId('loading');
    expect(loading.dataset.failed).toBeDefined();
    expect(loading.textContent).toContain('offline');
    await wait(50);
    expect([record.poses, overlay()]).toEqual([undefined, null]);
  });

  it('disposes a game that loads after the page was disposed, and starts nothing', async () => {
    let finish: (game: CountedGame) => void = () => {};
    const { page, record } = start({
      mainThread: () => new Promise<CountedGame>((resolve) => (finish = resolve)),
    });
    page.dispose();
    const game = new CountedGame(2);
    finish(game);
    await page.started;
    expect(game.disposed).toBe(1);
    await wait(50);
    expect([record.poses, overlay()]).toEqual([undefined, null]);
  });
});

describe('startRapierPage with worker mode', () => {
  const worker = () =>
    new Worker(new URL('../test-support/box.worker.ts', import.meta.url), { type: 'module' });

  it('runs the game in the worker on ?mode=worker: drawn, counted, saved, with the settings row', async () => {
    history.replaceState(null, '', `${location.pathname}?mode=worker`);
    let mainThread = 0;
    const { page, record, hud } = start({
      worker,
      mainThread: async () => {
        mainThread++;
        throw new Error('not in worker mode');
      },
    });
    expect(page.mode).toBe('worker');
    expect(hud.lastElementChild!.previousElementSibling!.contains(byId('mode'))).toBe(true);
    expect(byId<HTMLSelectElement>('mode').value).toBe('worker');
    expect(byId<HTMLInputElement>('busy').checked).toBe(false);
    const loading = byId('loading');
    await page.started;
    await untilFrame(() => record.draws.length >= 3, 'three frames drawn from the worker');
    expect(mainThread).toBe(0);
    expect(loading.dataset.total).toBe(String(RAPIER_WASM_BYTES)); // the worker's load, counted
    expect(loading.isConnected).toBe(false);
    expect(overlay()!.dataset.mode).toBe('worker');
    expect(record.poses!.count).toBe(4);
    await untilFrame(() => record.poses!.drawnPositions[10]! > 3, 'the top box drawn where it is');
    expect(record.draws.at(-1)!.dt).toBeCloseTo(1 / 60, 12);
    await untilFrame(() => ticks() > 0, 'the worker reporting its ticks');
    const saved = downloads();
    try {
      byId('save').click();
      await untilFrame(() => saved.names.length > 0, "the worker's recording saved");
    } finally {
      saved.restore();
    }
    expect(saved.names).toEqual(['rapier-box-game.looprec']);
  });

  it('runs on the main thread on ?mode=worker without a worker, and busies the page on &busy=1', async () => {
    history.replaceState(null, '', `${location.pathname}?mode=worker`);
    const { page } = start();
    expect(page.mode).toBe('main');
    page.dispose();
    mountPage();
    history.replaceState(null, '', `${location.pathname}?mode=main&busy=1`);
    const long: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) long.push(entry.duration);
    });
    observer.observe({ type: 'longtask' });
    try {
      const busy = start({ worker });
      expect(busy.page.mode).toBe('main');
      expect(byId<HTMLSelectElement>('mode').value).toBe('main');
      expect(byId<HTMLInputElement>('busy').checked).toBe(true);
      await busy.page.started;
      await untilFrame(() => long.some((ms) => ms >= 95), 'a busy block of 100 ms');
    } finally {
      observer.disconnect();
    }
  });
});

describe('startRapierPage folds', () => {
  it('opens and folds the HUD with More', () => {
    const { hud } = start();
    byId('more').click();
    expect([hud.dataset.folded, byId('more').textContent]).toEqual(['true', 'More']);
    byId('more').click();
    expect([hud.dataset.folded, byId('more').textContent]).toEqual(['false', 'Less']);
  });

  it('folds the HUD and the stats on a small screen, unless the player chose before', async () => {
    await browserPage.viewport(400, 700);
    const { page, hud } = start();
    expect(hud.dataset.folded).toBe('true');
    await page.started;
    expect(overlay()!.getAttribute('aria-expanded')).toBe('false');
    page.dispose();
    localStorage.setItem('loop-stats-collapsed', '0');
    mountPage();
    const chosen = start();
    await chosen.page.started;
    expect(overlay()!.getAttribute('aria-expanded')).toBe('true');
  });
});

describe('the HUD a page has already', () => {
  it('keeps the parts the game wrote, and puts the status line last where it has no moves', () => {
    const hud = mountPage('<p class="more">help</p>');
    start({ worker: () => new Worker('data:,') });
    expect([...hud.children].map((e) => e.id || e.className)).toEqual([
      'more',
      'replay',
      'row',
      'row more',
      'row more',
    ]);
    const again = mountPage(hud.innerHTML.replace('>recording<', '>written by the game<'));
    start({ worker: () => new Worker('data:,') });
    expect(again.children).toHaveLength(5);
    expect(document.querySelectorAll('#instant, #mode, #save')).toHaveLength(3);
  });
});
