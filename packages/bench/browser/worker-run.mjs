/**
 * `pnpm bench:worker`: the simulation on the page's main thread beside the same simulation in
 * a worker (`@loop/core/worker`), the rapier template's own Game, in headless Chromium served
 * cross-origin isolated (so worker mode runs over shared memory). For each body count: the
 * page's JavaScript time per frame, ticks per real second (idle, and with the page blocked
 * 100 ms out of every second), and the time from an input to the first frame showing it.
 * Prints a table; never fails on speed, only when the page cannot run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { fixed, table } from '../dist/table.js';

const root = join(import.meta.dirname, 'worker');
const outDir = mkdtempSync(join(tmpdir(), 'loop-bench-worker-'));
const isolated = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};
/** Seconds each measurement runs. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const BODIES = [1000, 2500, 5000];

await build({
  root,
  configFile: join(import.meta.dirname, 'vite.rapier.config.mjs'),
  logLevel: 'warn',
  define: { __BUILD__: JSON.stringify('bench') },
  build: { outDir, emptyOutDir: true },
});
const server = await preview({
  root,
  logLevel: 'warn',
  build: { outDir },
  preview: { port: 0, host: '127.0.0.1', headers: isolated },
});
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });

const rows = [];
try {
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(server.resolvedUrls.local[0], { waitUntil: 'load' });
  await page.waitForFunction(() => window.workerBench !== undefined);
  const run = (mode, bodies, busy) =>
    page.evaluate(
      ([m, b, s, busyMs]) => window.workerBench.run(m, b, s, busyMs),
      [mode, bodies, SECONDS, busy],
    );
  for (const bodies of BODIES) {
    for (const mode of ['main', 'worker']) {
      const idle = await run(mode, bodies, 0);
      const busy = await run(mode, bodies, 100);
      rows.push({ bodies, mode, idle, busy });
      console.error(`measured ${mode} at ${bodies} bodies`);
    }
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(outDir, { recursive: true, force: true });
}

console.log(
  table(
    `Simulation on the main thread vs in a worker (rapier template, 60 Hz steps, headless Chromium, ${SECONDS} s per figure)`,
    [
      'bodies',
      'mode',
      'page JS ms/frame',
      'ticks/s',
      'ticks/s, page blocked 100 ms/s',
      'input to frame ms',
    ],
    rows.map((r) => [
      String(r.bodies),
      r.mode === 'main' ? 'main thread' : 'worker',
      fixed(r.idle.jsMs, 3),
      fixed(r.idle.ticksPerSecond, 1),
      fixed(r.busy.ticksPerSecond, 1),
      fixed(r.idle.latencyMs, 1),
    ]),
  ),
);
for (const bodies of BODIES) {
  const main = rows.find((r) => r.bodies === bodies && r.mode === 'main');
  const worker = rows.find((r) => r.bodies === bodies && r.mode === 'worker');
  console.log(
    `${bodies} bodies: worker mode's page JS is ${fixed((100 * worker.idle.jsMs) / main.idle.jsMs, 1)} % of main-thread mode's (goal <= 10 %); ` +
      `blocked page: ${fixed(worker.busy.ticksPerSecond, 1)} ticks/s in the worker (goal 60 within 1 %), ${fixed(main.busy.ticksPerSecond, 1)} on the main thread; ` +
      `input latency +${fixed(worker.idle.latencyMs - main.idle.latencyMs, 1)} ms in worker mode (goal: at most one step, 16.7 ms).`,
  );
}
console.log('Figures, not a verdict.');
