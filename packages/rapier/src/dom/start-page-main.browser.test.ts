import { describe, expect, it } from 'vitest';
import { CountedGame, mountPage, untilFrame, wait } from '../test-support/page.js';
import {
  byId,
  downloads,
  overlay,
  start,
  status,
  ticks,
  useStartedPages,
} from '../test-support/start-page.js';
import { RAPIER_PAGE_CSS } from './page-style.js';

/**
 * The page start-up in real Chromium, on the main thread: the document's HUD filled, the page
 * styled, Rapier loaded behind the loading line (or why it did not, on the page), the tests'
 * BoxGame run, and everything stopped by dispose.
 */

useStartedPages();

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
