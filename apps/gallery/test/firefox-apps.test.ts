import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, galleryRoot } from '../apps.mjs';
import { type Firefox, firefoxProblems, launchFirefox } from './firefox.js';
import { PAGE_WAIT_MS } from './rapier-page.js';
import { type SiteServer, serveSite } from './site-server.js';

/**
 * Every app of the built site in Firefox ESR, as a player with Firefox meets it: it loads, its
 * loop runs (the stats overlay counts frames drawn and the fixed steps taken), what it draws
 * changes by itself, and it logs no error. Served as a GitHub Pages project site is, with no
 * isolation headers, so the rapier app takes its main-thread path (its worker mode over both
 * transports is firefox.test.ts).
 *
 * Where Firefox differs from Chromium, and why the checks still hold:
 * - `performance.now()` is coarser (1 ms without cross-origin isolation, against 5 µs in
 *   Chromium), so frame times jitter by up to a millisecond. The loops take whole fixed steps
 *   from an accumulator and clamp the frame time, so the counts below only grow; no figure here
 *   depends on a frame's length.
 * - `requestAnimationFrame` on the virtual display runs at its own cadence (Xvfb has no vsync,
 *   Firefox falls back to a 60 Hz software timer) and slows when the machine is busy: the test
 *   waits for counts, never for a time.
 * - WebGL is Mesa's software renderer (llvmpipe), slow but complete: the three.js and Rapier
 *   scenes draw, at a few frames a second on a loaded machine.
 */

const DIST = `${galleryRoot}/dist`;

let site: SiteServer;
let firefox: Firefox;

beforeAll(async () => {
  site = await serveSite(DIST, '/loop/');
  firefox = await launchFirefox();
}, PAGE_WAIT_MS);

afterAll(async () => {
  await firefox?.close();
  await site?.close();
});

/** The overlay's counts: frames drawn, and the figures it prints (steps among them). */
function counts(page: Page): Promise<{ rendered: number; text: string }> {
  return page.$eval('[data-loop-stats]', (element) => ({
    rendered: Number(element.getAttribute('data-rendered')),
    text: element.textContent ?? '',
  }));
}

/** Waits until the overlay has counted `frames` more frames than `from`. */
async function framesPast(page: Page, from: number, frames: number): Promise<number> {
  let rendered = from;
  await expect
    .poll(
      async () => {
        rendered = (await counts(page)).rendered;
        return rendered >= from + frames;
      },
      { timeout: PAGE_WAIT_MS, interval: 200 },
    )
    .toBe(true);
  return rendered;
}

/** The page without its overlays: the scene alone, as a PNG. */
async function scene(page: Page): Promise<Buffer> {
  return Buffer.from(await page.screenshot({ clip: { x: 0, y: 0, width: 1280, height: 800 } }));
}

describe('every app of the built site, in Firefox', () => {
  it.for(apps.map((app: { name: string }) => app.name))(
    '%s loads, runs its loop and draws motion, with no console error',
    { timeout: PAGE_WAIT_MS * 2 },
    async (name: string) => {
      const page = await firefox.browser.newPage();
      const problems = firefoxProblems(page);
      try {
        const response = await page.goto(`${site.url}${name}/index.html`, { waitUntil: 'load' });
        expect(response?.status()).toBe(200);
        const first = await framesPast(page, 0, 1);
        await page.addStyleTag({
          content: '#hud, [data-loop-stats] { visibility: hidden !important; }',
        });
        const before = await scene(page);
        await framesPast(page, first, 30);
        const after = await scene(page);
        expect(after.equals(before), `${name} drew the same picture 30 frames apart`).toBe(false);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});
