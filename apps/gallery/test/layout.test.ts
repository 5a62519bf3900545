import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { apps, galleryRoot } from '../apps.mjs';
import { type Box, type Layout, readLayout } from './layout.js';
import { type SiteServer, serveSite } from './site-server.js';

/**
 * Every template app of the built site (apps/gallery/dist, `pnpm build` first; rapier in both
 * modes) on a phone held upright (390 × 844, touch, 3 device pixels per CSS pixel) and on a
 * laptop (1280 × 800), as issue #22 asks: every overlay and control on screen, none over another, the topmost thing at
 * each control's centre the control itself; every on-screen key button tapped (clicked on the
 * laptop) and its effect read from the page; the stats overlay folded by a tap and still folded
 * after a reload. Boxes come from the browser (test/layout.ts); waits poll with a generous
 * timeout, and nothing here depends on how fast the machine is.
 */

const DIST = join(galleryRoot, 'dist');
const PREFIX = '/loop/';
/** Longest wait for something a healthy page does by itself (a first frame, a tap's step). */
const WAIT_MS = 120_000;
/** A page load, its layout read twice and every control tapped: rapier at DPR 3 is the slowest. */
const TEST_MS = 240_000;

/** The apps made from templates: the ones a scaffold gives, each a full-screen game. */
const TEMPLATES = apps.filter((app) => !('dir' in app) || !app.dir).map((app) => app.name);
/**
 * The pages the layout is read on: each template app, and the rapier app in worker mode, whose
 * overlay has a line more (the snapshots' health).
 */
const PAGES = [...TEMPLATES, 'rapier?mode=worker'];

const VIEWPORTS: Record<string, BrowserContextOptions> = {
  phone: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  },
  laptop: { viewport: { width: 1280, height: 800 } },
};

/**
 * The keys each app reads, each of which must have a button: the pointer's own gestures (drag
 * to steer, tap the canvas) are not keys and are told in each app's help text.
 */
const KEYS: Record<string, string[]> = {
  canvas2d: ['KeyI', 'Space'],
  three: ['KeyT', 'KeyY'],
  mobile: [],
  rapier: ['Escape', 'KeyB', 'KeyR', 'KeyT', 'Space'],
};

/**
 * What a tap must visibly do beyond the key buttons' count (`data-presses`, written by the step
 * that saw the tap): the control to tap, then the element and attribute that show its effect.
 */
const EFFECTS: Record<string, { tap: string; read: string; attribute: string; value: string }[]> = {
  // The key buttons' round above switched interpolation off (the toggle is KeyI's button):
  // this tap switches it on again. Expecting 'false' here passed only when the check ran
  // before the next fixed step had seen the tap.
  canvas2d: [{ tap: '#toggle', read: '#toggle', attribute: 'aria-pressed', value: 'true' }],
  mobile: [
    { tap: '[data-fps="60"]', read: '[data-fps="60"]', attribute: 'aria-pressed', value: 'true' },
  ],
  rapier: [
    { tap: '#instant', read: '#replay', attribute: 'data-replay', value: 'replaying' },
    // A replay of the seconds so far, at half speed: it is still running when this tap comes.
    { tap: '#end', read: '#replay', attribute: 'data-replay', value: 'recording' },
  ],
};

let server: SiteServer;
let browser: Browser;

