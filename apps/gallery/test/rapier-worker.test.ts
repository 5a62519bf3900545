import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { galleryRoot } from '../apps.mjs';
import {
  expectMatched,
  loadRecording,
  overlayText,
  PAGE_WAIT_MS,
  problemsOf,
  saveRecording,
  status,
  until,
} from './rapier-page.js';
import { type SiteServer, serveSite } from './site-server.js';

/**
 * The rapier app's worker mode (`?mode=worker`) in the built site, in headless Chromium: Rapier
 * steps in a worker and the page draws its snapshots. Served twice: with the cross-origin
 * isolation headers (the snapshots go through shared memory) and without, as GitHub Pages
 * serves it (transferred buffers). In both it animates, replays instantly and matches every
 * tick; and a recording made in one mode replays bit for bit in the other.
 */

const DIST = `${galleryRoot}/dist`;
const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

let isolated: SiteServer;
let plain: SiteServer;
let browser: Browser;

beforeAll(async () => {
  isolated = await serveSite(DIST, '/loop/', ISOLATION);
  plain = await serveSite(DIST, '/loop/');
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

afterAll(async () => {
  await browser?.close();
  await isolated?.close();
  await plain?.close();
});

/** Opens the rapier app in `mode` and waits until it records ticks. */
async function open(
  server: SiteServer,
  mode: 'main' | 'worker',
): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems = problemsOf(page);
  await page.goto(`${server.url}rapier/index.html?mode=${mode}`, { waitUntil: 'load' });
  await until(page, (s) => s.ticks > 0);
  return { page, problems };
}

/** Rolls into the pile, jumps and teleports: a session with every kind of input. */
async function play(page: Page, ticks: number): Promise<void> {
  await page.keyboard.down('KeyW');
  await until(page, (s) => s.ticks >= ticks / 3);
  await page.keyboard.press('Space');
  await page.keyboard.press('KeyT');
  await until(page, (s) => s.ticks >= ticks);
  await page.keyboard.up('KeyW');
}

describe('the rapier app in worker mode', () => {
  it('runs over shared memory when isolated, replays instantly, and swaps recordings with the main-thread mode bit for bit', async () => {
    const worker = await open(isolated, 'worker');
    try {
      await expect
        .poll(() => overlayText(worker.page), { timeout: PAGE_WAIT_MS })
        .toMatch(/^simulation worker \(shared\)$/m);
      expect(await worker.page.$eval('#mode', (e) => (e as HTMLSelectElement).value)).toBe(
        'worker',
      );
      await play(worker.page, 120);
      const before = (await status(worker.page)).changes;
      await worker.page.keyboard.press('KeyR');
      await worker.page.selectOption('#speed', '0.5'); // shown in a replay only (#30)
      expect((await expectMatched(worker.page, before)).length).toBeGreaterThanOrEqual(120);
      const fromWorker = await saveRecording(worker.page);

      // Made in the worker, replayed on the main thread: every tick's hash matches.
      const main = await open(isolated, 'main');
      try {
        let changes = (await status(main.page)).changes;
        await loadRecording(main.page, fromWorker);
        await expectMatched(main.page, changes);
        await play(main.page, (await status(main.page)).ticks + 60);
        const fromMain = await saveRecording(main.page);
        // And back: made on the main thread, replayed in the worker.
        changes = (await status(worker.page)).changes;
        await loadRecording(worker.page, fromMain);
        await expectMatched(worker.page, changes);
        expect(main.problems).toEqual([]);
      } finally {
        await main.page.close();
      }
      expect(worker.problems).toEqual([]);
    } finally {
      await worker.page.close();
    }
  });

  it('falls back to transferred buffers on a host without the isolation headers, with the same replays', async () => {
    const { page, problems } = await open(plain, 'worker');
    try {
      await expect
        .poll(() => overlayText(page), { timeout: PAGE_WAIT_MS })
        .toMatch(/^simulation worker \(message\)$/m);
      await play(page, 90);
      const before = (await status(page)).changes;
      await page.keyboard.press('KeyR');
      expect((await expectMatched(page, before)).length).toBeGreaterThanOrEqual(90);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
