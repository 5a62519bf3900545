import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { matchMaker, type Server } from '@colyseus/core';
import { chromiumOrSkip } from '@loop/core/e2e';
import type { FixedStepRoom } from '@loop/net/colyseus';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGameServer } from './server.js';
import type { World } from './world.js';

/**
 * The guide's page (src/main.ts, index.html) as a reader builds it: bundled by Vite and served
 * by the game's own server (src/server.ts, on a free loopback port, in real time), so the page
 * finds the game at its own address as the guide's `location.host` says. In a real Chromium it
 * joins a `dots` room, draws its player, and moves it with the arrow keys: the server moves the
 * player (the room's own state says so) and the page draws it where the server has it. Chromium
 * is found by @loop/core/e2e (CHROMIUM_PATH, or the usual places); without one this file skips
 * with a line saying what to install, and fails instead in CI and in the loop monorepo. Nothing
 * here is timed: each wait is for something the page or the server does by itself.
 */

const ROOT = join(import.meta.dirname, '..');
/** Longest wait for what a healthy page does by itself; nothing here measures speed. */
const WAIT_MS = 30_000;
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

const chromiumPath = chromiumOrSkip('the page test of example-colyseus-rooms');

let out: string;
let server: Server;
let url: string;
let browser: Browser;

/** Serves the built page from the game server's own HTTP server (Colyseus keeps /matchmake). */
function servePage(http: HttpServer, dir: string): void {
  http.on('request', (req, res) => {
    if (req.url?.includes('/matchmake')) return; // Colyseus answers it
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.endsWith('/') ? `${path}index.html` : path;
    try {
      const body = readFileSync(join(dir, file));
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
}

beforeAll(async () => {
  if (chromiumPath === undefined) return; // the test skips
  out = mkdtempSync(join(tmpdir(), 'colyseus-rooms-page-'));
  await build({ root: ROOT, logLevel: 'warn', build: { outDir: out, emptyOutDir: true } });
  const started = await startGameServer(0, { log: () => {} });
  server = started.server;
  servePage((server.transport as unknown as { server: HttpServer }).server, out);
  url = `http://127.0.0.1:${started.port}/`;
  browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.gracefullyShutdown(false);
  if (out) rmSync(out, { recursive: true, force: true });
});

/** The page's room on the server, once the page has joined one. */
async function joinedRoom(): Promise<FixedStepRoom<World> | undefined> {
  const [listing] = await matchMaker.query({ name: 'dots' });
  const room = listing && matchMaker.getLocalRoomById(listing.roomId);
  return room?.clients.length ? (room as FixedStepRoom<World>) : undefined;
}

/**
 * Where the page draws a dot on row `y` (its top): the left edge of what is painted across the
 * dot's middle row, to a fraction of a pixel (a dot at a fractional place is drawn antialiased),
 * or NaN where nothing is.
 */
function dotX(page: Page, y: number): Promise<number> {
  return page.evaluate((y) => {
    const canvas = document.querySelector('canvas')!;
    const { data } = canvas.getContext('2d')!.getImageData(0, y + 4, canvas.width, 1);
    let painted = 0;
    let sum = 0;
    for (let x = 0; x < canvas.width; x++) {
      const alpha = data[4 * x + 3]! / 255;
      painted += alpha;
      sum += alpha * (x + 0.5);
    }
    return painted === 0 ? Number.NaN : sum / painted - 4; // the centre, less half a dot
  }, y);
}

describe.skipIf(chromiumPath === undefined)(
  'the guide’s page in Chromium, on a real server',
  () => {
    it('joins a dots room, draws its player, and moves it right while ArrowRight is held', async () => {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.goto(url, { waitUntil: 'load' });
      let room: FixedStepRoom<World> | undefined;
      await expect
        .poll(async () => (room = await joinedRoom()), { timeout: WAIT_MS })
        .toBeDefined();
      const world = room!.gameState;
      expect(world.present[0]).toBe(1); // the first seat of a new room, at (0, 0)
      const [x0, y0] = [world.x[0]!, world.y[0]!];
      await expect.poll(() => dotX(page, y0), { timeout: WAIT_MS }).toBeCloseTo(x0, 1);

      // Held: the page's input reaches the room, which steps the player right, 4 a tick.
      await page.keyboard.down('ArrowRight');
      await expect.poll(() => world.x[0]!, { timeout: WAIT_MS }).toBeGreaterThanOrEqual(x0 + 80);
      await page.keyboard.up('ArrowRight');
      expect(world.y[0]).toBe(y0);
      // Released: the server stops it, and the page draws it where the server has it (a
      // prediction that ran ahead of an input the server dropped as late is corrected).
      await expect
        .poll(async () => (await dotX(page, y0)) - world.x[0]!, { timeout: WAIT_MS })
        .toBeCloseTo(0, 1);
      expect(world.x[0]).toBeGreaterThanOrEqual(x0 + 80);
      // Every input the page sent was well formed (in real time on a busy machine one may come
      // late for its tick, which the room drops, as it would from a real player).
      expect(room!.refused).toMatchObject({ malformed: 0, oversize: 0 });
      expect(errors).toEqual([]);
      await page.close();
    }, 120_000);
  },
);
