import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { allApps, galleryRoot } from '../apps.mjs';
import { startDev } from '../dev-server.mjs';
import { crawl, expectedTitle, MAX_PAGES, wrongLandings } from './crawl.js';
import { layoutProblems, playfieldProblems, readLayout, VIEWPORTS } from './layout.js';

/**
 * `pnpm dev` (`npm start` at the root) routes as the built site does (issue #30): the gallery,
 * each app at /<name>/ and the docs at /docs/ on one origin, so the docs' links to the apps, the
 * "Live apps" menu and the lab's "All apps" land on the pages they name, and the gallery shows
 * the pictures of the build, each a link to its app. The dev server is dev.mjs's own
 * (dev-server.mjs), every app on a free port of 127.0.0.1, with headless Chromium for the
 * gallery's script-made list. Waits poll with a generous timeout.
 *
 * The multiplayer app, which the built site cannot hold (it needs its game server), has its
 * layout checked here as layout-controls.test.ts checks the others': on a phone and a laptop,
 * no panel over another or over the arena it draws.
 */

const WAIT_MS = 120_000;
const thumbnail = JSON.parse(readFileSync(join(galleryRoot, 'thumbnails.json'), 'utf8')) as {
  width: number;
};

let site: { url: string; close: () => Promise<void> };
let browser: Browser;

beforeAll(async () => {
  site = await startDev({ port: 0, host: '127.0.0.1', appPorts: 'any', logLevel: 'silent' });
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  // The multiplayer app's Vite plugin started its game server in this process; end it too.
  const game = (globalThis as { arenaGame?: Promise<{ stop(): Promise<void> }> }).arenaGame;
  await (await game)?.stop();
});

/** The gallery's links, as its script makes them, read in Chromium. */
async function galleryLinks(): Promise<string[]> {
  const page = await browser.newPage();
  try {
    await page.goto(site.url, { waitUntil: 'load' });
    await page.waitForSelector('#apps a[data-app]', { state: 'attached', timeout: WAIT_MS });
    return await page.$$eval('a[href]', (anchors) =>
      anchors.map((anchor) => (anchor as HTMLAnchorElement).href),
    );
  } finally {
    await page.close();
  }
}

describe('the dev server (pnpm dev, npm start)', () => {
  it('lands every link of the site, from the gallery through the docs and the apps, on the page it names', {
    timeout: 300_000,
  }, async () => {
    const { landings, outside, linksFrom } = await crawl(site.url, [
      site.url,
      ...(await galleryLinks()),
    ]);
    expect(wrongLandings(landings)).toEqual([]);
    expect(outside).toEqual([]);
    const reached = new Set(landings.map((landing) => landing.url.slice(site.url.length)));
    // The links the issue names: the docs' to the apps, the worker mode, the lab's way back.
    for (const path of ['', 'canvas2d/', 'lab/', 'rapier/?mode=worker', 'docs/']) {
      expect(reached, path).toContain(path);
    }
    // The lab's "All apps" names the gallery (and the gallery answered it, above).
    expect(linksFrom.get(`${site.url}lab/`)).toContain(site.url);
    expect(landings.length).toBeGreaterThan(100);
    expect(landings.length).toBeLessThan(MAX_PAGES);
  });

  it.for(['nowhere', 'docs/reference/gone.html', 'canvas2d/assets/missing/deeper/file.html'])(
    'answers a miss at %s with 404, not with some page',
    async (path) => {
      const response = await fetch(site.url + path);
      expect(response.status).toBe(404);
    },
  );

  it('shows the gallery as the build does: what loop is, and each app as a picture that opens it', {
    timeout: 300_000,
  }, async () => {
    const page = await browser.newPage();
    try {
      await page.goto(site.url, { waitUntil: 'load' });
      await page.waitForSelector('#apps a[data-app]', { state: 'attached', timeout: WAIT_MS });
      expect(await page.locator('h1').textContent()).toBe('loop');
      expect(await page.locator('h1 + p').textContent()).toMatch(/game loop .*fixed timestep/s);
      for (const app of allApps) {
        const card = page.locator('#apps li', { has: page.locator(`a[data-app="${app.name}"]`) });
        expect(await card.locator(`a[data-app]`).getAttribute('href')).toBe(`./${app.name}/`);
        if (app.server) continue; // no picture: the build, which takes them, cannot run it
        const image = card.locator('a.picture > img');
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBe(thumbnail.width);
        await image.click();
        await page.waitForURL(`${site.url}${app.name}/`, { timeout: WAIT_MS });
        expect(await page.title()).toBe(expectedTitle(`${app.name}/`));
        await page.goto(site.url, { waitUntil: 'load' });
      }
    } finally {
      await page.close();
    }
  });
});

describe('the multiplayer app under the dev server', () => {
  it.for(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])(
    'on a %s: panels on screen, none over another, none over the arena, open or folded',
    { timeout: 240_000 },
    async (viewport) => {
      const context = await browser.newContext(VIEWPORTS[viewport]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        await page.goto(`${site.url}multiplayer/`, { waitUntil: 'load' });
        // Joined (the stats come with the loop) and drawn beside its panels.
        await page.waitForFunction(
          () =>
            Number(document.querySelector('[data-loop-stats]')?.getAttribute('data-rendered')) > 0,
          undefined,
          { timeout: WAIT_MS, polling: 100 },
        );
        const settled = async () => {
          const layout = await readLayout(page);
          return [
            ...layoutProblems(layout),
            ...playfieldProblems(layout),
            layout.playfield.drawn ? '' : 'no arena',
          ].filter(Boolean);
        };
        await expect.poll(settled, { timeout: WAIT_MS }).toEqual([]);
        // Folding the stats moves the arena, and it stays clear of them both ways.
        const stats = page.locator('[data-loop-stats]');
        for (let fold = 0; fold < 2; fold++) {
          const before = await stats.getAttribute('aria-expanded');
          await stats.click();
          await expect.poll(() => stats.getAttribute('aria-expanded')).not.toBe(before);
          await expect.poll(settled, { timeout: WAIT_MS }).toEqual([]);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
