import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { galleryRoot } from '../apps.mjs';
import { type SiteServer, serveSite } from './site-server.js';

/**
 * The rapier app of the built site (apps/gallery/dist, `pnpm build`) in headless Chromium, the
 * way a person uses its replays: play a few seconds with the keyboard (part of it with the CPU
 * throttled, so the frames come at another pace), replay them instantly at another speed, save
 * the recording as a file, load it back, and load a corrupted copy. The page's replay status
 * (`#replay`, its data attributes) must say every tick of each replay matched its recorded
 * hash, and name the corruption. Waits poll with generous timeouts: SwiftShader draws on the
 * CPU and 1 000 bodies make a slow machine slower, which only makes the waits longer.
 */

const DIST = join(galleryRoot, 'dist');
const PAGE_WAIT_MS = 120_000;

let server: SiteServer;
let browser: Browser;

beforeAll(async () => {
  server = await serveSite(DIST, '/loop/');
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The replay status as the page shows it. */
interface Status {
  replay: string;
  matched: number;
  length: number;
  ticks: number;
  changes: number;
  text: string;
}

function status(page: Page): Promise<Status> {
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

/** One refresh of the stats overlay, with the replay status of that moment. */
/** Polls the status until `done` holds. */
async function until(page: Page, done: (s: Status) => boolean): Promise<Status> {
  let last = await status(page);
  await expect
    .poll(
      async () => {
        last = await status(page);
        return done(last);
      },
      { timeout: PAGE_WAIT_MS, interval: 200 },
    )
    .toBe(true);
  return last;
}

/** Waits for the next replay to end and checks it matched every one of its ticks. */
async function expectMatched(page: Page, after: number): Promise<Status> {
  const end = await until(page, (s) => s.changes > after && s.replay !== 'replaying');
  expect(end.text).toBe(`replay matched ${end.length} ticks`);
  expect(end.replay).toBe('matched');
  expect(end.length).toBeGreaterThan(0);
  expect(end.matched).toBe(end.length);
  return end;
}

describe('the rapier app', () => {
  it('replays a session instantly and from a saved file, matching every tick, and names a corrupted file', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    try {
      await page.goto(`${server.url}rapier/index.html`, { waitUntil: 'load' });
      await until(page, (s) => s.ticks > 0);

      // The overlay shows the game's own lines: the bodies, Rapier's step, the keyframes.
      const overlayText = () => page.$eval('[data-loop-stats]', (e) => e.textContent ?? '');
      await expect.poll(overlayText, { timeout: PAGE_WAIT_MS }).toMatch(/keyframe {3}\d+\.\d ms/);
      const overlay = await overlayText();
      expect(overlay).toMatch(/^bodies {5}1001 \(\d+ awake\)$/m);
      expect(overlay).toMatch(/^physics {4}\d+\.\d\d ms \/ step$/m);
      expect(overlay).toMatch(/^keyframe {3}\d+\.\d ms, \d+\.\d MB \/ 2 s$/m);

      // Play: roll into the pile, jump, teleport. A tenth of the CPU for the first part.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 });
      await page.keyboard.down('KeyW');
      await until(page, (s) => s.ticks >= 40);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.keyboard.down('KeyA');
      await page.keyboard.press('Space');
      await until(page, (s) => s.ticks >= 90);
      await page.keyboard.up('KeyA');
      await page.keyboard.press('KeyT');
      await until(page, (s) => s.ticks >= 150);
      await page.keyboard.up('KeyW');

      // Instant replay at a quarter of the speed: a quarter of the simulated time per real
      // second, so its frames owe other numbers of steps than the recording's did, whatever
      // the machine's pace (timings are not asserted); the same ticks must come out.
      await page.selectOption('#speed', '0.25');
      let before = (await status(page)).changes;
      await page.keyboard.press('KeyR');
      const instant = await expectMatched(page, before);
      expect(instant.length).toBeGreaterThanOrEqual(150);

      // Save the recording, load the file back (at twice the speed): it replays and matches again.
      await page.selectOption('#speed', '2');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
      expect(download.suggestedFilename()).toMatch(/^rapier-[0-9a-f]{12}\.looprec$/);
      const file = readFileSync((await download.path())!);
      before = (await status(page)).changes;
      await page.setInputFiles('#load', {
        name: 'session.looprec',
        mimeType: 'application/octet-stream',
        buffer: file,
      });
      const loaded = await expectMatched(page, before);
      expect(loaded.length).toBeGreaterThanOrEqual(instant.length);

      // One byte changed in the middle: refused with the reason, nothing replayed.
      const corrupted = Buffer.from(file);
      const middle = corrupted.length >> 1;
      corrupted[middle] = corrupted[middle]! ^ 0x10;
      before = (await status(page)).changes;
      await page.setInputFiles('#load', {
        name: 'corrupted.looprec',
        mimeType: 'application/octet-stream',
        buffer: corrupted,
      });
      const refused = await until(page, (s) => s.changes > before);
      expect(refused.replay).toBe('error');
      expect(refused.text).toMatch(/^cannot replay this file: .*(corrupt|checksum)/i);

      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
