import { existsSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardCommand,
  cardNote,
  PUBLISHED,
} from '../../../packages/create-loop/src/start-commands.js';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { apps, galleryRoot, serverApps } from '../apps.mjs';
import { crawl, MAX_PAGES, sampledFolder, wrongLandings } from './crawl.js';
import { type SiteServer, serveSite } from './site-server.js';

/**
 * The site `pnpm build` makes (apps/gallery/dist: the gallery, every app, the docs and 404.html), served under /loop/ the way GitHub Pages serves a project site, and every HTML page
 * in it opened in headless Chromium: each answers 200 and loads without a console error, an
 * uncaught exception or a failed request (an absolute path would ask outside /loop/ and fail).
 * Every link inside the site must name a file of the site, and every page must be reachable
 * from the gallery by links. Waits poll for a condition with a generous timeout; nothing here
 * depends on how fast the machine is.
 */

const DIST = join(galleryRoot, 'dist');
/** A sub-path, so a link or asset that assumes the site sits at / is caught. */
const PREFIX = '/loop/';
/** Longest wait for something a healthy page does by itself (a first frame, its navigation). */
const PAGE_WAIT_MS = 120_000;
const APP_NAMES = new Set(apps.map((app) => app.name));

/** Every .html file of the built site, as paths relative to its root with forward slashes. */
function htmlPages(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => file.split(sep).join('/'))
    .sort();
}

const pages = existsSync(join(DIST, 'index.html')) ? htmlPages(DIST) : [];
/**
 * The pages opened in Chromium: all but the docs' reference, and of it the first page of each
 * folder (a package, an entry, a kind), each kind of its pages once; the docs' own site test
 * fetches every reference page and every link of each. Opening all ~400 took longer than the
 * rest of the gallery's tests together.
 */
const inBrowser = pages.filter((path, i) => {
  const folder = sampledFolder(path);
  return folder === undefined || pages.findIndex((other) => sampledFolder(other) === folder) === i;
});

let server: SiteServer;
let browser: Browser;
/** Site pages each page links to (files relative to the site root), filled in as pages load. */
const linksFrom = new Map<string, string[]>();

