/**
 * `pnpm bench`: how much JavaScript the lab runs per frame with every lane and plot on, on a
 * simulated 60 Hz display at real speed, in headless Chromium; and how much it allocates in
 * steady state. Builds the lab, serves dist/ locally, opens it with `?bench` (the page then
 * times its own frame callback by section, see src/view/bench-probe.ts) and reads the times.
 * Allocation comes from V8's sampling heap profiler with collected objects included (so
 * garbage counts), and the heap after a forced GC at the start and end of the window
 * (what is retained). Prints the figures; never fails on speed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { serveDist } from '../test/static-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const WARM_UP_MS = 3000;
const WINDOW_MS = Number(process.env.LAB_BENCH_MS ?? 10_000);
const QUERY = '?display=hz&hz=60&speed=1&bench';

// Unminified, so the allocation report names the lab's and uPlot's own functions.
const outDir = join(root, 'node_modules', '.lab-bench');
await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true, minify: false } });
const server = await serveDist(outDir);
// Headless Chromium composites through SwiftShader here, which holds any page with a few
// canvases redrawn every frame to 2-3 refreshes a second while the main thread idles;
// compositing in software gives the 60 Hz a real display gives (measured: 3/s -> 60/s).
const args = [...chromiumArgs, '--disable-gpu-compositing'];
const browser = await chromium.launch({ executablePath: chromiumPath, args });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(server.url + QUERY);
  await page.waitForFunction(() => 'labBench' in window);
  await page.waitForTimeout(WARM_UP_MS);
  // Time and retained heap first, with no profiler running: the heap after a forced GC at
  // both ends of the window.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  const heapNow = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  const heapBefore = await heapNow();
  await page.evaluate(() => window.labBench.reset());
  await page.waitForTimeout(WINDOW_MS);
  const frames = await page.evaluate(() => window.labBench.frames());
  const heapAfter = await heapNow();
  const sections = await page.evaluate(() => window.labBench.sections);
  // Then allocation, garbage included, over a second window of the same length.
  await cdp.send('HeapProfiler.startSampling', {
    samplingInterval: 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await page.evaluate(() => window.labBench.reset());
  await page.waitForTimeout(WINDOW_MS);
  const allocFrames = await page.evaluate(() => window.labBench.count());
  const { profile } = await cdp.send('HeapProfiler.stopSampling');

  const n = frames.length;
  const column = (i) => frames.map((f) => f[i]).sort((a, b) => a - b);
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const pick = (xs, q) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))];
  const total = column(0);
  console.log(`loop lab bench: ${QUERY}, all 8 lanes and 4 plots, ${n} frames in ${WINDOW_MS} ms`);
  console.log(`  screen refreshes: ${((n * 1000) / WINDOW_MS).toFixed(1)} per second`);
  console.log(
    `  lab JS per frame: mean ${mean(total).toFixed(3)} ms, ` +
      `median ${pick(total, 0.5).toFixed(3)} ms, ` +
      `p95 ${pick(total, 0.95).toFixed(3)} ms, max ${total[n - 1].toFixed(3)} ms (target <= 4 ms)`,
  );
  sections.forEach((name, i) => {
    const xs = column(i + 1);
    console.log(
      `    ${name.padEnd(14)} mean ${mean(xs).toFixed(3)} ms, p95 ${pick(xs, 0.95).toFixed(3)} ms`,
    );
  });

  // Sampled allocations, garbage included, by the module of the bundle that made them: the
  // unminified bundle marks each module's start with a `// path` line.
  const assets = join(outDir, 'assets');
  const bundle = readdirSync(assets).find((file) => file.endsWith('.js'));
  const starts = readFileSync(join(assets, bundle), 'utf8')
    .split('\n')
    .flatMap((line, i) => (/^\/\/ [.\w].*\.(js|ts|mjs)$/.test(line) ? [[i, line.slice(3)]] : []));
  const group = (url, line) => {
    if (!url.endsWith(bundle)) return 'the browser (native code)';
    let module = '';
    for (const [start, path] of starts) if (start <= line) module = path;
    if (module.includes('uplot')) return 'uPlot';
    if (module.includes('packages/core')) return '@loop/core';
    return `lab ${module}`;
  };
  const byGroup = new Map();
  const byFunction = new Map();
  let allocated = 0;
  const walk = (node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    if (node.selfSize > 0) {
      byFunction.set(where, (byFunction.get(where) ?? 0) + node.selfSize);
      const g = group(url, lineNumber);
      byGroup.set(g, (byGroup.get(g) ?? 0) + node.selfSize);
    }
    allocated += node.selfSize;
    for (const child of node.children) walk(child);
  };
  walk(profile.head);
  console.log(
    `  allocated (sampled, garbage included): ${(allocated / allocFrames / 1024).toFixed(2)} KiB ` +
      `per frame over ${allocFrames} frames`,
  );
  for (const [where, bytes] of [...byGroup].sort((a, b) => b[1] - a[1])) {
    console.log(`    ${(bytes / allocFrames).toFixed(0).padStart(7)} B/frame  ${where}`);
  }
  console.log('  top allocating functions:');
  for (const [where, bytes] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 6)) {
    console.log(`    ${(bytes / allocFrames).toFixed(0).padStart(7)} B/frame  ${where}`);
  }
  console.log(
    `  retained after GC: ${((heapAfter - heapBefore) / n).toFixed(1)} B per frame ` +
      `(heap ${(heapBefore / 1024).toFixed(0)} KiB -> ${(heapAfter / 1024).toFixed(0)} KiB)`,
  );
  if (errors.length) console.log(`  page errors: ${errors.join('; ')}`);
} finally {
  await browser.close();
  await server.close();
}
