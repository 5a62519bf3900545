import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { changedPixels, decodePng, distinctColours, type Image } from './pixels.js';

/**
 * How long any single wait on the page may take before the test gives up. Generous on purpose:
 * it only ends a wait for something that should happen (a first frame, a changed picture),
 * and a loaded 2-core machine may take many times longer than an idle one to get there.
 */
export const PAGE_WAIT_MS = 120_000;

/**
 * Collects everything that went wrong on the page: console errors, uncaught exceptions,
 * failed requests and HTTP errors. Returns the live list; a healthy page leaves it empty.
 */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) =>
    problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`),
  );
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return problems;
}

/** Waits until the overlay has counted a rendered frame: the loop runs and draws. */
export async function waitForFirstFrame(page: Page): Promise<void> {
  await page.waitForFunction(
    () => Number(document.querySelector('[data-loop-stats]')?.getAttribute('data-rendered')) > 0,
    undefined,
    { timeout: PAGE_WAIT_MS, polling: 100 },
  );
}

/**
 * Everything but canvases hidden while the screenshot is taken: the overlay's text changes
 * 4 times a second and the HUD adds colours of its own, and neither may pass for a canvas
 * that is drawn and moving. (`visibility` is inherited but a child may turn it back on, and
 * hiding moves nothing on the page.)
 */
const CANVAS_ONLY =
  '*:not(canvas) { visibility: hidden !important; } canvas { visibility: visible !important; }';

/** A screenshot of the page's first canvas, alone, decoded. */
export async function shootCanvas(page: Page): Promise<Image> {
  return decodePng(await page.locator('canvas').first().screenshot({ style: CANVAS_ONLY }));
}

/** What {@link expectDrawnAndMoving} saw, for the log. */
export interface Drawn {
  /** The first screenshot of the canvas. */
  first: Image;
  /** Distinct colours in it. */
  colours: number;
  /** Pixels that differ in the first later screenshot that differs at all. */
  changed: number;
  /** Screenshots taken until one differed. */
  shots: number;
}

/**
 * The page's canvas is drawn (more than one colour on the canvas alone) and moving (sooner or
 * later a screenshot differs from the first). However slow the machine, only the wait gets
 * longer: nothing here depends on how fast it is.
 */
export async function expectDrawnAndMoving(page: Page): Promise<Drawn> {
  const first = await shootCanvas(page);
  const colours = distinctColours(first);
  expect(first.width * first.height).toBeGreaterThan(0);
  expect(colours, 'the canvas is blank').toBeGreaterThan(1);
  let shots = 0;
  let changed = 0;
  await expect
    .poll(
      async () => {
        shots += 1;
        changed = changedPixels(first, await shootCanvas(page));
        return changed;
      },
      { timeout: PAGE_WAIT_MS, interval: 100 },
    )
    .toBeGreaterThan(0);
  return { first, colours, changed, shots };
}
