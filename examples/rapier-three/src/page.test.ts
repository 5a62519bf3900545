import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumOrSkip } from '@loop/core/e2e';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The guide's page (src/main.ts, index.html) as a reader builds it: bundled by Vite, served, and
 * run in a real Chromium (WebGL on the CPU through SwiftShader). It does what the guide says: it
 * loads Rapier, draws the scene's boxes (the orange of src/scene.ts) and steps the world, so the
 * boxes fall, and logs no error. What is drawn is read from the canvas itself, in the frame that
 * drew it. Chromium is found by @loop/core/e2e (CHROMIUM_PATH, or the usual places); without
 * one this file skips with a line saying what to install, and fails instead in CI and in the
 * loop monorepo. Nothing here is timed: each wait is for something the page does by itself.
 */

const ROOT = join(import.meta.dirname, '..');
const ARGS = ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
/** Longest wait for what a healthy page does by itself; nothing here measures speed. */
const WAIT_MS = 60_000;

const chromiumPath = chromiumOrSkip('the page test of example-rapier-three');

let out: string;
let server: PreviewServer;
let browser: Browser;

beforeAll(async () => {
  if (chromiumPath === undefined) return; // the test skips
  out = mkdtempSync(join(tmpdir(), 'rapier-three-page-'));
  await build({ root: ROOT, logLevel: 'warn', build: { outDir: out, emptyOutDir: true } });
  server = await preview({
    root: ROOT,
    logLevel: 'warn',
    build: { outDir: out },
    preview: { port: 0, host: '127.0.0.1' },
  });
  browser = await chromium.launch({ executablePath: chromiumPath, args: ARGS });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

/** The boxes' orange (0xe07030) as the lit scene draws it: red well above green above blue. */
interface Drawn {
  /** Pixels of box orange in the frame. */
  readonly orange: number;
  /** Their mean row, top 0: it grows as the boxes fall. */
  readonly row: number;
}

/**
 * What the page's canvas shows in its next frame: read in a requestAnimationFrame callback after
 * the loop's, before the browser presents (and clears) the drawing buffer.
 */
function drawn(page: Page): Promise<Drawn> {
  return page.evaluate(
    () =>
      new Promise<Drawn>((resolve) => {
        requestAnimationFrame(() => {
          const gl = document.querySelector('canvas')!;
          const copy = document.createElement('canvas');
          copy.width = gl.width;
          copy.height = gl.height;
          const ctx = copy.getContext('2d')!;
          ctx.drawImage(gl, 0, 0);
          const { data } = ctx.getImageData(0, 0, copy.width, copy.height);
          let orange = 0;
          let rows = 0;
          for (let i = 0; i < data.length; i += 4) {
            const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
            if (r > 120 && r > g + 40 && g > b + 20) {
              orange++;
              rows += Math.floor(i / 4 / copy.width);
            }
          }
          resolve({ orange, row: orange === 0 ? 0 : rows / orange });
        });
      }),
  );
}

describe.skipIf(chromiumPath === undefined)('the guide’s page in Chromium', () => {
  it('loads Rapier, draws the boxes and steps the world: they fall and pile up, no error', async () => {
    const page = await browser.newPage({ viewport: { width: 640, height: 480 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(server.resolvedUrls!.local[0]!, { waitUntil: 'load' });
    // Drawn: once Rapier is in, the loop renders the scene, its boxes orange.
    await expect
      .poll(async () => (await drawn(page)).orange, { timeout: WAIT_MS })
      .toBeGreaterThan(50);
    const first = await drawn(page);
    // Stepped: the boxes fall (their orange moves down the picture) and more of them come into
    // view as they land, stacked from 2 m to 75 m up at the start.
    await expect
      .poll(async () => (await drawn(page)).row, { timeout: WAIT_MS })
      .toBeGreaterThan(first.row + 20);
    expect(errors).toEqual([]);
    await page.close();
  });
});