beforeAll(async () => {
  expect(pages, `no built site in ${DIST} (run pnpm build)`).toContain('index.html');
  server = await serveSite(DIST, PREFIX);
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Console errors, uncaught exceptions, failed requests and HTTP errors on a page, as they come. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      problems.push(`console.error: ${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.push(`failed: ${request.url()} (${request.failure()?.errorText})`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}

/**
 * Waits until a page has done what it does after `load`: an app has rendered a frame (its stats
 * overlay counts one), the docs (VitePress) have hydrated, the gallery has listed its apps. An error on the way shows up as a problem, not a timeout.
 */
async function settle(page: Page, path: string): Promise<void> {
  const top = path.split('/')[0]!;
  const wait = { timeout: PAGE_WAIT_MS };
  if (APP_NAMES.has(top)) {
    await page.waitForFunction(
      () => Number(document.querySelector('[data-loop-stats]')?.getAttribute('data-rendered')) > 0,
      undefined,
      { ...wait, polling: 100 },
    );
    // The rapier app draws (and its overlay counts) frames while its WebAssembly still
    // arrives; closing the page then aborts that download. Its loading line goes when it is in.
    await page.waitForSelector('#loading', { ...wait, state: 'detached' });
  } else if (top === 'docs') {
    // VitePress marks the page's root once its app has mounted over the pre-rendered HTML.
    await page.waitForFunction(
      () => '__vue_app__' in (document.querySelector('#app') ?? {}),
      undefined,
      wait,
    );
  } else if (path === 'index.html') {
    await page.waitForSelector('#apps a[data-app]', { ...wait, state: 'attached' });
  }
}

/**
 * The targets of a page's links that point into the site, as file paths relative to its root
 * (a folder means its index.html), and those that point at this server outside the site.
 */
async function siteLinks(page: Page): Promise<{ inside: string[]; outside: string[] }> {
  const hrefs = await page.$$eval('a[href]', (anchors) =>
    anchors.map((anchor) => (anchor as HTMLAnchorElement).href),
  );
  const root = new URL(server.url);
  const inside = new Set<string>();
  const outside = new Set<string>();
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.origin !== root.origin) continue;
    if (!url.pathname.startsWith(root.pathname)) {
      outside.add(url.pathname);
      continue;
    }
    const path = decodeURIComponent(url.pathname.slice(root.pathname.length));
    inside.add(path === '' || path.endsWith('/') ? `${path}index.html` : path);
  }
  return { inside: [...inside].sort(), outside: [...outside].sort() };
}

describe(`the built site, served under ${PREFIX}`, () => {
  it('has the gallery, every app, the docs and a 404 page', () => {
    const expected = [
      'index.html',
      '404.html',
      'docs/index.html',
      'docs/guide/getting-started.html',
      'docs/reference/index.html',
    ];
    for (const name of APP_NAMES) expected.push(`${name}/index.html`);
    expect(pages).toEqual(expect.arrayContaining(expected));
    expect(pages.filter((path) => path.startsWith('docs/reference/')).length).toBeGreaterThan(10);
  });

  it.for(inBrowser)('%s answers 200 and loads without errors', async (path) => {
    const page = await browser.newPage();
    try {
      const problems = watchProblems(page);
      const response = await page.goto(server.url + path, { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      await settle(page, path);
      const { inside, outside } = await siteLinks(page);
      linksFrom.set(path, inside);
      const missing = inside.filter((target) => !existsSync(join(DIST, target)));
      expect({ problems, missing, outside }).toEqual({ problems: [], missing: [], outside: [] });
    } finally {
      await page.close();
    }
  });

  it('links Getting started and every app from the gallery, every page from them, and back', () => {
    const gallery = linksFrom.get('index.html') ?? [];
    expect(gallery).toEqual(
      expect.arrayContaining([
        'docs/guide/getting-started.html',
        ...[...APP_NAMES].map((n) => `${n}/index.html`),
      ]),
    );
    const reached = new Set(['index.html']);
    const queue = ['index.html'];
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      for (const target of linksFrom.get(path) ?? []) {
        if (target.endsWith('.html') && !reached.has(target)) {
          reached.add(target);
          queue.push(target);
        }
      }
    }
    expect(pages.filter((path) => !reached.has(path))).toEqual(['404.html']);
    const noWayBack = inBrowser.filter(
      (path) => path.startsWith('docs/') && !linksFrom.get(path)?.includes('index.html'),
    );
    expect(noWayBack, 'docs pages without a link to the gallery').toEqual([]);
  });

  it('lands every link, from the gallery through the docs and the apps, on the page it names', async () => {
    const gallery = (linksFrom.get('index.html') ?? []).map((path) => server.url + path);
    expect(gallery.length).toBeGreaterThan(APP_NAMES.size);
    const { landings, outside } = await crawl(server.url, [server.url, ...gallery]);
    expect(wrongLandings(landings)).toEqual([]);
    expect(outside).toEqual([]);
    const reached = landings.map((landing) => landing.url.slice(server.url.length));
    expect(reached).toEqual(expect.arrayContaining(['', 'lab/', 'rapier/?mode=worker']));
    expect(landings.length).toBeLessThan(MAX_PAGES);
  });

  it('gives each app that needs its own server a card that says how to run it, not a dead link', async () => {
    expect(serverApps.map((app) => app.name)).toContain('multiplayer');
    const page = await browser.newPage();
    try {
      await page.goto(server.url, { waitUntil: 'load' });
      await page.waitForSelector('#apps a[data-app]', { state: 'attached' });
      for (const { name } of serverApps) {
        const card = page.locator(`#apps li[data-server-app="${name}"]`);
        expect(await card.locator('a').count(), `${name}: a link the site cannot serve`).toBe(0);
        const text = (await card.textContent()) ?? '';
        expect(text).toContain('npm start');
        // The release switch's command, and before the release the word that it is not on npm.
        expect(text).toContain(cardCommand(PUBLISHED, name));
        expect(text).toContain(cardNote(PUBLISHED).trim());
        expect(existsSync(join(DIST, name)), `${name} built into the static site`).toBe(false);
      }
    } finally {
      await page.close();
    }
  });

  it.for([
    'nowhere',
    'docs/reference/gone.html',
    `${[...APP_NAMES][0]}/assets/missing/deeper/file.html`,
  ])('a miss at %s gets the 404 page, whose link leads back to the gallery', async (path) => {
    const page = await browser.newPage();
    try {
      const uncaught: string[] = [];
      page.on('pageerror', (error) => uncaught.push(error.message));
      const response = await page.goto(server.url + path, { waitUntil: 'load' });
      expect(response?.status()).toBe(404);
      await expect(page.title()).resolves.toBe('loop · page not found');
      const home = await page.$eval('#home', (anchor) => (anchor as HTMLAnchorElement).href);
      expect(home).toBe(server.url);
      expect(uncaught).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
