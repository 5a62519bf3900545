import { type Browser, chromium } from 'playwright-core';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { galleryRoot } from '../apps.mjs';
import { type Firefox, firefoxProblems, launchFirefox } from './firefox.js';
import { PAGE_WAIT_MS } from './rapier-page.js';
import { type SiteServer, serveSite } from './site-server.js';

/**
 * The loop lab's experiments in Firefox ESR give the figures Chromium gives, to the last digit.
 * Each experiment replays a classic article's claim with @loop/core on a clock the lab drives
 * (never the browser's), so nothing in it may depend on the engine: a figure that differs means
 * engine-dependent arithmetic (a Math function, a float formatted differently) crept into the
 * loop or the lab. Firefox's coarser `performance.now()` and its own frame cadence must not
 * reach them, and do not: the lab opens paused (`?paused=1`).
 */

const DIST = `${galleryRoot}/dist`;
type Rows = Record<string, { seed: string; ours: string }>;

let site: SiteServer;
let firefox: Firefox;
let chrome: Browser;

beforeAll(async () => {
  site = await serveSite(DIST, '/loop/');
  firefox = await launchFirefox();
  chrome = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}, PAGE_WAIT_MS);

afterAll(async () => {
  await chrome?.close();
  await firefox?.close();
  await site?.close();
});

/** The experiment table's rows as the lab writes them: data-key, data-seed, data-ours. */
function readRows(): Rows {
  return Object.fromEntries(
    [...document.querySelectorAll<HTMLElement>('#experiment tbody tr')].map((row) => [
      row.dataset.key,
      { seed: row.dataset.seed ?? '', ours: row.dataset.ours ?? '' },
    ]),
  );
}

/** The experiments the lab offers, from its buttons. */
async function experimentIds(): Promise<string[]> {
  const page = await chrome.newPage();
  try {
    await page.goto(`${site.url}lab/index.html?paused=1`, { waitUntil: 'load' });
    await page.waitForSelector('button[data-exp]', { timeout: PAGE_WAIT_MS });
    return await page.$$eval('button[data-exp]', (buttons) =>
      buttons.map((b) => (b as HTMLElement).dataset.exp ?? ''),
    );
  } finally {
    await page.close();
  }
}

/** One experiment's rows in Chromium. */
async function chromiumRows(url: string): Promise<Rows> {
  const page = await chrome.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector('#experiment tbody tr', { timeout: PAGE_WAIT_MS });
    return await page.evaluate(readRows);
  } finally {
    await page.close();
  }
}

/** One experiment's rows in Firefox, and the page's errors. */
async function firefoxRows(url: string): Promise<{ rows: Rows; problems: string[] }> {
  const page: Page = await firefox.browser.newPage();
  const problems = firefoxProblems(page);
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector('#experiment tbody tr', { timeout: PAGE_WAIT_MS });
    return { rows: await page.evaluate(readRows), problems };
  } finally {
    await page.close();
  }
}

describe("the lab's experiments in Firefox", () => {
  it(
    'gives every experiment the figures Chromium gives, with no console error',
    async () => {
      const ids = await experimentIds();
      expect(ids.length).toBeGreaterThanOrEqual(4);
      for (const id of ids) {
        const url = `${site.url}lab/index.html?paused=1&exp=${id}`;
        const expected = await chromiumRows(url);
        expect(Object.keys(expected).length, `${id} shows no figures`).toBeGreaterThan(0);
        const { rows, problems } = await firefoxRows(url);
        expect(rows, id).toEqual(expected);
        expect(problems, id).toEqual([]);
      }
    },
    PAGE_WAIT_MS * 4,
  );
});
