import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { galleryRoot } from '../apps.mjs';
import { type SiteServer, serveSite } from './site-server.js';

/** The built site's server and a headless Chromium, as {@link useSiteAndBrowser} gives them. */
export interface SiteAndBrowser {
  server: SiteServer;
  browser: Browser;
}

/**
 * Serves the built site (apps/gallery/dist) under /loop/ and launches headless Chromium (with
 * `extraArgs` after the repo's own) before the file's tests, and closes both after them: the
 * setup most browser tests of the gallery share, in one place. Read the fields inside a test.
 */
export function useSiteAndBrowser(extraArgs: readonly string[] = []): SiteAndBrowser {
  const held = {} as SiteAndBrowser;
  beforeAll(async () => {
    held.server = await serveSite(join(galleryRoot, 'dist'), '/loop/');
    held.browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [...chromiumArgs, ...extraArgs],
    });
  });
  afterAll(async () => {
    await held.browser?.close();
    await held.server?.close();
  });
  return held;
}
