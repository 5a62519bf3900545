import { describe, expect, it } from 'vitest';
import { playfieldProblems, layoutProblems as problems, readLayout, VIEWPORTS } from './layout.js';
import { rendered, TEMPLATES, TEST_MS, useAppPages } from './layout-pages.js';

/**
 * The panels that fold, in the built site: each template app's stats overlay folded by a tap on
 * a phone and still folded after a reload, and the rapier app's HUD, folded where it would cover
 * the game and opened by More.
 */

const open = useAppPages();

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
