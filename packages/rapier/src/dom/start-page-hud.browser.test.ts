import { describe, expect, it } from 'vitest';
import { page as browserPage } from 'vitest/browser';
import { mountPage } from '../test-support/page.js';
import { byId, overlay, start, useStartedPages } from '../test-support/start-page.js';

/**
 * The page's HUD in real Chromium: opened and folded with More, folded with the stats on a small
 * screen unless the player chose before, and the parts of a HUD the page has already kept.
 */

useStartedPages();

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
