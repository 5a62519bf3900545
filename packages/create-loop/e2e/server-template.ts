import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import type { ServerStep } from '../test/deploy-section.js';
import { collectProblems, PAGE_WAIT_MS, shootCanvas, waitForFirstFrame } from './page.js';
import { changedPixels, distinctColours } from './pixels.js';
import { e2eEnv, exec, freePort, type Server, serve } from './processes.js';

/**
 * A template that runs a server of its own (multiplayer: a Colyseus room stepping the game) is
 * served by its own commands, never by `vite preview` or a static host, and checked by what only
 * a connected page shows: the room gave it a seat and its overlay measured a round trip to the
 * server. The page contract is the multiplayer template's: `#status` says `In the arena, seat N`
 * once seated, and the stats overlay (`data-loop-stats`) has a `round trip  N ms` line.
 */

/**
 * `npm run dev` of the scaffold on 127.0.0.1 and a free port: Vite with the template's plugin,
 * which starts the game server in Vite's process and proxies `/colyseus` on the page's URL.
 */
export async function serveDev(app: string): Promise<Server> {
  const port = await freePort();
  const args = ['run', 'dev', '--', '--host', '127.0.0.1', '--port', String(port), '--strictPort'];
  return serve('npm', args, { cwd: app, url: `http://127.0.0.1:${port}/` });
}

/**
 * A Node host's steps from the project README's Deploy section, run as written: each but the
 * last to its end (the build), the last (`PORT=… npm run start`) served. Its PORT is replaced by a
 * free one and HOST set to 127.0.0.1, so the test neither collides with another server nor
 * listens beyond this machine; everything else is the README's.
 */
export async function serveAsDeployed(app: string, steps: readonly ServerStep[]): Promise<Server> {
  expect(steps.length, 'a build, then the command that serves').toBeGreaterThanOrEqual(2);
  for (const step of steps.slice(0, -1)) {
    await exec(step.argv[0]!, step.argv.slice(1), { cwd: app, env: e2eEnv(step.env) });
  }
  const start = steps.at(-1)!;
  const port = await freePort();
  const env = e2eEnv({ ...start.env, PORT: String(port), HOST: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}/`;
  return serve(start.argv[0]!, start.argv.slice(1), { cwd: app, url, env });
}

/**
 * Opens `url` in Chromium and waits for the page to join the game: a first frame, a seat, a
 * measured round trip; then holds D down until the canvas differs from before (the player moves). No console
 * error, exception or failed request on the way. Returns a line for the log.
 */
export async function expectJoined(browser: Browser, url: string): Promise<string> {
  const page = await browser.newPage();
  page.setDefaultTimeout(PAGE_WAIT_MS);
  const problems = collectProblems(page);
  const wait = { timeout: PAGE_WAIT_MS, polling: 100 };
  try {
    await page.goto(url, { waitUntil: 'load' });
    await waitForFirstFrame(page);
    await page.waitForFunction(
      () => /^In the arena, seat \d/.test(document.querySelector('#status')?.textContent ?? ''),
      undefined,
      wait,
    );
    await page.waitForFunction(
      () =>
        /round trip +\d+ ms/.test(document.querySelector('[data-loop-stats]')?.textContent ?? ''),
      undefined,
      wait,
    );
    const status = await page.locator('#status').textContent();
    const overlay = (await page.locator('[data-loop-stats]').textContent()) ?? '';
    const roundTrip = /round trip +[^\n]*/.exec(overlay)?.[0];
    // The first picture before the key: whatever the machine's speed, the player leaves it.
    const first = await shootCanvas(page);
    const colours = distinctColours(first);
    expect(colours, 'the arena is drawn').toBeGreaterThan(1);
    await page.keyboard.down('KeyD');
    let changed = 0;
    await expect
      .poll(
        async () => {
          changed = changedPixels(first, await shootCanvas(page));
          return changed;
        },
        { timeout: PAGE_WAIT_MS, interval: 100 },
      )
      .toBeGreaterThan(0);
    await page.keyboard.up('KeyD');
    expect(problems).toEqual([]);
    return `${url}: ${status}; ${roundTrip}; ${colours} colours, ${changed} pixels changed under D`;
  } finally {
    await page.close();
  }
}
