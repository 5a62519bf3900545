import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * What the tests of the rapier app read of its page: the replay status line (`#replay` and its
 * data attributes) and the stats overlay, polled with generous timeouts: SwiftShader draws on
 * the CPU and 1 000 bodies make a slow machine slower, which only makes the waits longer.
 */

export const PAGE_WAIT_MS = 120_000;

/** The replay status as the page shows it. */
export interface Status {
  replay: string;
  matched: number;
  length: number;
  ticks: number;
  changes: number;
  text: string;
}

export function status(page: Page): Promise<Status> {
  return page.$eval('#replay', (element) => {
    const data = (element as HTMLElement).dataset;
    return {
      replay: data.replay ?? '',
      matched: Number(data.matched),
      length: Number(data.length),
      ticks: Number(data.ticks),
      changes: Number(data.changes),
      text: element.textContent ?? '',
    };
  });
}

/** Polls the status until `done` holds. */
export function until(page: Page, done: (s: Status) => boolean): Promise<Status> {
  return pollFor(() => status(page), done, 200);
}

/**
 * Polls `read` every `interval` ms until `done` holds of what it read, and returns that: what
 * {@link until} does with the status, for any figure a test reads off the page.
 */
export async function pollFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  interval: number,
): Promise<T> {
  let last = await read();
  await expect
    .poll(
      async () => {
        last = await read();
        return done(last);
      },
      { timeout: PAGE_WAIT_MS, interval },
    )
    .toBe(true);
  return last;
}

/** Waits for the next replay to end and checks it matched every one of its ticks. */
export async function expectMatched(page: Page, after: number): Promise<Status> {
  const end = await until(page, (s) => s.changes > after && s.replay !== 'replaying');
  expect(end.text).toBe(`replay matched ${end.length} ticks`);
  expect(end.replay).toBe('matched');
  expect(end.length).toBeGreaterThan(0);
  expect(end.matched).toBe(end.length);
  return end;
}

/** The stats overlay's text. */
export function overlayText(page: Page): Promise<string> {
  return page.$eval('[data-loop-stats]', (e) => e.textContent ?? '');
}

/** Collects console errors and uncaught exceptions of `page`: a test expects none. */
export function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

/** Saves the recording through the page's button and returns the file's bytes. */
export async function saveRecording(page: Page): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
  expect(download.suggestedFilename()).toMatch(/^rapier-[0-9a-f]{12}\.looprec$/);
  const { readFileSync } = await import('node:fs');
  return readFileSync((await download.path())!);
}

/** Loads `bytes` as a recording file through the page's picker. */
export function loadRecording(page: Page, bytes: Buffer, name = 'session.looprec'): Promise<void> {
  return page.setInputFiles('#load', { name, mimeType: 'application/octet-stream', buffer: bytes });
}
