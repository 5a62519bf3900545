import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleryRoot } from '../apps.mjs';
import { type Firefox, firefoxProblems, launchFirefox } from './firefox.js';
import { PAGE_WAIT_MS } from './rapier-page.js';
import { type SiteServer, serveSite } from './site-server.js';

/**
 * The built rapier app in worker mode in a second engine, Firefox ESR (headful on a virtual
 * display, WebGL through Mesa): served with the cross-origin isolation headers its snapshots
 * cross in shared memory, served without them in transferred buffers. In both it draws
 * moving frames, replays instantly tick for tick and logs no error.
 */

const DIST = `${galleryRoot}/dist`;
const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

let isolated: SiteServer;
let plain: SiteServer;
let firefox: Firefox;

beforeAll(async () => {
  isolated = await serveSite(DIST, '/loop/', ISOLATION);
  plain = await serveSite(DIST, '/loop/');
  firefox = await launchFirefox();
});

afterAll(async () => {
  await firefox?.close();
  await isolated?.close();
  await plain?.close();
});

interface Status {
  replay: string;
  ticks: number;
  changes: number;
  matched: number;
  length: number;
}

function status(page: Page): Promise<Status> {
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

async function until(page: Page, done: (s: Status) => boolean): Promise<Status> {
  let last = await status(page);
  await expect
    .poll(
      async () => {
        last = await status(page);
        return done(last);
      },
      { timeout: PAGE_WAIT_MS, interval: 250 },
    )
    .toBe(true);
  return last;
}

/** The canvas alone, the HUD and the stats hidden: what the scene looks like right now. */
async function scene(page: Page): Promise<Uint8Array> {
  return page.screenshot({ clip: { x: 0, y: 0, width: 1280, height: 800 } });
}

const transports = [
  ['shared', () => isolated],
  ['message', () => plain],
] as const;

describe('the rapier app in worker mode, in Firefox', () => {
  for (const [transport, server] of transports) {
    it(`animates and replays over the ${transport} transport with no console error`, async () => {
      const page = await firefox.browser.newPage();
      const problems = firefoxProblems(page);
      try {
        await page.goto(`${server().url}rapier/index.html?mode=worker`, { waitUntil: 'load' });
        await until(page, (s) => s.ticks > 0);
        await expect
          .poll(() => page.$eval('[data-loop-stats]', (e) => e.textContent ?? ''), {
            timeout: PAGE_WAIT_MS,
          })
          .toMatch(new RegExp(`^simulation worker \\(${transport}\\)$`, 'm'));
        await page.addStyleTag({
          content: '#hud, [data-loop-stats] { visibility: hidden !important; }',
        });

        // Roll into the pile: the ball and the boxes it hits move between two pictures.
        await page.keyboard.down('KeyW');
        const start = await until(page, (s) => s.ticks > 0);
        const before = await scene(page);
        await until(page, (s) => s.ticks >= start.ticks + 60);
        const after = await scene(page);
        await page.keyboard.up('KeyW');
        expect(Buffer.from(after).equals(Buffer.from(before))).toBe(false);

        const changes = (await status(page)).changes;
        await page.keyboard.press('KeyR');
        const end = await until(page, (s) => s.changes > changes && s.replay !== 'replaying');
        expect(end.replay).toBe('matched');
        expect(end.length).toBeGreaterThanOrEqual(60);
        expect(end.matched).toBe(end.length);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }
});
