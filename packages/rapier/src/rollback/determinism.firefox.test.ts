/// <reference types="node" />
import { findFirefox, INSTALL_FIREFOX, needTools } from '@loop/core/e2e';
import puppeteer, { type Browser } from 'puppeteer-core';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DETERMINISM_GOLDEN } from '../test-support/determinism.js';

/**
 * Rapier's deterministic build under RapierRollback in Firefox (Debian's `firefox-esr`, or
 * FIREFOX_PATH), headless, driven over WebDriver BiDi by puppeteer-core: the scripted match of
 * test-support/determinism.ts ends with the pinned figures, the same the Node and the Chromium
 * tests hold, so peers on the three engines confirm the same checksums. Vite's dev server serves
 * the match as a page (test-support/determinism-page.ts). Run by `pnpm test` through
 * vitest.firefox.config.ts, outside the mutation run. Without a Firefox the test skips with one
 * line saying what to install; in CI and in the loop monorepo it fails instead.
 */

const ROOT = new URL('../..', import.meta.url).pathname;
/** Longest wait for Firefox to start, load about 4 MB of inlined WebAssembly and play. */
const WAIT_MS = 120_000;

const firefox = needTools({
  firefox: {
    tests: 'the Firefox determinism test',
    found: findFirefox(),
    install: INSTALL_FIREFOX,
  },
}).firefox;
beforeEach((context) => {
  if (firefox === undefined) context.skip();
});

/** Serves the page that plays the match at /determinism.html. */
function page(): Plugin {
  const html =
    '<!doctype html><meta charset="utf-8"><title>determinism</title>' +
    '<script type="module" src="/src/test-support/determinism-page.ts"></script>';
  return {
    name: 'determinism-page',
    configureServer(server) {
      server.middlewares.use('/determinism.html', (_req, res) => {
        res.setHeader('content-type', 'text/html');
        res.end(html);
      });
    },
  };
}

let server: ViteDevServer;
let browser: Browser;

beforeAll(async () => {
  if (firefox === undefined) return;
  server = await createServer({
    root: ROOT,
    configFile: false,
    logLevel: 'warn',
    plugins: [page()],
    // Modules as they are: no dependency scan that would reload the page while it plays.
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { port: 0, host: '127.0.0.1', hmr: false, ws: false },
  });
  await server.listen();
  browser = await puppeteer.launch({ browser: 'firefox', executablePath: firefox, headless: true });
}, WAIT_MS);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the deterministic build, the same figures in every engine', () => {
  it('a scripted match with a rollback ends with the pinned snapshot hash and checksums in Firefox', async () => {
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push((error as Error).message));
    await tab.goto(`${server.resolvedUrls!.local[0]}determinism.html`, { timeout: WAIT_MS });
    await tab.waitForFunction(() => 'determinism' in window, { timeout: WAIT_MS });
    const figures = await tab.evaluate(
      () => (window as unknown as { determinism: Promise<unknown> }).determinism,
    );
    expect(errors).toEqual([]);
    expect(await browser.version()).toMatch(/firefox/i);
    expect(figures).toEqual(DETERMINISM_GOLDEN);
  });
});
