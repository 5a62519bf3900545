import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { galleryRoot } from '../apps.mjs';
import { PAGE_WAIT_MS, problemsOf, until } from './rapier-page.js';
import { type SiteServer, serveSite } from './site-server.js';

/**
 * How the rapier app of the built site loads Rapier's WebAssembly, in headless Chromium, in
 * both modes (worker mode's worker loads it itself): as a file of its own, fetched once, with
 * a loading line (`#loading`) that counts its megabytes and is gone at the first frame; and,
 * when the file cannot be had, the line says so and the page shows no other error than that.
 * Waits poll for a condition with a generous timeout; nothing here depends on speed.
 */

const DIST = `${galleryRoot}/dist`;
const MODES = ['main', 'worker'] as const;

let server: SiteServer;
let browser: Browser;

beforeAll(async () => {
  server = await serveSite(DIST, '/loop/');
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Every text the loading line showed, in order, recorded from the page's first script on
 * (a MutationObserver keeps each text node the line is given, so none is missed).
 */
async function recordLoadingTexts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const texts: string[] = [];
    (window as unknown as { loadingTexts: string[] }).loadingTexts = texts;
    new MutationObserver((records) => {
      for (const record of records) {
        const onLine = (record.target as Element).id === 'loading'; // its text replaced
        for (const node of record.addedNodes) {
          if (onLine || (node as Element).id === 'loading') texts.push(node.textContent ?? '');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

describe('the rapier app loading Rapier', () => {
  it.for(MODES)(
    '%s mode: fetches the .wasm once, counts its megabytes, and clears the line at the first frame',
    async (mode) => {
      const context = await browser.newContext();
      try {
        await recordLoadingTexts(context);
        const wasm: { url: string; status: number; type: string }[] = [];
        context.on('response', (response) => {
          if (response.url().endsWith('.wasm')) {
            wasm.push({
              url: response.url(),
              status: response.status(),
              type: response.headers()['content-type'] ?? '',
            });
          }
        });
        const page = await context.newPage();
        const problems = problemsOf(page);
        await page.goto(`${server.url}rapier/index.html?mode=${mode}`, { waitUntil: 'load' });
        // Gone at the game's first frame (worker mode's page draws nothing before its worker is
        // ready, though its overlay counts frames from the start), and the game runs on.
        await page.waitForSelector('#loading', { state: 'detached', timeout: PAGE_WAIT_MS });
        await until(page, (s) => s.ticks > 0);
        const texts = await page.evaluate(
          () => (window as unknown as { loadingTexts: string[] }).loadingTexts,
        );
        expect(texts[0]).toBe('Loading physics…');
        expect(texts).toContain('Loading physics… 0.0 / 3.1 MB');
        expect(texts.at(-1)).toBe('Starting physics…');
        expect(wasm).toEqual([
          {
            url: expect.stringMatching(/\/loop\/rapier\/assets\/rapier_wasm3d_bg-[\w-]+\.wasm$/),
            status: 200,
            type: 'application/wasm',
          },
        ]);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it.for(MODES)(
    '%s mode: says on the page that physics could not load when the .wasm is missing',
    async (mode) => {
      const context = await browser.newContext();
      try {
        await context.route('**/*.wasm', (route) => route.fulfill({ status: 404, body: 'gone' }));
        const page = await context.newPage();
        const problems = problemsOf(page);
        await page.goto(`${server.url}rapier/index.html?mode=${mode}`, { waitUntil: 'load' });
        const line = await page.waitForSelector('#loading[data-failed]', { timeout: PAGE_WAIT_MS });
        expect(await line.textContent()).toMatch(
          /^Physics could not load: Rapier's WebAssembly did not load from \S+\/rapier_wasm3d_bg-[\w-]+\.wasm: HTTP 404/,
        );
        // The one error logged is that one, and nothing was left uncaught.
        expect(problems.length).toBeGreaterThan(0);
        expect(problems.filter((p) => !/did not load from|404/.test(p))).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
