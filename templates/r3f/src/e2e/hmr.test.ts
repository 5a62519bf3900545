/// <reference types="node" />
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumOrSkip } from '@loop/core/e2e';
import { type Browser, chromium, type Page } from 'playwright-core';
import { createServer, searchForWorkspaceRoot, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A hot update of the game in its own Vite dev server (as `npm run dev` makes it) and Chromium:
 * a real edit of a source file, written to disk and seen by Vite's file watcher, leaves exactly
 * one loop running. Edited: app.tsx (it exports more than components, so the update reaches
 * main.tsx, which disposes everything it started and starts again) and boxes.tsx (React Fast
 * Refresh swaps the component in place). The game runs from a copy of index.html and src/ in a
 * temporary folder, so the edits never touch this folder's files.
 *
 * A loop is counted by its requestAnimationFrame callbacks: each running loop asks for one per
 * display frame (`frameloop="never"`: R3F asks for none), so N loops show N callbacks a frame.
 */

const ROOT = join(import.meta.dirname, '../..');
const ARGS = ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
/** Longest wait for what a healthy page does by itself; nothing here measures speed. */
const WAIT_MS = 120_000;

/** The Chromium to drive, or undefined (after one line saying what to install) to skip. */
const chromiumPath = chromiumOrSkip('the hot update test');

let copy: string;
let server: ViteDevServer;
let browser: Browser;

beforeAll(async () => {
  if (chromiumPath === undefined) return;
  copy = mkdtempSync(join(tmpdir(), 'r3f-hmr-'));
  cpSync(join(ROOT, 'index.html'), join(copy, 'index.html'));
  cpSync(join(ROOT, 'tsconfig.json'), join(copy, 'tsconfig.json'));
  cpSync(join(ROOT, 'src'), join(copy, 'src'), {
    recursive: true,
    filter: (path) => !path.includes(`${join('src', 'e2e')}`),
  });
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'junction');
  server = await createServer({
    root: copy,
    configFile: join(ROOT, 'vite.config.ts'),
    cacheDir: join(copy, '.vite'),
    logLevel: 'silent',
    server: {
      port: 0,
      host: '127.0.0.1',
      fs: { allow: [copy, searchForWorkspaceRoot(ROOT)] },
    },
  });
  await server.listen();
  browser = await chromium.launch({ executablePath: chromiumPath, args: ARGS });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** Counts the requestAnimationFrame callbacks of each display frame (the latest 120 kept). */
function countFrames(): void {
  const counts: number[] = [];
  let last = -1;
  const request = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) =>
    request((time) => {
      if (time !== last) {
        last = time;
        counts.push(0);
        if (counts.length > 120) counts.shift();
      }
      counts[counts.length - 1]! += 1;
      callback(time);
    });
  Object.assign(window, {
    rafFrames: () => counts.length,
    rafMost: () => Math.max(0, ...counts),
    rafReset: () => {
      counts.length = 0;
    },
  });
}

type Counted = Window & { rafFrames(): number; rafMost(): number; rafReset(): void };

/** The most loops seen in one frame over the next 30 display frames. */
async function loopsNow(page: Page): Promise<number> {
  await page.evaluate(() => (window as unknown as Counted).rafReset());
  await expect
    .poll(() => page.evaluate(() => (window as unknown as Counted).rafFrames()), {
      timeout: WAIT_MS,
    })
    .toBeGreaterThanOrEqual(30);
  return page.evaluate(() => (window as unknown as Counted).rafMost());
}

/** Rewrites `file` of the copy with `edit` applied; throws if it changed nothing. */
function editSource(file: string, edit: (text: string) => string): void {
  const path = join(copy, 'src', file);
  const before = readFileSync(path, 'utf8');
  const after = edit(before);
  if (after === before) throw new Error(`the edit of ${file} changed nothing`);
  writeFileSync(path, after);
}

describe.skipIf(chromiumPath === undefined)('a hot update of the r3f game', () => {
  it('leaves exactly one loop after an edit of app.tsx and one of boxes.tsx', async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    const errors: string[] = [];
    const updates: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.text().includes('hot updated')) updates.push(message.text());
    });
    await page.addInitScript(countFrames);
    try {
      await page.goto(server.resolvedUrls!.local[0]!, { waitUntil: 'load' });
      await page.waitForSelector('#loading', { state: 'detached', timeout: WAIT_MS });
      expect(await loopsNow(page)).toBe(1);

      // app.tsx: main.tsx runs again; the hint shows the new text once the new module runs.
      editSource('app.tsx', (text) => text.replace('come back.', 'come back (edited).'));
      await page
        .locator('#hud .hint', { hasText: '(edited)' })
        .first()
        .waitFor({ timeout: WAIT_MS });
      expect(await loopsNow(page)).toBe(1);
      expect(await page.locator('canvas').count()).toBe(1);
      expect(await page.locator('[data-loop-stats]').count()).toBe(1);

      // boxes.tsx: Fast Refresh swaps the component; Vite says so on the console.
      editSource('boxes.tsx', (text) => text.replace("'#e4572e'", "'#e4572f'"));
      await expect
        .poll(() => updates.some((u) => u.includes('boxes.tsx')), { timeout: WAIT_MS })
        .toBe(true);
      expect(await loopsNow(page)).toBe(1);
      expect(await page.locator('canvas').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 400_000);
});
