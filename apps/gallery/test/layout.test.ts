import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { apps, galleryRoot } from '../apps.mjs';
import { playfieldProblems, layoutProblems as problems, readLayout, VIEWPORTS } from './layout.js';
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

/**
 * The keys each app reads in live play, each of which must have a button: the pointer's own
 * gestures (drag to steer, tap the canvas) are not keys and are told in each app's help text.
 * Rapier's Escape ends a replay: its button shows only in one (see REPLAY_CONTROLS).
 */
const KEYS: Record<string, string[]> = {
  canvas2d: ['KeyI', 'Space'],
  three: ['KeyT', 'KeyY'],
  mobile: [],
  rapier: ['KeyB', 'KeyR', 'KeyT', 'Space'],
  r3f: ['Space'],
  // Rollback's keys are held movement (WASD, the arrows): on touch a held finger steers red
  // instead, and the computer plays green; it has no once-per-press key to give a button.
  rollback: [],
};

/** The rapier app's controls that act on a replay only: shown in one, and only then. */
const REPLAY_CONTROLS = ['#end', '#speed'];

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
  r3f: [
    { tap: '[data-fps="60"]', read: '[data-fps="60"]', attribute: 'aria-pressed', value: 'true' },
  ],
  // A tap in the middle of a slider sets its middle value, which the link takes from the next
  // packet on (the HUD's data-latency and data-loss are the values in force).
  rollback: [
    { tap: '#latency', read: '#hud', attribute: 'data-latency', value: '150' },
    { tap: '#loss', read: '#hud', attribute: 'data-loss', value: '25' },
  ],
  rapier: [
    // The key buttons' R started a replay, whose Escape button now shows: it ends it.
    { tap: '[data-key="Escape"]', read: '#replay', attribute: 'data-replay', value: 'recording' },
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

/**
 * Opens `app` (a folder of the site, with a query string if any) in a fresh context of
 * `viewport` (its own storage) and waits for a frame.
 */
async function open(
  app: string,
  viewport: keyof typeof VIEWPORTS,
): Promise<{ page: Page; errors: string[] }> {
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

/**
 * Waits until the app has drawn a frame (its overlay counts them) and has loaded: the rapier
 * app's loading line, over the middle of the game while its WebAssembly arrives, has gone.
 */
async function rendered(page: Page): Promise<void> {
  await page.waitForFunction(
    () => Number(document.querySelector('[data-loop-stats]')?.getAttribute('data-rendered')) > 0,
    undefined,
    { timeout: WAIT_MS, polling: 100 },
  );
  await page.waitForSelector('#loading', { state: 'detached', timeout: WAIT_MS });
}

/** Which of `selectors` are visible and enabled on the page. */
async function shown(page: Page, selectors: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const selector of selectors) {
    const control = page.locator(selector);
    if ((await control.isVisible()) && (await control.isEnabled())) found.push(selector);
  }
  return found;
}

/**
 * What a replay of the rapier app must show: its own controls, a sign over the game that says
 * it is a replay (more than the status line), the game still in view and nothing overlapping.
 */
async function inReplay(page: Page): Promise<void> {
  await expect
    .poll(() => shown(page, REPLAY_CONTROLS), { timeout: WAIT_MS })
    .toEqual(REPLAY_CONTROLS);
  const sign = page.locator('#replay-sign');
  await expect.poll(() => sign.isVisible(), { timeout: WAIT_MS }).toBe(true);
  expect(await sign.textContent()).toMatch(/replay/i);
  const layout = await readLayout(page);
  expect(layout.overlays.map((box) => box.name)).toContain('#replay-sign');
  expect(problems(layout)).toEqual([]);
  expect(playfieldProblems(layout)).toEqual([]);
}

describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])(
  'every template app on a %s',
  (viewport) => {
    const touch = VIEWPORTS[viewport].hasTouch === true;

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
          expect(playfieldProblems(before)).toEqual([]);
          expect([...before.keys].sort()).toEqual(KEYS[app]);
          if (app === 'rapier') expect(await shown(page, REPLAY_CONTROLS)).toEqual([]);

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
            if (app === 'rapier' && effect.value === 'replaying') await inReplay(page);
          }
          // Labels that changed with a tap still fit, and the game is still in view.
          const after = await readLayout(page);
          expect(problems(after)).toEqual([]);
          expect(playfieldProblems(after)).toEqual([]);
          expect(errors).toEqual([]);
        } finally {
          await page.context().close();
        }
      },
    );
  },
);

/**
 * The apps whose panels start folded on a phone, where open they would cover the game: rapier's
 * stats (a dozen lines of physics and worker figures) and its HUD (help and settings).
 */
const FOLDED_ON_PHONE = new Set(['rapier']);

describe('the stats overlay', () => {
  it.for(TEMPLATES)(
    '%s: folds to one line at a tap on a phone, and stays folded after a reload',
    { timeout: TEST_MS },
    async (app) => {
      const { page, errors } = await open(app, 'phone');
      try {
        const stats = page.locator('[data-loop-stats]');
        if (FOLDED_ON_PHONE.has(app)) {
          expect(await stats.getAttribute('aria-expanded')).toBe('false');
          await stats.tap();
        }
        await expect.poll(() => stats.getAttribute('aria-expanded')).toBe('true');
        const open = await stats.boundingBox();
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

describe("the rapier app's HUD", () => {
  it.for(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])(
    'on a %s: starts folded where it would cover the game, and More opens its help and settings',
    { timeout: TEST_MS },
    async (viewport) => {
      const { page, errors } = await open('rapier', viewport);
      try {
        const hud = page.locator('[data-loop-hud]');
        const more = page.locator('#more');
        const help = page.locator('[data-loop-hud] p.more');
        const folded = viewport === 'phone';
        expect(await hud.getAttribute('data-folded')).toBe(String(folded));
        expect(await help.isVisible()).toBe(!folded);
        expect(await more.getAttribute('aria-expanded')).toBe(String(!folded));
        await (viewport === 'phone' ? more.tap() : more.click());
        expect(await hud.getAttribute('data-folded')).toBe(String(!folded));
        expect(await help.isVisible()).toBe(folded);
        expect(await page.locator('#mode').isVisible()).toBe(folded);
        expect(problems(await readLayout(page))).toEqual([]);
        if (folded) {
          // Both open, as they started before #30: over the game, what the folds prevent.
          await page.locator('[data-loop-stats]').tap();
          await expect
            .poll(async () => playfieldProblems(await readLayout(page)).length)
            .toBeGreaterThan(0);
        }
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
  );
});

describe('the loop lab', () => {
  it.for(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])(
    'on a %s: no fixed panel over its lanes or over another',
    { timeout: TEST_MS },
    async (viewport) => {
      const { page, errors } = await open('lab', viewport);
      try {
        const layout = await readLayout(page);
        expect(layout.playfield.name).toBe('#lanes-canvas');
        expect(playfieldProblems(layout)).toEqual([]);
        // A page that scrolls: its controls below the fold are fine, its fixed panels are not.
        expect(problems({ ...layout, controls: [] })).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
  );
});
