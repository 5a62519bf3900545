/// <reference types="node" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumOrSkip } from '@loop/core/e2e';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/**
 * The built game in a real Chromium (`npm run test:e2e`): local play draws, the keys move both
 * players' balls, the two sessions roll back over the conditioned link and their checksums
 * agree; then two pages online through the preview server's signaling server, over a WebRTC
 * data channel between them. The browser is found by @loop/core/e2e on Linux, macOS and
 * Windows (Chrome, Chromium or Edge, Playwright's, or CHROMIUM_PATH); without one the tests skip
 * with one line saying what to install, or fail in CI.
 */

const ROOT = join(import.meta.dirname, '../..');
/** Longest wait for what a healthy page does by itself; nothing here measures speed. */
const WAIT_MS = 120_000;

/** The Chromium to drive, or undefined (after one line saying what to install) to skip. */
const chromiumPath = chromiumOrSkip('the Chromium tests');
beforeEach((context) => {
  if (chromiumPath === undefined) context.skip();
});

let out: string;
let server: PreviewServer;
let browser: Browser;

beforeAll(async () => {
  if (chromiumPath === undefined) return; // every test skips
  out = mkdtempSync(join(tmpdir(), 'rollback-e2e-'));
  await build({ root: ROOT, logLevel: 'warn', build: { outDir: out, emptyOutDir: true } });
  server = await preview({
    root: ROOT,
    logLevel: 'warn',
    build: { outDir: out },
    preview: { port: 0, host: '127.0.0.1' },
  });
  browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

/** The panel's figure `name` (its data- attribute), as a number or the text. */
const figure = (page: Page, name: string) =>
  page.evaluate((key) => document.querySelector<HTMLElement>('#stats')?.dataset[key] ?? '', name);
const number = async (page: Page, name: string) => Number(await figure(page, name));

/** Opens the page at `query`, collecting its errors. */
async function open(query: string) {
  const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${server.resolvedUrls!.local[0]!}${query}`, { waitUntil: 'load' });
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
  await page.goto(`${server.resolvedUrls!.local[0]!}${query}`, { waitUntil: 'load' });
  return { page, errors };
}

/** What main.ts exposes, read-only, of the page's session: window.rollback. */
interface Hook {
  confirmed(): number;
  checksum(tick: number): number;
}

/** Every confirmed tick's checksum the page's session holds now (the last 128), by tick. */
const checksums = (page: Page) =>
  page.evaluate(() => {
    const hook = (window as unknown as { rollback: Hook }).rollback;
    const held: [number, number][] = [];
    const confirmed = hook.confirmed();
    for (let tick = Math.max(0, confirmed - 256); tick <= confirmed; tick++) {
      const sum = hook.checksum(tick);
      if (sum !== -1) held.push([tick, sum]);
    }
    return held;
  });

/** Keys each seat holds, a round each: every direction, and the two pages never in step. */
const ROUNDS = [
  ['KeyD', 'KeyA'],
  ['KeyS', 'KeyW'],
  ['KeyA', 'KeyS'],
  ['KeyW', 'KeyD'],
  ['KeyD', 'KeyS'],
] as const;
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
    for (const { page } of [a, b]) {
      await expect.poll(() => number(page, 'frame'), { timeout: WAIT_MS }).toBeGreaterThan(60);
      await expect.poll(() => number(page, 'x0'), { timeout: WAIT_MS }).not.toBeNaN();
    }
    const x1 = await number(b.page, 'x1');
    await b.page.keyboard.down('KeyA'); // seat 1 plays on WASD too: to -x
    await expect.poll(() => number(a.page, 'x1'), { timeout: WAIT_MS }).toBeLessThan(x1 - 0.5);
    await b.page.keyboard.up('KeyA');

    // About 30 s of play, both seats pressing keys, each page's held checksums read as it goes.
    const seen = [new Map<number, number>(), new Map<number, number>()];
    const collect = async () => {
      for (const [i, { page }] of [a, b].entries()) {
        for (const [tick, sum] of await checksums(page)) seen[i]!.set(tick, sum);
      }
    };
    const end = (await number(a.page, 'frame')) + MATCH_TICKS;
    for (
      let round = 0;
      Math.min(await number(a.page, 'frame'), await number(b.page, 'frame')) < end;
      round++
    ) {
      const keys = ROUNDS[round % ROUNDS.length]!;
      for (const [i, { page }] of [a, b].entries()) await page.keyboard.down(keys[i]!);
      await a.page.waitForTimeout(500);
      for (const [i, { page }] of [a, b].entries()) await page.keyboard.up(keys[i]!);
      await collect();
    }
    // Both pages confirm past the match's end, then the last checksums are read.
    for (const { page } of [a, b]) {
      await expect
        .poll(
          () => page.evaluate(() => (window as unknown as { rollback: Hook }).rollback.confirmed()),
          { timeout: WAIT_MS },
        )
        .toBeGreaterThan(end);
    }
    await collect();
    const shared = [...seen[0]!.keys()].filter((tick) => seen[1]!.has(tick));
    // Ticks both pages confirmed and were read at: each read holds the last 128, so reads about
    // every half second cover nearly the whole match; a quarter of it is the least accepted.
    expect(shared.length).toBeGreaterThan(MATCH_TICKS / 4);
    console.log(`[e2e online] ${shared.length} confirmed ticks compared across the pages`);
    const differ = shared.filter((tick) => seen[0]!.get(tick) !== seen[1]!.get(tick));
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
