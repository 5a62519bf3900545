import { describe, expect, it } from 'vitest';
import { PAGE_WAIT_MS, problemsOf } from './rapier-page.js';
import { useSiteAndBrowser } from './site-browser.js';

/**
 * The three.js, Rapier and React Three Fiber apps of the built site in a Chromium without WebGL (launched with
 * `--disable-webgl --disable-3d-apis`, as a browser with WebGL turned off or its GPU blocked):
 * each says so in the page (`requireWebGL` of @loop/core/dom) instead of a blank canvas and an
 * uncaught error, and the rest runs on: the loop steps and its overlay counts frames, undrawn
 * (React Three Fiber's loop lives in its canvas: there the message and no error). The rollback
 * app draws with canvas 2D, so there it plays as ever: no message, a drawn arena.
 */

const PAGES = ['three', 'rapier', 'rapier?mode=worker', 'r3f'];
/** Pages whose loop lives inside a WebGL canvas (React Three Fiber's): no canvas, no loop. */
const NO_LOOP_WITHOUT_WEBGL = new Set(['r3f']);

const site = useSiteAndBrowser(['--disable-webgl', '--disable-3d-apis']);

describe('without WebGL', () => {
  it.for(PAGES)(
    '%s: a message in the page, no uncaught error, the loop running undrawn',
    { timeout: 2 * PAGE_WAIT_MS },
    async (path) => {
      const page = await site.browser.newPage();
      const problems = problemsOf(page);
      try {
        const [folder, query] = path.split('?');
        await page.goto(`${site.server.url}${folder}/index.html${query ? `?${query}` : ''}`, {
          waitUntil: 'load',
        });
        // The browser really has none: the check is not the page's alone.
        expect(
          await page.evaluate(() => document.createElement('canvas').getContext('webgl2')),
        ).toBeNull();
        const note = page.locator('[data-loop-message]');
        await note.waitFor({ state: 'visible', timeout: PAGE_WAIT_MS });
        expect(await note.getAttribute('role')).toBe('alert');
        expect(await note.textContent()).toMatch(/WebGL/);
        // The loop goes on: its overlay counts frames rendered (undrawn).
        if (NO_LOOP_WITHOUT_WEBGL.has(path)) {
          expect(problems).toEqual([]);
          return;
        }
        await page.waitForFunction(
          () =>
            Number(document.querySelector('[data-loop-stats]')?.getAttribute('data-rendered')) > 10,
          undefined,
          { timeout: PAGE_WAIT_MS, polling: 100 },
        );
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});

describe('without WebGL, a canvas 2D app', () => {
  it('rollback: no message, its loop runs and its arena is drawn, no error', {
    timeout: 2 * PAGE_WAIT_MS,
  }, async () => {
    const page = await site.browser.newPage();
    const problems = problemsOf(page);
    try {
      await page.goto(`${site.server.url}rollback/index.html`, { waitUntil: 'load' });
      await page.waitForFunction(
        () =>
          Number(document.querySelector('[data-loop-stats]')?.getAttribute('data-rendered')) > 10,
        undefined,
        { timeout: PAGE_WAIT_MS, polling: 100 },
      );
      expect(await page.locator('[data-loop-message]').count()).toBe(0);
      // The background, the platform and the balls: more than two colours on the canvas.
      const colours = await page.evaluate(() => {
        const canvas = document.querySelector('canvas')!;
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        const seen = new Set<number>();
        for (let i = 0; i < data.length; i += 4 * 31) {
          seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
        }
        return seen.size;
      });
      expect(colours).toBeGreaterThan(2);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
