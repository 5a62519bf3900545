import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { galleryRoot } from '../apps.mjs';
import {
  expectMatched,
  loadRecording,
  overlayText as overlayOf,
  PAGE_WAIT_MS,
  pollFor,
  problemsOf,
  saveRecording,
  status,
  until,
} from './rapier-page.js';
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

describe('the rapier app', () => {
  it('replays a session instantly and from a saved file, matching every tick, and names a corrupted file', async () => {
    const page = await browser.newPage();
    const problems = problemsOf(page);
    try {
      await page.goto(`${server.url}rapier/index.html`, { waitUntil: 'load' });
      await until(page, (s) => s.ticks > 0);

      // The overlay shows the game's own lines: the bodies, Rapier's step, the keyframes.
      const overlayText = () => overlayOf(page);
      await expect.poll(overlayText, { timeout: PAGE_WAIT_MS }).toMatch(/keyframe {3}\d+\.\d ms/);
      const overlay = await overlayText();
      expect(overlay).toMatch(/^simulation main thread$/m);
      expect(overlay).toMatch(/^ticks\/s {4}\d+\.\d$/m);
      expect(overlay).toMatch(/^bodies {5}1001 \(\d+ awake, \d+ moving\)$/m);
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
      // The speed is a replay's own control, shown once one runs (#30): chosen as it starts.
      let before = (await status(page)).changes;
      await page.keyboard.press('KeyR');
      await page.selectOption('#speed', '0.25');
      const instant = await expectMatched(page, before);
      expect(instant.length).toBeGreaterThanOrEqual(150);

      // Save the recording, load the file back (at twice the speed): it replays and matches again.
      const file = await saveRecording(page);
      before = (await status(page)).changes;
      await loadRecording(page, file);
      await page.selectOption('#speed', '2');
      const loaded = await expectMatched(page, before);
      expect(loaded.length).toBeGreaterThanOrEqual(instant.length);

      // One byte changed in the middle: refused with the reason, nothing replayed.
      const corrupted = Buffer.from(file);
      const middle = corrupted.length >> 1;
      corrupted[middle] = corrupted[middle]! ^ 0x10;
      before = (await status(page)).changes;
      await loadRecording(page, corrupted, 'corrupted.looprec');
      const refused = await until(page, (s) => s.changes > before);
      expect(refused.replay).toBe('error');
      expect(refused.text).toMatch(/^cannot replay this file: .*(corrupt|checksum)/i);

      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

/*
 * The rapier app of the built site shows its physics at once: with no input at all, boxes drop
 * onto the pile in its first seconds of simulated time (the page's own drop, a command of the
 * first tick), and the Drop boxes button (B) drops more once the pile is still again. Read from
 * the overlay's `moving` figure (bodies faster than 1 m/s, counted by the simulation) and the
 * status line's tick count, never from pixels or the wall clock: SwiftShader and a loaded
 * machine only make the waits longer. Both modes: the worker counts the drop as the page does.
 */

/** Within this many ticks (3 s of simulated time) of the first frame, boxes must be seen moving. */
const FIRST_SECONDS_TICKS = 180;
/** Boxes moving at once that make a drop (a drop lifts 64; a settling pile moves none). */
const SEEN = 20;

/** The overlay's moving bodies and the tick the status line last showed, read together. */
async function moving(page: Page): Promise<{ moving: number; ticks: number }> {
  const text = await overlayOf(page);
  const found = /^bodies {5}\d+ \(\d+ awake, (\d+) moving\)$/m.exec(text);
  return { moving: found ? Number(found[1]) : -1, ticks: (await status(page)).ticks };
}

/** Polls the figures until `done` holds of them, and returns the figures that made it hold. */
function untilMoving(
  page: Page,
  done: (m: { moving: number; ticks: number }) => boolean,
): Promise<{ moving: number; ticks: number }> {
  return pollFor(() => moving(page), done, 100);
}

describe('the rapier app, untouched', () => {
  it.for(['main', 'worker'])(
    '%s: boxes drop onto the pile in its first seconds, and the Drop button drops more',
    { timeout: 4 * PAGE_WAIT_MS },
    async (mode) => {
      const page = await browser.newPage();
      const problems = problemsOf(page);
      try {
        await page.goto(`${server.url}rapier/index.html?mode=${mode}`, { waitUntil: 'load' });
        // From the scene's first frame (in worker mode the simulation may run ahead of it)...
        await page.waitForFunction(
          () =>
            Number(document.querySelector('[data-loop-stats]')?.getAttribute('data-rendered')) > 0,
          undefined,
          { timeout: PAGE_WAIT_MS, polling: 50 },
        );
        const shown = (await status(page)).ticks;
        // ...the first drop, with no key pressed: seen falling within its first seconds.
        const first = await untilMoving(
          page,
          (m) => m.moving >= SEEN || m.ticks > shown + FIRST_SECONDS_TICKS,
        );
        expect(first.moving).toBeGreaterThanOrEqual(SEEN);
        expect(first.ticks).toBeLessThanOrEqual(shown + FIRST_SECONDS_TICKS);

        // Once they came to rest, the button drops more.
        await untilMoving(page, (m) => m.moving < SEEN / 4);
        const drop = page.locator('#drop');
        await drop.click();
        await expect.poll(() => drop.getAttribute('data-presses')).toBe('1');
        const again = await untilMoving(page, (m) => m.moving >= SEEN);
        expect(again.moving).toBeGreaterThanOrEqual(SEEN);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});
