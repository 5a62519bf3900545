import { fileURLToPath } from 'node:url';
import { lerp } from '@loop/core';
import type { TraceRow } from '@loop/net/dom';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ArenaRoom } from '../server/arena-room';
import { type GameServer, startServer } from '../server/server';
import { TIMESTEP_MS } from '../shared/arena';
import { STICK_MAX } from '../shared/input';
import { STRIDE } from '../shared/world';
import { Chromium, type Page } from './chromium';

type Row = TraceRow;
const root = fileURLToPath(new URL('../..', import.meta.url));

/** Stated bounds (arena units; a player's radius is 20). */
const REMOTE_ERROR_P95 = 4;
const REMOTE_ERROR_MAX = 24;
const LARGEST_CORRECTION = 8;

const frames = (page: Page) => page.evaluate<number>('window.arenaTrace?.trace.frames ?? 0');
const started = (page: Page) =>
  page.evaluate<boolean>('window.arenaTrace?.client.predictor.started === true');
const waitFor = (what: string, check: () => Promise<boolean>) =>
  vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`still waiting for ${what}`);
    },
    { timeout: 30_000, interval: 50 },
  );

/** The browser tools.global-setup.ts found; null (skip) where there is none and none is needed. */
const chromium = inject('chromium');

describe('two pages in one game in real Chromium, through the bad network (150 ± 30 ms, 5 % loss)', {
  skip: chromium === null,
}, () => {
  let game: GameServer;
  let vite: ViteDevServer;
  let browser: Chromium;
  let url: string;

  beforeAll(async () => {
    game = await startServer();
    process.env.GAME_EXTERNAL = '1';
    process.env.GAME_PORT = String(game.port);
    vite = await createServer({
      root,
      configFile: `${root}/vite.config.ts`,
      logLevel: 'silent',
      server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
    });
    delete process.env.GAME_EXTERNAL;
    delete process.env.GAME_PORT;
    await vite.listen();
    url = vite.resolvedUrls!.local[0]!;
    browser = await Chromium.launch(chromium!);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await vite?.close();
    await game?.stop();
  });

  it("draws the other player on the server's path, never backwards; moves its own on the first step after the key; small corrections", async () => {
    const a = await browser.open(`${url}?net=bad&trace&seed=1`);
    await waitFor('page A in the arena', () => started(a));
    const b = await browser.open(`${url}?net=bad&trace&seed=2`);
    await waitFor('page B in the arena', () => started(b));
    expect(await a.evaluate('arenaTrace.client.predictor.slot')).toBe(0);
    const room = [...ArenaRoom.live][0]!;
    const path = new Map<number, [number, number]>(); // seat 1's position at each tick
    room.onStep = (w) => path.set(w.tick, [w.state[STRIDE]!, w.state[STRIDE + 1]!]);
    // Two seconds of frames for the interpolation delay to settle, then both move up a while.
    const settled = (await frames(a)) + 120;
    await waitFor('the delay to settle', async () => (await frames(a)) >= settled);
    const mark = (await frames(a)) - 1; // a frame drawn before the key
    await Promise.all([a.key('keyDown', 'KeyW'), b.key('keyDown', 'KeyW')]);
    await new Promise((r) => setTimeout(r, 400));
    await Promise.all([a.key('keyUp', 'KeyW'), b.key('keyUp', 'KeyW')]);
    const end = (await frames(a)) + 120;
    await waitFor('A to draw B stopping', async () => (await frames(a)) >= end);
    const rows = (await a.evaluate<Row[]>('arenaTrace.trace.rows()')).slice(mark);

    // The other player (seat 1): drawn at the render time where the server had it.
    const errors: number[] = [];
    let moved = 0;
    rows.forEach((row, i) => {
      if (i > 0) {
        expect(row.renderTime).toBeGreaterThanOrEqual(rows[i - 1]!.renderTime);
        // Moving up: never back down (beyond a rounding of the blend, 1e-9 units).
        expect(row.y1).toBeLessThanOrEqual(rows[i - 1]!.y1 + 1e-9);
        moved += rows[i - 1]!.y1 - row.y1;
      }
      // A starved frame (the render time past the newest snapshot: a page or server too busy
      // to keep up, as on a loaded CI machine) holds its last pose; they are counted apart.
      if (i > 0 && row.starved > rows[i - 1]!.starved) return;
      const tick = Math.floor(row.renderTime / TIMESTEP_MS);
      const from = path.get(tick);
      const to = path.get(tick + 1);
      if (!from || !to) return;
      const t = row.renderTime / TIMESTEP_MS - tick;
      const dx = row.x1 - lerp(from[0], to[0], t);
      const dy = row.y1 - lerp(from[1], to[1], t);
      errors.push(Math.sqrt(dx * dx + dy * dy));
    });
    expect(moved).toBeGreaterThan(60);
    expect(errors.length).toBeGreaterThan(60);
    errors.sort((p, q) => p - q);
    expect(errors[Math.floor(errors.length * 0.95)]).toBeLessThan(REMOTE_ERROR_P95);
    expect(errors[errors.length - 1]).toBeLessThan(REMOTE_ERROR_MAX);

    // Its own player: the first frame that steps after the key shows it moving up.
    const pressed = rows.findIndex((row) => row.input1 === -STICK_MAX);
    const stepped = rows.findIndex((row, i) => i >= pressed && row.steps > 0);
    expect(pressed).toBeGreaterThan(0);
    expect(stepped - pressed).toBeLessThanOrEqual(2);
    expect(rows[stepped]!.y0).toBeLessThan(rows[pressed - 1]!.y0);
    expect(rows[rows.length - 1]!.largest).toBeLessThan(LARGEST_CORRECTION);
    console.log(
      `starved frames ${rows[rows.length - 1]!.starved - rows[0]!.starved} of ${rows.length}; remote error p50 ${errors[Math.floor(errors.length / 2)]!.toFixed(2)}, p95 ${errors[Math.floor(errors.length * 0.95)]!.toFixed(2)}, max ${errors[errors.length - 1]!.toFixed(2)} over ${errors.length} frames; moved ${moved.toFixed(0)}; local step ${stepped - pressed} frames after the key; largest correction ${rows[rows.length - 1]!.largest.toFixed(2)}; corrections ${rows[rows.length - 1]!.corrections}`,
    );
  }, 120_000);
  it('steers by touch on a phone: a finger held beside the player moves it that way, then lets go', async () => {
    const phone = await browser.open(`${url}?trace&seed=3`);
    await phone.send('Emulation.setDeviceMetricsOverride', {
      width: 390,
      height: 844,
      deviceScaleFactor: 3,
      mobile: true,
    });
    await phone.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    await waitFor('the phone in the arena', () => started(phone));
    // On the phone and on a laptop: the stats and the HUD, and every control, on screen and
    // apart (the boxes as the page lays them out).
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await phone.send('Emulation.setDeviceMetricsOverride', {
        width,
        height,
        deviceScaleFactor: width < 500 ? 3 : 1,
        mobile: width < 500,
      });
      const problems = await phone.evaluate<string[]>(`(() => {
        const box = (e) => [e.id || e.textContent, e.getBoundingClientRect()];
        const stats = box(document.querySelector('[data-loop-stats]'));
        const hud = box(document.querySelector('#hud'));
        const buttons = [...document.querySelectorAll('#hud button')].map(box);
        const apart = (a, b) =>
          a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
        const found = [];
        for (const [name, b] of [stats, hud, ...buttons]) {
          if (b.left < 0 || b.top < 0 || b.right > ${width} || b.bottom > ${height}) {
            found.push(name.slice(0, 12) + ' off screen');
          }
        }
        // The stats apart from the HUD (and so from its buttons); the buttons apart.
        const pairs = [[stats, hud], ...buttons.flatMap((a, i) => buttons.slice(i + 1).map((b) => [a, b]))];
        for (const [[n1, a], [n2, b]] of pairs) if (!apart(a, b)) found.push(n1 + ' over ' + n2);
        return found;
      })()`);
      expect(problems, `${width} × ${height}`).toEqual([]);
    }
    await phone.send('Emulation.setDeviceMetricsOverride', {
      width: 390,
      height: 844,
      deviceScaleFactor: 3,
      mobile: true,
    });
    const slot = await phone.evaluate<number>('arenaTrace.client.predictor.slot');
    // Where its player is drawn on the screen: the arena letterboxed to the page's width.
    const at = () =>
      phone.evaluate<[number, number]>(
        `(() => { const c = document.querySelector('#game').getBoundingClientRect();
          const s = Math.min(c.width / 1280, c.height / 720), d = arenaTrace.client.drawn;
          return [c.left + (c.width - 1280 * s) / 2 + d[${slot} * 3] * s,
                  c.top + (c.height - 720 * s) / 2 + d[${slot} * 3 + 1] * s]; })()`,
      );
    const [x, y] = await at();
    const before = await phone.evaluate<number>(`arenaTrace.client.drawn[${slot} * 3]`);
    // At the far edge of the screen from the player, level with it: well past the full stick.
    const way = x < 195 ? 1 : -1;
    const finger = [{ x: way > 0 ? 385 : 5, y, id: 1 }];
    await phone.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: finger });
    // The stick as the first frame with the finger down reads it (later the player nears the
    // finger, and a slow page may take seconds of frames), then held until it has moved.
    let steering = 0;
    await waitFor('the finger read', async () => {
      steering = await phone.evaluate<number>('arenaTrace.client.input[0]');
      return steering !== 0;
    });
    expect(Math.sign(steering)).toBe(way);
    expect(Math.abs(steering)).toBeGreaterThan(STICK_MAX * 0.9);
    const drawnX = () => phone.evaluate<number>(`arenaTrace.client.drawn[${slot} * 3]`);
    await waitFor(
      'the player moved 20 units that way',
      async () => way * ((await drawnX()) - before) > 20,
    );
    await phone.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    // Let go: the stick goes back to the middle.
    await waitFor(
      'the stick released',
      async () => (await phone.evaluate<number>('arenaTrace.client.input[0]')) === 0,
    );
  }, 120_000);
});
