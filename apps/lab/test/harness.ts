import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { serveDist } from './static-server.mjs';

/**
 * What the browser tests share: the built lab (dist/, `pnpm build` first) served locally, one
 * headless Chromium per test file, pages that record their console errors, and readers for the
 * figures the page carries as data attributes. Nothing here depends on how fast the machine
 * is: figures are read after `?frames=N&paused=1` (N simulated display frames run synchronously
 * at load, then nothing moves) or after the "Step frames" button, and waits poll for a
 * condition with a generous timeout.
 */

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
/** The longest wait for something the page does by itself. */
export const WAIT = { timeout: 60_000 };

let server: Awaited<ReturnType<typeof serveDist>>;
let browser: Browser;

/** Serves the lab and starts Chromium for the calling test file; both stop after it. */
export function useLab(): void {
  beforeAll(async () => {
    const built = existsSync(join(DIST, 'index.html'));
    expect(built, `no built lab in ${DIST} (run pnpm build)`).toBe(true);
    server = await serveDist(DIST);
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
}

/** The lab's URL (ends in /lab/). */
export function labUrl(): string {
  return server.url;
}

/** An open page and the console errors, uncaught exceptions and failed requests it reported. */
export interface Opened {
  page: Page;
  problems: string[];
}

/** A phone as the lab must serve it: 390 × 844 CSS pixels, touch, a pixel ratio of 3. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

/**
 * Opens the lab with `query` in a `viewport` (or a whole device, such as {@link PHONE}) and
 * waits for its first session.
 */
export async function open(
  query: string,
  device: { width: number; height: number } | BrowserContextOptions = { width: 1200, height: 900 },
): Promise<Opened> {
  const options = 'width' in device ? { viewport: device } : device;
  const page = await browser.newPage(options);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
  await page.goto(server.url + query);
  await page.waitForSelector('body[data-frames]', { ...WAIT, state: 'attached' });
  return { page, problems };
}

export async function close({ page, problems }: Opened): Promise<void> {
  await page.close();
  expect(problems).toEqual([]);
}

/** A lane row's figures (its data attributes) as numbers. */
export interface LaneFigures {
  rms: number;
  worst: number;
  ticks: number;
  owed: number;
  dropped: number;
  fps: number;
  speed: number;
  rendered: number;
  ballY: number;
  offset: number;
}

/** Every lane row's figures, by lane id, as numbers. */
export async function figures(page: Page): Promise<Record<string, LaneFigures>> {
  return page.$$eval('#figures tbody tr', (rows) =>
    Object.fromEntries(
      rows.map((row) => {
        const data = (row as HTMLElement).dataset;
        const numbers: Record<string, number> = {};
        for (const [key, value] of Object.entries(data)) numbers[key] = Number(value);
        return [data.lane, numbers];
      }),
    ),
  );
}

/** Opens an experiment and returns its figures by row key. */
export async function experimentRows(
  page: Page,
): Promise<Record<string, { seed?: string; ours: string }>> {
  return page.$$eval('#experiment tbody tr', (rows) =>
    Object.fromEntries(
      rows.map((row) => {
        const { key, seed, ours } = (row as HTMLElement).dataset;
        return [key, { seed, ours: ours ?? '' }];
      }),
    ),
  );
}

/** Sets an experiment parameter through its input and waits for the figure `key` to change. */
export async function setParam(page: Page, exp: string, param: string, value: string, key: string) {
  const before = (await experimentRows(page))[key]!.ours;
  await page.fill(`#exp-${exp}-${param}`, value);
  await page.press(`#exp-${exp}-${param}`, 'Enter');
  await page.locator(`#exp-${exp}-${param}`).blur();
  await page.waitForFunction(
    ([k, b]) =>
      document.querySelector<HTMLElement>(`#experiment tr[data-key="${k}"]`)?.dataset.ours !== b,
    [key, before] as const,
    WAIT,
  );
  return experimentRows(page);
}
