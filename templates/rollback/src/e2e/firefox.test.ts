/// <reference types="node" />
import {
  findChromium,
  findFirefox,
  INSTALL_CHROMIUM,
  INSTALL_FIREFOX,
  needTools,
} from '@loop/core/e2e';
import { type Browser as Chromium, chromium } from 'playwright-core';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bothPlaying,
  playOnline,
  readChecksums,
  readConfirmed,
  readFigure,
  type Seat,
  WAIT_MS,
} from './online.js';
import { type Served, serveBuilt } from './serve.js';

/**
 * The online match in Firefox (`npm run test:e2e`): Firefox ESR, or FIREFOX_PATH, driven over
 * WebDriver BiDi by puppeteer-core (Playwright drives only its own patched Firefox), headless:
 * the game draws with canvas 2D and Rapier is WebAssembly, so no WebGL and no virtual display
 * are needed. Checked here on Debian's Firefox ESR 153: headless Firefox's WebRTC connects on
 * loopback (host candidates, no STUN), so two Firefox pages play over a data channel, not the
 * relay; so does a Firefox page with a Chromium one, which also shows the two engines confirm
 * the same checksums tick for tick. Each page is a window of its own: a tab behind another gets
 * no animation frames, and its session would stop. Without Firefox (or Chromium, for the mixed
 * pair) the tests skip with one line saying what to install, or fail in CI.
 */

const tools = needTools({
  firefox: { tests: 'the Firefox tests', found: findFirefox(), install: INSTALL_FIREFOX },
  chromium: {
    tests: 'the Firefox and Chromium test',
    found: findChromium(),
    install: INSTALL_CHROMIUM,
  },
});
beforeEach((context) => {
  if (tools.firefox === undefined) context.skip();
});

/** Ticks of the Firefox match: 30 seconds at 60 ticks a second, as the Chromium one. */
const MATCH_TICKS = 1800;
/** Ticks of the mixed match: 10 seconds, enough to compare the engines' checksums. */
const MIXED_TICKS = 600;

let served: Served;
let firefox: Browser;
let chromiumBrowser: Chromium | undefined;

beforeAll(async () => {
  if (tools.firefox === undefined) return; // every test skips
  served = await serveBuilt();
  firefox = await puppeteer.launch({
    browser: 'firefox',
    executablePath: tools.firefox,
    headless: true,
  });
}, 180_000);

afterAll(async () => {
  await firefox?.close();
  await chromiumBrowser?.close();
  await served?.close();
});

/** A page and the errors it logs. */
interface Opened {
  seat: Seat;
  errors: string[];
  close(): Promise<unknown>;
}

/** Opens the game at `query` in a Firefox window of its own. */
async function openFirefox(query: string): Promise<Opened> {
  const page: Page = await firefox.newPage({ type: 'window' });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push((error as Error).message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${served.url}${query}`, { waitUntil: 'load', timeout: WAIT_MS });
  const seat: Seat = {
    figure: (name) => page.evaluate(readFigure, name),
    checksums: () => page.evaluate(readChecksums),
    confirmed: () => page.evaluate(readConfirmed),
    down: (key) => page.keyboard.down(key as never),
    up: (key) => page.keyboard.up(key as never),
  };
  return { seat, errors, close: () => page.close() };
}

/** Opens the game at `query` in Chromium (launched on first use). */
async function openChromium(path: string, query: string): Promise<Opened> {
  chromiumBrowser ??= await chromium.launch({ executablePath: path, args: ['--no-sandbox'] });
  const page = await chromiumBrowser.newPage({ viewport: { width: 900, height: 700 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${served.url}${query}`, { waitUntil: 'load' });
  const seat: Seat = {
    figure: (name) => page.evaluate(readFigure, name),
    checksums: () => page.evaluate(readChecksums),
    confirmed: () => page.evaluate(readConfirmed),
    down: (key) => page.keyboard.down(key),
    up: (key) => page.keyboard.up(key),
  };
  return { seat, errors, close: () => page.close() };
}

/** Plays `ticks` online between `a` and `b`, then checks what both pages said. */
async function expectEqualMatch(a: Opened, b: Opened, ticks: number, label: string) {
  await bothPlaying(a.seat, b.seat);
  const { shared, differ } = await playOnline(a.seat, b.seat, ticks);
  expect(shared.length).toBeGreaterThan(ticks / 4);
  console.log(`[e2e ${label}] ${shared.length} confirmed ticks compared across the pages`);
  expect(differ, 'ticks whose confirmed checksums differ between the pages').toEqual([]);
  for (const { seat, errors } of [a, b]) {
    expect(await seat.figure('agree')).toBe('agree');
    // Over a WebRTC data channel between the pages, not the server's relay.
    expect(await seat.figure('route')).toBe('direct');
    expect(errors).toEqual([]);
  }
}

describe('the rollback push-off online in Firefox', () => {
  it('two Firefox pages over a data channel, 30 s of both seats pressing keys, equal checksums', async () => {
    const match = `firefox-${process.pid}`;
    const [a, b] = await Promise.all([
      openFirefox(`?match=${match}&seat=0`),
      openFirefox(`?match=${match}&seat=1`),
    ]);
    await expectEqualMatch(a, b, MATCH_TICKS, 'firefox online');
    await Promise.all([a.close(), b.close()]);
  }, 420_000);

  it('a Firefox page and a Chromium page play one match: the same checksums in both engines', async (context) => {
    if (tools.chromium === undefined) context.skip();
    const match = `mixed-${process.pid}`;
    const [a, b] = await Promise.all([
      openFirefox(`?match=${match}&seat=0`),
      openChromium(tools.chromium!, `?match=${match}&seat=1`),
    ]);
    await expectEqualMatch(a, b, MIXED_TICKS, 'firefox and chromium');
    await Promise.all([a.close(), b.close()]);
  }, 300_000);
});
