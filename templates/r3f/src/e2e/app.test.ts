/// <reference types="node" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumOrSkip, firefoxOrSkip } from '@loop/core/e2e';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Firefox, launchFirefox } from './firefox.js';

/**
 * The built game in a real Chromium (`npm run test:e2e`): it boots (Rapier loaded, the loop
 * drawing), the boxes move, a jump reaches the simulation, and the cap buttons change the cap;
 * then in Firefox (a second engine, headful: see firefox.ts), the same build. The browsers are
 * found by @loop/core/e2e on Linux, macOS and Windows (Chrome, Chromium or Edge, or
 * CHROMIUM_PATH; Firefox, or FIREFOX_PATH, and Xvfb on Linux); without one, its tests skip with
 * one line saying what to install, or fail in CI. WebGL runs on the CPU through SwiftShader.
 */

const ROOT = join(import.meta.dirname, '../..');
const ARGS = ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
/** Longest wait for what a healthy page does by itself; nothing here measures speed. */
const WAIT_MS = 120_000;

/** The Chromium to drive, or undefined (after one line saying what to install) to skip. */
const chromiumPath = chromiumOrSkip('the Chromium test');
/** Firefox and, on Linux, its Xvfb, or undefined (after a line each missing) to skip. */
const firefoxTools = firefoxOrSkip('the Firefox test');

let out: string;
let server: PreviewServer;
let browser: Browser;
let firefox: Firefox | undefined;

beforeAll(async () => {
  if (chromiumPath === undefined && firefoxTools === undefined) return; // every test skips
  out = mkdtempSync(join(tmpdir(), 'r3f-e2e-'));
  await build({ root: ROOT, logLevel: 'warn', build: { outDir: out, emptyOutDir: true } });
  server = await preview({
    root: ROOT,
    logLevel: 'warn',
    build: { outDir: out },
    preview: { port: 0, host: '127.0.0.1' },
  });
  if (chromiumPath !== undefined) {
    browser = await chromium.launch({ executablePath: chromiumPath, args: ARGS });
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await firefox?.close();
  await server?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

/** The stats overlay's figure `name` (`data-rendered`, `data-fps`), as a number. */
const stat = (page: Page, name: string) =>
  page.evaluate(
    (attribute) => Number(document.querySelector('[data-loop-stats]')?.getAttribute(attribute)),
    `data-${name}`,
  );

/** Waits until the page has drawn `more` frames beyond those it had drawn so far (0 before the overlay). */
async function frames(page: Page, more: number): Promise<void> {
  const from = (await stat(page, 'rendered')) || 0;
  await expect
    .poll(() => stat(page, 'rendered'), { timeout: WAIT_MS })
    .toBeGreaterThan(from + more);
}

describe.skipIf(chromiumPath === undefined)('the r3f game in Chromium', () => {
  it('boots, draws moving boxes, jumps on Space and changes its cap', async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(server.resolvedUrls!.local[0]!, { waitUntil: 'load' });
    await page.waitForSelector('#loading', { state: 'detached', timeout: WAIT_MS });
    await frames(page, 5);
    expect(await page.locator('canvas').count()).toBe(1);

    // A jump: the HUD's button taps Space, which the next step sees (data-presses), and the
    // boxes fly, so two frames some steps apart differ.
    const jump = page.locator('#hud [data-key="Space"]');
    await jump.click();
    await expect.poll(() => jump.getAttribute('data-presses'), { timeout: WAIT_MS }).toBe('1');
    const before = await page.locator('canvas').screenshot();
    await frames(page, 3);
    const after = await page.locator('canvas').screenshot();
    expect(after.equals(before)).toBe(false);

    // The cap: 30 as the page opens, 60 a tap away, said by the buttons and the overlay.
    const stats = page.locator('[data-loop-stats]');
    expect(await page.locator('[data-fps="30"]').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => stats.textContent(), { timeout: WAIT_MS }).toContain('cap 30 fps');
    await page.locator('[data-fps="60"]').click();
    expect(await page.locator('[data-fps="60"]').getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('[data-fps="30"]').getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => stats.textContent(), { timeout: WAIT_MS }).toContain('cap 60 fps');
    await frames(page, 3);
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** The overlay's figure `name` in a Firefox page, as a number. */
async function firefoxStat(page: import('puppeteer-core').Page, name: string): Promise<number> {
  return page.evaluate(
    (attribute) => Number(document.querySelector('[data-loop-stats]')?.getAttribute(attribute)),
    `data-${name}`,
  );
}

describe.skipIf(firefoxTools === undefined)('the r3f game in Firefox', () => {
  it('boots, draws frames after Rapier loads, and a tap on Space reaches the simulation', async () => {
    firefox = await launchFirefox(firefoxTools!);
    const page = await firefox.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => void errors.push((error as Error).message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
    });
    await page.goto(server.resolvedUrls!.local[0]!, { waitUntil: 'load' });
    await page.waitForSelector('#loading', { hidden: true, timeout: WAIT_MS });
    await expect.poll(() => firefoxStat(page, 'rendered'), { timeout: WAIT_MS }).toBeGreaterThan(5);
    expect(await page.$$eval('canvas', (list) => list.length)).toBe(1);
    const from = await firefoxStat(page, 'rendered');
    await page.click('#hud [data-key="Space"]');
    await expect
      .poll(() => page.$eval('#hud [data-key="Space"]', (b) => b.getAttribute('data-presses')), {
        timeout: WAIT_MS,
      })
      .toBe('1');
    await expect
      .poll(() => firefoxStat(page, 'rendered'), { timeout: WAIT_MS })
      .toBeGreaterThan(from + 3);
    expect(errors).toEqual([]);
    await page.close();
  });
});
