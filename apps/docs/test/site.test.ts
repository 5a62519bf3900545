import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, posix, sep } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import sirv from 'sirv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { PACKAGES } from '../reference.mjs';

/**
 * The built docs (dist/) as a reader meets them: served under a deep path, /loop/docs/, the way
 * the gallery's site puts them on a GitHub Pages project site, and opened in headless Chromium.
 * Anything that assumes the docs sit at a host's root (an absolute asset path, the router's
 * base, the search index's page URLs) asks outside that path and fails here. Waits poll for a
 * condition with a generous timeout; nothing depends on how fast the machine is.
 */

const DIST = new URL('../dist/', import.meta.url).pathname;
const PREFIX = '/loop/docs/';
const WAIT = { timeout: 60_000 };

/** The reference as the build grouped it: per package, its jobs (typedoc-jobs.mjs writes it). */
const JOBS_FILE = new URL('../src/reference/jobs.json', import.meta.url);
const reference: { package: string; jobs: { title: string }[] }[] = existsSync(JOBS_FILE)
  ? JSON.parse(readFileSync(JOBS_FILE, 'utf8'))
  : [];

const pages = existsSync(join(DIST, 'index.html'))
  ? readdirSync(DIST, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.html'))
      .map((file) => file.split(sep).join('/'))
      .sort()
  : [];

/**
 * The pages opened in Chromium: every page outside the reference, and in the reference the
 * first page of each folder (each package, entry and kind: classes, functions, interfaces...),
 * so every kind of page VitePress renders is mounted at least once. Opening all of them (some
 * 400, two seconds each here) took longer than the rest of the docs' tests together; every page
 * is still fetched, with every page and asset it links (above).
 */
const inBrowser = pages.filter(
  (path, i) =>
    !path.startsWith('reference/') ||
    pages.findIndex((other) => posix.dirname(other) === posix.dirname(path)) === i,
);

let server: Server;
let root: string;
let browser: Browser;

beforeAll(async () => {
  expect(pages, `no built docs in ${DIST} (run pnpm build)`).toContain('index.html');
  const files = sirv(DIST, { dev: true });
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith(PREFIX)) {
      res.writeHead(404).end(`${url} is outside ${PREFIX}`);
      return;
    }
    req.url = url.slice(PREFIX.length - 1);
    files(req, res, () => res.writeHead(404).end(`${url} is not a file of the docs`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  root = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${PREFIX}`;
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** Console errors, uncaught exceptions and failed requests, as they come. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
  return problems;
}

/** Opens a page of the docs and waits until VitePress has mounted its app over the HTML. */
async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(root + path, { waitUntil: 'load' });
  expect(response?.status(), path).toBe(200);
  await page.waitForFunction(
    () => '__vue_app__' in (document.querySelector('#app') ?? {}),
    undefined,
    WAIT,
  );
}

/** Runs `body` with a fresh page, its problems checked at the end. */
async function withPage(body: (page: Page) => Promise<void>, colorScheme?: 'dark' | 'light') {
  const context = await browser.newContext({ colorScheme, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = watch(page);
  try {
    await body(page);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}

describe(`the built docs, served under ${PREFIX}`, () => {
  it('has the home page, Getting started, every guide and the reference', () => {
    expect(pages).toEqual(
      expect.arrayContaining([
        'index.html',
        'guide/getting-started.html',
        'guide/interpolation.html',
        'guide/capped-fps.html',
        'guide/record-and-replay.html',
        'guide/worker.html',
        'guide/multiplayer.html',
        'guide/colyseus-rooms.html',
        'guide/rapier-three.html',
        'guide/r3f.html',
        'guide/rollback.html',
        'reference/index.html',
      ]),
    );
  });

  it('moves from the home page to Getting started and through the sidebar, under the path', async () => {
    await withPage(async (page) => {
      await open(page, 'index.html');
      await page.getByRole('link', { name: 'Get started' }).first().click();
      await page.waitForURL(`${root}guide/getting-started.html`, WAIT);
      await page.locator('.vp-doc h1', { hasText: 'Getting started' }).waitFor(WAIT);
      // The router, not a reload: a mark on the window outlives a page of the router only.
      await page.evaluate(() => Object.assign(window, { __still: true }));
      await page
        .locator('.VPSidebar')
        .getByRole('link', { name: 'Simulation in a worker' })
        .click();
      await page.waitForURL(`${root}guide/worker.html`, WAIT);
      await page.locator('.vp-doc h1', { hasText: 'Simulation in a worker' }).waitFor(WAIT);
      await expect(page.evaluate(() => '__still' in window)).resolves.toBe(true);
    });
  });

  it('finds an export with the local search and opens its page', async () => {
    await withPage(async (page) => {
      await open(page, 'guide/getting-started.html');
      await page.locator('.VPNavBarSearch button').click();
      await page.locator('.VPLocalSearchBox input').fill('slerpArray');
      const hit = page.locator('.VPLocalSearchBox .result').first();
      await hit.waitFor(WAIT);
      await hit.click();
      await page.waitForURL(/\/loop\/docs\/reference\/.*slerpArray\.html/, WAIT);
      await page.locator('.vp-doc h1', { hasText: 'slerpArray' }).waitFor(WAIT);
    });
  });

  it.for(['dark', 'light'] as const)('follows a system in %s mode', async (scheme) => {
    await withPage(async (page) => {
      await open(page, 'guide/interpolation.html');
      const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
      expect(dark).toBe(scheme === 'dark');
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const [r = 0, g = 0, b = 0] = background.match(/\d+/g)!.map(Number);
      expect((r + g + b) / 3 < 128).toBe(scheme === 'dark');
    }, scheme);
  });

  it('lists the reference by package and job, in order, each export page starting with its import', async () => {
    // Every published package has a section, in PACKAGES' order, once it exports anything.
    expect(reference.map((pkg) => pkg.package)).toEqual(
      expect.arrayContaining(['@loop/core', '@loop/net', '@loop/rapier']),
    );
    const heading = (text: string) => text.replace(/[\s\u200b#]+$/u, '').trim();
    await withPage(async (page) => {
      await open(page, 'reference/index.html');
      const packages = await page.locator('.vp-doc h2').allTextContents();
      expect(packages.map(heading)).toEqual(
        PACKAGES.map((pkg) => pkg.name).filter((name) => reference.some((p) => p.package === name)),
      );
      const jobs = await page.locator('.vp-doc h3').allTextContents();
      expect(jobs.map(heading)).toEqual(reference.flatMap((pkg) => pkg.jobs.map((j) => j.title)));
      await page
        .locator('.vp-doc table a', { hasText: /^createLoop$/ })
        .first()
        .click();
      await page.waitForURL(/createLoop\.html$/, WAIT);
      await expect(page.locator('.vp-doc pre').first().textContent()).resolves.toContain(
        "import { createLoop } from '@loop/core';",
      );
    });
  });

  it.for([
    ['@loop/net', 'Rooms'],
    ['@loop/rapier', 'Drawing with three.js'],
  ])('shows %s in the sidebar, its jobs folded under it', async ([name, job]) => {
    await withPage(async (page) => {
      await open(page, 'reference/index.html');
      const sidebar = page.locator('.VPSidebar');
      await sidebar.getByText(name!, { exact: true }).click();
      await sidebar.getByText(job!, { exact: true }).waitFor(WAIT);
    });
  });

  it('links the live apps one folder above the docs', async () => {
    await withPage(async (page) => {
      await open(page, 'guide/worker.html');
      const hrefs = await page.$$eval('.vp-doc a[target="_self"]', (anchors) =>
        anchors.map((a) => (a as HTMLAnchorElement).href),
      );
      expect(hrefs).toContain(`${root.replace(/docs\/$/, '')}rapier/?mode=worker`);
    });
  });

  it('serves every page, and every page and asset of the docs that a page links', async () => {
    const checked = new Map<string, number>();
    for (const path of pages) {
      const html = await (await fetch(root + path)).text();
      for (const [, target] of html.matchAll(/(?:href|src)="([^"#?]+)[^"]*"/g)) {
        const url = new URL(target!, root + path);
        // The live apps sit one folder above the docs: the gallery's tests serve those.
        if (url.origin !== new URL(root).origin || !url.pathname.startsWith(PREFIX)) continue;
        if (!checked.has(url.href)) checked.set(url.href, (await fetch(url)).status);
      }
    }
    const broken = [...checked].filter(([, status]) => status !== 200);
    expect(broken).toEqual([]);
    expect(checked.size).toBeGreaterThan(pages.length);
  });

  it.for(inBrowser)('%s loads without a console error or a failed request', async (path) => {
    await withPage((page) => open(page, path));
  });
});
