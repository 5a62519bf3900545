import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { PAGE_WAIT_MS } from './page.js';

/** What the rapier overlay says about where its simulation runs. */
export interface WorkerOverlay {
  /** `data-mode` of the overlay: `worker` or `main`. */
  mode: string | undefined;
  /** `shared` or `message`, from its line `simulation worker (<transport>)`. */
  transport: string | undefined;
  /** Its `ticks/s` figure. */
  ticksPerSecond: number;
  /** The page's `crossOriginIsolated`: whether the headers reached the browser. */
  isolated: boolean;
}

/** Reads the rapier overlay (the element with `data-mode`) as the page shows it. */
async function readOverlay(page: Page): Promise<WorkerOverlay> {
  return page.evaluate(() => {
    const overlay = document.querySelector<HTMLElement>('[data-mode]');
    const text = overlay?.textContent ?? '';
    return {
      mode: overlay?.dataset.mode,
      transport: /simulation worker \((\w+)\)/.exec(text)?.[1],
      ticksPerSecond: Number(/ticks\/s\s+([\d.]+)/.exec(text)?.[1] ?? Number.NaN),
      isolated: globalThis.crossOriginIsolated,
    };
  });
}

/**
 * Opens `url` with `?mode=worker` and waits (polling, never timing) until the overlay reports
 * worker mode over `transport` with ticks advancing (a ticks/s above 0: the worker's loop
 * stepped), then replays the last seconds instantly, every tick matched. Why in the scaffold test: worker mode needs a bundled module worker and, for
 * shared memory, the isolation headers the scaffold's vite.config sets; only a built project
 * served as a user serves it shows both work.
 */
export async function expectWorkerMode(
  page: Page,
  url: string,
  transport: 'shared' | 'message',
): Promise<WorkerOverlay> {
  await page.goto(`${url}?mode=worker`, { waitUntil: 'load' });
  let last: WorkerOverlay | undefined;
  await expect
    .poll(
      async () => {
        last = await readOverlay(page);
        return last.mode === 'worker' && last.transport === transport && last.ticksPerSecond > 0;
      },
      { timeout: PAGE_WAIT_MS, interval: 200 },
    )
    .toBe(true);
  expect(last?.isolated, `crossOriginIsolated with the ${transport} transport`).toBe(
    transport === 'shared',
  );
  await expectInstantReplay(page);
  return last!;
}

/** The replay status line (`#replay`) as numbers. */
function replayStatus(page: Page) {
  return page.$eval('#replay', (element) => {
    const data = (element as HTMLElement).dataset;
    return {
      replay: data.replay ?? '',
      ticks: Number(data.ticks),
      changes: Number(data.changes),
      matched: Number(data.matched),
      length: Number(data.length),
    };
  });
}

/**
 * Rolls the ball for a second, presses R and waits for the instant replay to end: the worker
 * replays from its keyframe and checks every tick's hash against the recording, and the page
 * shows `matched` only when all of them agreed.
 */
async function expectInstantReplay(page: Page): Promise<void> {
  const poll = { timeout: PAGE_WAIT_MS, interval: 200 };
  const start = (await replayStatus(page)).ticks;
  await page.keyboard.down('KeyW');
  await expect.poll(async () => (await replayStatus(page)).ticks, poll).toBeGreaterThan(start + 60);
  await page.keyboard.up('KeyW');
  const changes = (await replayStatus(page)).changes;
  await page.keyboard.press('KeyR');
  await expect
    .poll(async () => {
      const s = await replayStatus(page);
      return s.changes > changes && s.replay !== 'replaying' ? s.replay : 'waiting';
    }, poll)
    .toBe('matched');
  const end = await replayStatus(page);
  expect(end.length).toBeGreaterThanOrEqual(60);
  expect(end.matched).toBe(end.length);
}
