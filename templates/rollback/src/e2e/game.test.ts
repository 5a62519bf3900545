/// <reference types="node" />
import { chromiumOrSkip } from '@loop/core/e2e';
import { type Browser, chromium, type Page } from 'playwright-core';
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
 * The built game in a real Chromium (`npm run test:e2e`): local play draws, the keys move both
 * players' balls, the two sessions roll back over the conditioned link and their checksums
 * agree; then two pages online through the preview server's signaling server, over a WebRTC
 * data channel between them. The browser is found by @loop/core/e2e on Linux, macOS and
 * Windows (Chrome, Chromium or Edge, Playwright's, or CHROMIUM_PATH); without one the tests skip
 * with one line saying what to install, or fail in CI. firefox.test.ts plays online in Firefox.
 */

/** The Chromium to drive, or undefined (after one line saying what to install) to skip. */
const chromiumPath = chromiumOrSkip('the Chromium tests');
beforeEach((context) => {
  if (chromiumPath === undefined) context.skip();
});

let served: Served;
let browser: Browser;

beforeAll(async () => {
  if (chromiumPath === undefined) return; // every test skips
  served = await serveBuilt();
  browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

/** The panel's figure `name` (its data- attribute), as a number or the text. */
const figure = (page: Page, name: string) => page.evaluate(readFigure, name);
const number = async (page: Page, name: string) => Number(await figure(page, name));

/** A page as online.ts plays it. */
const seat = (page: Page): Seat => ({
  figure: (name) => figure(page, name),
  checksums: () => page.evaluate(readChecksums),
  confirmed: () => page.evaluate(readConfirmed),
  down: (key) => page.keyboard.down(key),
  up: (key) => page.keyboard.up(key),
});

/** Opens the page at `query`, collecting its errors. */
async function open(query: string) {
  const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${served.url}${query}`, { waitUntil: 'load' });
  return { page, errors };
}

/** Opens the page at `query` as a phone held upright (390 × 844, touch), collecting its errors. */
async function openOnPhone(query: string) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${served.url}${query}`, { waitUntil: 'load' });
  return { page, errors };
}

/** Ticks of the online match the test plays: 30 seconds at 60 ticks a second. */
const MATCH_TICKS = 1800;

describe('the rollback push-off in Chromium', () => {
  it('plays locally: draws, both key sets move their balls, rolls back, checksums agree', async () => {
    // No computer on green: both balls wait in their corners for the keys.
    const { page, errors } = await open('?latency=120&loss=10&computer=0');
    await page.waitForSelector('#loading', { state: 'detached', timeout: WAIT_MS });
    await expect.poll(() => number(page, 'frame'), { timeout: WAIT_MS }).toBeGreaterThan(30);
    const drawn = await page.evaluate(() => {
      const canvas = document.querySelector('canvas')!;
      const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      const colours = new Set<number>();
      for (let i = 0; i < pixels.length; i += 4 * 97)
        colours.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!);
      return colours.size;
    });
    expect(drawn).toBeGreaterThan(2); // background, platform and balls
    const x0 = await number(page, 'x0');
    const x1 = await number(page, 'x1');
    await page.keyboard.down('KeyD'); // player 1 to +x
    await page.keyboard.down('ArrowLeft'); // player 2 to -x
    await expect.poll(() => number(page, 'x0'), { timeout: WAIT_MS }).toBeGreaterThan(x0 + 0.5);
    await expect.poll(() => number(page, 'x1'), { timeout: WAIT_MS }).toBeLessThan(x1 - 0.5);
    await page.keyboard.up('KeyD');
    await page.keyboard.up('ArrowLeft');
    await expect.poll(() => number(page, 'rollbacks'), { timeout: WAIT_MS }).toBeGreaterThan(0);
    await expect.poll(() => figure(page, 'agree'), { timeout: WAIT_MS }).toBe('agree');
    expect(await figure(page, 'route')).toBe('local');
    // The production build leaves the sync test off (`npm run dev` has it on: match.test.ts).
    expect(await figure(page, 'checked')).toBe('0');
    // The page stalls 3 s (a busy machine; a hidden tab pauses the loop alike): the two
    // sessions, on the match's own clock, do not drop each other, and green still plays.
    await page.evaluate(() => {
      for (const end = performance.now() + 3000; performance.now() < end; );
    });
    const after = await number(page, 'x1');
    await page.keyboard.down('ArrowRight');
    await expect.poll(() => number(page, 'x1'), { timeout: WAIT_MS }).toBeGreaterThan(after + 0.5);
    await page.keyboard.up('ArrowRight');
    await expect.poll(() => figure(page, 'agree'), { timeout: WAIT_MS }).toBe('agree');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lets the computer play green while no arrow has been pressed', async () => {
    const { page, errors } = await open('');
    await page.waitForSelector('#loading', { state: 'detached', timeout: WAIT_MS });
    // Green starts in its corner (x 2.5) and heads for red (x -2.5) with no key pressed.
    await expect.poll(() => number(page, 'x1'), { timeout: WAIT_MS }).toBeLessThan(1.5);
    expect(await page.locator('#mode').textContent()).toMatch(/computer/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a phone, a held finger heads red for it, as the help says', async () => {
    const { page, errors } = await openOnPhone('?computer=0');
    await page.waitForSelector('#loading', { state: 'detached', timeout: WAIT_MS });
    expect(await page.locator('#mode').textContent()).toMatch(/hold a finger/);
    await expect.poll(() => number(page, 'frame'), { timeout: WAIT_MS }).toBeGreaterThan(30);
    const x0 = await number(page, 'x0'); // red, at rest in its corner (-2.5, -2.5)
    // The arena's middle, where the canvas's data-playfield says it is drawn.
    const [left, top, side] = (await page.locator('#game').getAttribute('data-playfield'))!
      .split(' ')
      .map(Number) as [number, number, number];
    const touch = await page.context().newCDPSession(page);
    const at = [{ x: left + side / 2, y: top + side / 2 }];
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at });
    await expect.poll(() => number(page, 'x0'), { timeout: WAIT_MS }).toBeGreaterThan(x0 + 0.5);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('plays online: two pages over a data channel, 30 s of both seats pressing keys, equal checksums', async () => {
    const match = `e2e-${process.pid}`;
    const [a, b] = await Promise.all([
      open(`?match=${match}&seat=0`),
      open(`?match=${match}&seat=1`),
    ]);
    await bothPlaying(seat(a.page), seat(b.page));
    // About 30 s of play, both seats pressing keys, each page's held checksums read as it goes.
    const { shared, differ } = await playOnline(seat(a.page), seat(b.page), MATCH_TICKS);
    // Ticks both pages confirmed and were read at: each read holds the last 128, so reads about
    // every half second cover nearly the whole match; a quarter of it is the least accepted.
    expect(shared.length).toBeGreaterThan(MATCH_TICKS / 4);
    console.log(`[e2e online] ${shared.length} confirmed ticks compared across the pages`);
    expect(differ, 'ticks whose confirmed checksums differ between the pages').toEqual([]);
    for (const { page, errors } of [a, b]) {
      expect(await figure(page, 'agree')).toBe('agree');
      // Over a WebRTC data channel between the two Chromium pages, not the server's relay.
      expect(await figure(page, 'route')).toBe('direct');
      expect(errors).toEqual([]);
    }
    await Promise.all([a.page.close(), b.page.close()]);
  }, 420_000);
});