beforeAll(async () => {
  expect(existsSync(join(DIST, 'index.html')), `no built site in ${DIST} (run pnpm build)`).toBe(
    true,
  );
  server = await serveSite(DIST, PREFIX);
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Where two boxes share area (more than a rounding error of a pixel). */
function overlap(a: Box, b: Box): boolean {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0.5 && h > 0.5;
}

/** Everything wrong with a layout, as sentences: an empty list is a page that passes. */
function problems(layout: Layout): string[] {
  const found: string[] = [];
  const { width, height } = layout.viewport;
  const all = [...layout.overlays, ...layout.controls];
  for (const box of all) {
    if (box.left < -0.5 || box.top < -0.5 || box.right > width + 0.5 || box.bottom > height + 0.5) {
      found.push(`${box.name} is off screen: ${JSON.stringify(box)}`);
    }
  }
  for (const [i, a] of layout.overlays.entries()) {
    for (const b of layout.overlays.slice(i + 1)) {
      if (overlap(a, b)) found.push(`${a.name} overlaps ${b.name}`);
    }
  }
  for (const [i, a] of layout.controls.entries()) {
    for (const b of layout.controls.slice(i + 1)) {
      // A label around its select is one control, drawn so.
      if (!a.holds.includes(b.id) && !b.holds.includes(a.id) && overlap(a, b)) {
        found.push(`${a.name} overlaps ${b.name}`);
      }
    }
    if (!a.onTop) found.push(`${a.name} is covered at its centre by ${a.covered}`);
  }
  return found;
}

/**
 * Opens `app` (a folder of the site, with a query string if any) in a fresh context of
 * `viewport` (its own storage) and waits for a frame.
 */
async function open(app: string, viewport: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext(VIEWPORTS[viewport]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const [folder, query] = app.split('?');
  await page.goto(`${server.url}${folder}/index.html${query ? `?${query}` : ''}`, {
    waitUntil: 'load',
  });
  await rendered(page);
  return { page, errors };
}

/** Waits until the app has drawn a frame (its overlay counts them). */
async function rendered(page: Page): Promise<void> {
  await page.waitForFunction(
    () => Number(document.querySelector('[data-loop-stats]')?.getAttribute('data-rendered')) > 0,
    undefined,
    { timeout: WAIT_MS, polling: 100 },
  );
}

describe.each(Object.keys(VIEWPORTS))('every template app on a %s', (viewport) => {
  const touch = VIEWPORTS[viewport]!.hasTouch === true;

  it.for(PAGES)(
    '%s: overlays and controls on screen, none over another; every key has a button that works',
    { timeout: TEST_MS },
    async (path) => {
      const app = path.split('?')[0]!;
      const { page, errors } = await open(path, viewport);
      try {
        const before = await readLayout(page);
        expect(before.overlays.map((box) => box.name)).toEqual(
          expect.arrayContaining(['[data-loop-stats]', '[data-loop-hud]']),
        );
        expect(problems(before)).toEqual([]);
        expect([...before.keys].sort()).toEqual(KEYS[app]);

        // Every key button, then each app's own controls with an effect to read.
        for (const key of before.keys) {
          const button = page.locator(`[data-loop-hud] [data-key="${key}"]`);
          await (touch ? button.tap() : button.click());
          await expect
            .poll(() => button.getAttribute('data-presses'), { timeout: WAIT_MS })
            .toBe('1');
        }
        for (const effect of EFFECTS[app] ?? []) {
          const control = page.locator(effect.tap);
          await (touch ? control.tap() : control.click());
          await expect
            .poll(() => page.locator(effect.read).getAttribute(effect.attribute), {
              timeout: WAIT_MS,
            })
            .toBe(effect.value);
        }
        // Labels that changed with a tap still fit.
        expect(problems(await readLayout(page))).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
  );
});

describe('the stats overlay', () => {
  it.for(TEMPLATES)(
    '%s: folds to one line at a tap on a phone, and stays folded after a reload',
    { timeout: TEST_MS },
    async (app) => {
      const { page, errors } = await open(app, 'phone');
      try {
        const stats = page.locator('[data-loop-stats]');
        const open = await stats.boundingBox();
        expect(await stats.getAttribute('aria-expanded')).toBe('true');
        await stats.tap();
        await expect.poll(() => stats.getAttribute('aria-expanded')).toBe('false');
        await expect.poll(() => stats.textContent()).toMatch(/^fps \d+\.\d$/);
        const folded = await stats.boundingBox();
        expect(folded!.height).toBeLessThan(open!.height / 3);
        await page.reload({ waitUntil: 'load' });
        await rendered(page);
        expect(await stats.getAttribute('aria-expanded')).toBe('false');
        expect(problems(await readLayout(page))).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
  );
});
