import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect } from 'vitest';
import { apps, galleryRoot } from '../apps.mjs';
import { VIEWPORTS } from './layout.js';
import { useSiteAndBrowser } from './site-browser.js';

/**
 * What the layout tests (test/layout-*.test.ts) share: the built site's apps opened in headless
 * Chromium on a phone or a laptop, each in a fresh context, once it has drawn a frame. Waits
 * poll with a generous timeout; nothing here depends on how fast the machine is.
 */

const DIST = join(galleryRoot, 'dist');
/** Longest wait for something a healthy page does by itself (a first frame, a tap's step). */
export const WAIT_MS = 120_000;
/** A page load, its layout read twice and every control tapped: rapier at DPR 3 is the slowest. */
export const TEST_MS = 240_000;

/** The apps made from templates: the ones a scaffold gives, each a full-screen game. */
export const TEMPLATES = apps.filter((app) => !('dir' in app) || !app.dir).map((app) => app.name);

/** Opens an app of the built site and waits for a frame: see {@link useAppPages}. */
export type OpenApp = (
  app: string,
  viewport: keyof typeof VIEWPORTS,
) => Promise<{ page: Page; errors: string[] }>;

/**
 * Checks the site is built (apps/gallery/dist, `pnpm build` first), then serves it and launches
 * Chromium for the file's tests (test/site-browser.ts). Returns `open`: `app` (a folder of the
 * site, with a query string if any) opened in a fresh context of `viewport` (its own storage),
 * once it has drawn a frame, with the errors the page throws.
 */
export function useAppPages(): OpenApp {
  beforeAll(() => {
    expect(existsSync(join(DIST, 'index.html')), `no built site in ${DIST} (run pnpm build)`).toBe(
      true,
    );
  });
  const site = useSiteAndBrowser();
  return async (app, viewport) => {
    const context = await site.browser.newContext(VIEWPORTS[viewport]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const [folder, query] = app.split('?');
    await page.goto(`${site.server.url}${folder}/index.html${query ? `?${query}` : ''}`, {
      waitUntil: 'load',
    });
    await rendered(page);
    return { page, errors };
  };
}

/**
 * Waits until the app has drawn a frame (its overlay counts them) and has loaded: the rapier
 * app's loading line, over the middle of the game while its WebAssembly arrives, has gone.
 */
export async function rendered(page: Page): Promise<void> {
  await page.waitForFunction(
    () => Number(document.querySelector('[data-loop-stats]')?.getAttribute('data-rendered')) > 0,
    undefined,
    { timeout: WAIT_MS, polling: 100 },
  );
  await page.waitForSelector('#loading', { state: 'detached', timeout: WAIT_MS });
}
