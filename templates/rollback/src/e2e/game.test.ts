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

describe('the rollback push-off in Chromium', () => {
  it('plays locally: draws, both key sets move their balls, rolls back, checksums agree', async () => {
    const { page, errors } = await open('?latency=120&loss=10');
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
    expect(errors).toEqual([]);
    await page.close();
  });

  it('plays online: two pages join one match through the signaling server and agree', async () => {
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
    for (const { page, errors } of [a, b]) {
      expect(await figure(page, 'agree')).toBe('agree');
      // Over a WebRTC data channel between the two Chromium pages, not the server's relay.
      expect(await figure(page, 'route')).toBe('direct');
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
