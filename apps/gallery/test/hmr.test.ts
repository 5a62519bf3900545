import { join } from 'node:path';
import { type Browser, chromium, type Worker } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { apps } from '../apps.mjs';
import { PAGE_WAIT_MS, problemsOf } from './rapier-page.js';

/**
 * A hot update of the rapier app in worker mode, in its own Vite dev server (as `pnpm dev`
 * makes it) and headless Chromium: the edited module's dispose ends the old simulation's
 * worker before the new one starts, so an edit never leaves two simulations running. The edit
 * is Vite's own: its file watcher is told the file changed, so nothing on disk is touched.
 */

const rapier = apps.find((app: { name: string }) => app.name === 'rapier')!;
let server: ViteDevServer;
let browser: Browser;

beforeAll(async () => {
  server = await createServer({
    root: rapier.root,
    logLevel: 'silent',
    server: { port: 0, host: '127.0.0.1', strictPort: false },
  });
  await server.listen();
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a hot update of the rapier app in worker mode', () => {
  it('ends the old worker and leaves one simulation running', async () => {
    const page = await browser.newPage();
    const problems = problemsOf(page);
    const alive = new Set<Worker>();
    page.on('worker', (worker) => {
      alive.add(worker);
      worker.on('close', () => alive.delete(worker));
    });
    const ticks = () => page.$eval('#replay', (e) => Number((e as HTMLElement).dataset.ticks));
    try {
      await page.goto(`${server.resolvedUrls!.local[0]}?mode=worker`, { waitUntil: 'load' });
      await expect.poll(ticks, { timeout: PAGE_WAIT_MS }).toBeGreaterThan(0);
      expect(alive.size).toBe(1);
      const first = [...alive][0];

      const updated = page.waitForEvent('worker', { timeout: PAGE_WAIT_MS });
      // scene.ts: a module of the page that main.ts imports; main.ts accepts the update.
      server.watcher.emit('change', join(rapier.root, 'src', 'scene.ts'));
      const second = await updated;

      await expect.poll(() => alive.has(first!), { timeout: PAGE_WAIT_MS }).toBe(false);
      expect([...alive]).toEqual([second]);
      // The new simulation runs: a fresh game, recording from tick 0 up.
      const before = await ticks();
      await expect.poll(ticks, { timeout: PAGE_WAIT_MS }).toBeGreaterThan(before);
      expect(alive.size).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
