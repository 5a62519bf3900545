/**
 * `pnpm bench:browser`: the browser benchmark (page.ts) built by Vite for production (so
 * @loop/core's lean production build is what runs), served cross-origin isolated (COOP/COEP,
 * which gives performance.now() microsecond resolution), and run in headless Chromium, driven
 * step by step so the heap can be read through the DevTools protocol between steps. Prints
 * tables; never fails on speed, only when the page cannot run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { fixed, table } from '../dist/table.js';

const root = import.meta.dirname;
const outDir = mkdtempSync(join(tmpdir(), 'loop-bench-browser-'));
const isolated = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** The target for our path at 1 000 bodies, ms per frame: a small slice of a 16.7 ms frame. */
const TARGET_MS = 0.3;
/** The target ratio to the straightforward three.js way (per-mesh lerp and slerp). */
const TARGET_RATIO = 3;

await build({
  root,
  configFile: join(import.meta.dirname, 'vite.rapier.config.mjs'),
  logLevel: 'warn',
  // A page for this machine's loopback, never a visitor's download: three.js and Rapier's glue
  // in one 790 kB file cost nothing here (Rapier's WebAssembly is a file of its own).
  build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 1000 },
});
const server = await preview({
  root,
  logLevel: 'warn',
  build: { outDir },
  preview: { port: 0, host: '127.0.0.1', headers: isolated },
});
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumArgs,
});
/** Frames each measurement plays: fewer at 10 000 bodies, where one frame of three.js is long. */
const framesFor = (bodies) => (bodies > 2000 ? 300 : 2000);

const results = [];
try {
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(server.resolvedUrls.local[0], { waitUntil: 'load' });
  await page.waitForFunction(() => window.bench !== undefined);
  const cdp = await page.context().newCDPSession(page);
  /** V8's used heap grown over `frames` frames of one path, from just after a full GC. */
  const grown = async (which, frames) => {
    await cdp.send('HeapProfiler.collectGarbage');
    const before = (await cdp.send('Runtime.getHeapUsage')).usedSize;
    await page.evaluate(([w, f]) => window.bench.run(w, f), [which, frames]);
    return (await cdp.send('Runtime.getHeapUsage')).usedSize - before;
  };
  /**
   * Bytes one path allocates per frame in steady state, garbage included: the heap's growth
   * over 2n frames minus its growth over n, so what the call itself costs (page.evaluate, the
   * protocol) cancels out. Read through the DevTools protocol, exact where performance.memory
   * is not; no GC runs during the frames unless they allocate megabytes.
   */
  const bytesPerFrame = async (which, frames) => {
    await grown(which, 4 * frames); // warm: until the JIT has optimized what it runs
    return ((await grown(which, 2 * frames)) - (await grown(which, frames))) / frames;
  };
  for (const bodies of [1000, 10_000]) {
    const frames = framesFor(bodies);
    const rapier = await page.evaluate((b) => window.bench.prepare(b), bodies);
    const time = await page.evaluate((f) => window.bench.time(f), frames);
    results.push({
      bodies,
      ...rapier,
      ...time,
      oursBytes: await bytesPerFrame('ours', frames),
      threeBytes: await bytesPerFrame('three', frames),
      controlBytes: await bytesPerFrame('control', frames),
      bareBytes: await bytesPerFrame('bare', frames),
      drawMs: await page.evaluate(() => window.bench.draw(10)),
    });
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(outDir, { recursive: true, force: true });
}

console.log(
  table(
    'Interpolated Rapier bodies in headless Chromium: JS ms per frame of loop + blend + matrix write (60 Hz steps on a 144 Hz display)',
    [
      'bodies',
      'rapier template',
      'three.js',
      'ratio',
      'template B/frame',
      'three B/frame',
      'bare loop B/frame',
      'control B/frame',
    ],
    results.map((r) => [
      String(r.bodies),
      fixed(r.oursMs, 3),
      fixed(r.threeMs, 3),
      `${fixed(r.threeMs / r.oursMs, 1)}x`,
      fixed(r.oursBytes, 1),
      fixed(r.threeBytes, 1),
      fixed(r.bareBytes, 1),
      fixed(r.controlBytes, 1),
    ]),
  ),
);
console.log(
  table(
    'Apart from the above, per step and per draw',
    ['bodies', 'Rapier step ms', 'pose read ms/step', 'WebGL draw ms (SwiftShader)'],
    results.map((r) => [
      String(r.bodies),
      fixed(r.stepMs, 2),
      fixed(r.readMs, 3),
      fixed(r.drawMs, 1),
    ]),
  ),
);
const first = results.find((r) => r.bodies === 1000);
if (first) {
  const ratio = first.threeMs / first.oursMs;
  console.log(
    `\n1 000 bodies: ${fixed(first.oursMs, 3)} ms/frame (target <= ${TARGET_MS}: ${first.oursMs <= TARGET_MS ? 'met' : 'missed'}), ` +
      `${fixed(ratio, 1)}x the three.js way (target >= ${TARGET_RATIO}x: ${ratio >= TARGET_RATIO ? 'met' : 'missed'}). Figures, not a verdict.`,
  );
}
