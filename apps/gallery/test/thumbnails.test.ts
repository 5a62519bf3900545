import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apps, galleryRoot } from '../apps.mjs';
import { useSiteAndBrowser } from './site-browser.js';

/**
 * The gallery of the built site shows each app as a picture (thumbnails.mjs photographs it at
 * build time), a link to the app, with its one line of what it demonstrates: every card's image loads, is sized
 * before it does (width and height set) and has alt text, and the file is small.
 */

const DIST = join(galleryRoot, 'dist');
const size = JSON.parse(readFileSync(join(galleryRoot, 'thumbnails.json'), 'utf8')) as {
  width: number;
  height: number;
  folder: string;
  type: string;
};

const site = useSiteAndBrowser();

describe('the gallery', () => {
  it('shows every app as a picture that loads, with its one line', {
    timeout: 60_000,
  }, async () => {
    const page = await site.browser.newPage();
    try {
      await page.goto(site.server.url, { waitUntil: 'load' });
      for (const app of apps) {
        const card = page.locator('#apps li', { has: page.locator(`a[data-app="${app.name}"]`) });
        // The picture opens its app, as its title's link does.
        const image = card.locator(`a.picture[href="./${app.name}/"] > img`);
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBe(size.width);
        expect(await image.getAttribute('width')).toBe(String(size.width));
        expect(await image.getAttribute('height')).toBe(String(size.height));
        expect(await image.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(
          size.height,
        );
        expect(await image.getAttribute('alt')).toContain(app.title);
        expect(await card.locator('p').first().textContent()).toBe(app.blurb);
        // A small file: a few kB to a few tens of kB.
        const bytes = statSync(join(DIST, size.folder, `${app.name}.${size.type}`)).size;
        expect(bytes).toBeGreaterThan(1000);
        expect(bytes).toBeLessThan(60_000);
      }
    } finally {
      await page.close();
    }
  });
});
