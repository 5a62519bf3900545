/**
 * The gallery's pictures: after the apps are built, each one is opened from dist/ in headless
 * Chromium (Debian's, launched as every test here launches it: scripts/chromium.mjs), left to
 * run its first seconds, and photographed without its HUD and overlay: a small WebP per app in
 * dist/thumbnails/, the very scene a visitor will see, made anew by every build. The gallery's
 * page shows them (src/main.ts) at the size thumbnails.json gives, which both read.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import sirv from 'sirv';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';

/**
 * A thumbnail's size in pixels (half the window each app is photographed in), its folder in the
 * site and its type: thumbnails.json, shared with the page.
 * @type {{ width: number, height: number, folder: string, type: string }}
 */
export const thumbnail = JSON.parse(
  readFileSync(new URL('./thumbnails.json', import.meta.url), 'utf8'),
);
const THUMBNAIL_WIDTH = thumbnail.width;
const THUMBNAIL_HEIGHT = thumbnail.height;
/** Frames an app draws before its picture: its first seconds (boxes dropped, bodies flying). */
const FRAMES = 90;
/** Longest wait for those frames: SwiftShader draws on the CPU, and a busy machine is slower. */
const WAIT_MS = 120_000;
/** WebP quality: a few kB to a few tens of kB a picture. */
const QUALITY = 70;

/** Where the thumbnail of `name` lies inside the site. */
export function thumbnailPath(name) {
  return `${thumbnail.folder}/${name}.${thumbnail.type}`;
}

/**
 * Photographs every app of `apps` (each built in `dist/<name>/`) into `dist/thumbnails/`. Fails
 * with a sentence saying how to install Chromium when there is none: CI and `npm test` install
 * it, and a gallery without its pictures would be a broken page.
 * @param {string} dist the built site
 * @param {readonly { name: string }[]} apps
 */
export async function makeThumbnails(dist, apps) {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `gallery build: thumbnails need Chromium at ${chromiumPath}: apt-get install -y chromium ` +
        '(Debian), or set CHROMIUM_PATH to a Chromium or Chrome',
    );
  }
  mkdirSync(resolve(dist, thumbnail.folder), { recursive: true });
  const files = sirv(dist, { dev: true });
  const server = createServer((req, res) => files(req, res, () => res.writeHead(404).end()));
  await new Promise((done) => server.listen(0, '127.0.0.1', () => done(undefined)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    for (const app of apps) {
      const bytes = await photograph(browser, `http://127.0.0.1:${port}/${app.name}/index.html`);
      writeFileSync(resolve(dist, thumbnailPath(app.name)), bytes);
      console.log(
        `gallery build: ${thumbnailPath(app.name)} (${(bytes.length / 1024).toFixed(1)} kB)`,
      );
    }
  } finally {
    await browser.close();
    server.close();
  }
}

/** One app's picture: its first seconds in a 640 × 400 window, HUD and overlay hidden. */
async function photograph(browser, url) {
  const page = await browser.newPage({
    viewport: { width: 2 * THUMBNAIL_WIDTH, height: 2 * THUMBNAIL_HEIGHT },
  });
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(
      (frames) =>
        Number(document.querySelector('[data-loop-stats]')?.getAttribute('data-rendered')) >=
        frames,
      FRAMES,
      { timeout: WAIT_MS, polling: 100 },
    );
    await page.addStyleTag({
      content: '[data-loop-hud],[data-loop-stats]{visibility:hidden!important}',
    });
    // Two frames more, so the hidden panels are gone from the picture too.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    // Chromium's own encoder: WebP, downscaled by half, with no image library to install.
    const cdp = await page.context().newCDPSession(page);
    const shot = await cdp.send('Page.captureScreenshot', {
      format: /** @type {'webp'} */ (thumbnail.type),
      quality: QUALITY,
      clip: { x: 0, y: 0, width: 2 * THUMBNAIL_WIDTH, height: 2 * THUMBNAIL_HEIGHT, scale: 0.5 },
    });
    return Buffer.from(shot.data, 'base64');
  } finally {
    await page.close();
  }
}
