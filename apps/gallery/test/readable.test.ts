import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from './layout.js';
import { useSiteAndBrowser } from './site-browser.js';

/**
 * What must read well on the built site (issue #30): the mobile app's selected cap in text of
 * enough contrast (WCAG's 4.5:1, from the computed colours), the canvas2d app's stats overlay
 * backed nearly opaque over its moving balls, and the docs' examples whole at 1280 px (no code
 * block that hides its end past its edge).
 */

const site = useSiteAndBrowser();
const WAIT_MS = 120_000;

/** WCAG's contrast ratio of two opaque CSS colours as getComputedStyle writes them. */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = css
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((n) => {
        const c = Number(n) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** The alpha of a computed colour: 1 for rgb(), the fourth number of rgba(). */
function alpha(css: string): number {
  const parts = css.match(/[\d.]+/g)!;
  return parts.length > 3 ? Number(parts[3]) : 1;
}

describe('readable on the built site', () => {
  it('mobile: the selected FPS cap reads at 4.5:1 or more, either cap', {
    timeout: 180_000,
  }, async () => {
    const context = await site.browser.newContext(VIEWPORTS.phone);
    try {
      const page = await context.newPage();
      await page.goto(`${site.server.url}mobile/index.html`, { waitUntil: 'load' });
      for (const fps of ['30', '60']) {
        const button = page.locator(`[data-fps="${fps}"]`);
        await button.tap();
        await expect
          .poll(() => button.getAttribute('aria-pressed'), { timeout: WAIT_MS })
          .toBe('true');
        const { color, background } = await button.evaluate((el) => {
          const style = getComputedStyle(el);
          return { color: style.color, background: style.backgroundColor };
        });
        expect(alpha(background), background).toBe(1);
        expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5);
      }
    } finally {
      await context.close();
    }
  });

  it('canvas2d: the stats overlay is backed at 90 % opacity or more', async () => {
    const page = await site.browser.newPage();
    try {
      await page.goto(`${site.server.url}canvas2d/index.html`, { waitUntil: 'load' });
      const stats = page.locator('[data-loop-stats]');
      await stats.waitFor({ timeout: WAIT_MS });
      const background = await stats.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(alpha(background)).toBeGreaterThanOrEqual(0.9);
    } finally {
      await page.close();
    }
  });

  it.for([
    'docs/reference/@loop/core/functions/createLoop.html',
    'docs/guide/getting-started.html',
  ])('%s shows every line of its code at 1280 px', async (path) => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(site.server.url + path, { waitUntil: 'load' });
      const cut = await page.$$eval('.vp-doc pre', (blocks) =>
        blocks
          .filter((block) => block.scrollWidth > block.clientWidth + 1)
          .map((block) => `${block.scrollWidth} > ${block.clientWidth}: ${block.textContent}`),
      );
      expect(await page.locator('.vp-doc pre').count()).toBeGreaterThan(0);
      expect(cut).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
