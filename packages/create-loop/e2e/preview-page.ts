import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { capViolations, describeFrames, framesOver, recordFrames } from './frames.js';
import { collectProblems, expectDrawnAndMoving, PAGE_WAIT_MS, waitForFirstFrame } from './page.js';
import { preview } from './processes.js';
import { serveStatic } from './static-host.js';
import type { Template } from './templates.js';
import { expectWorkerMode } from './worker-mode.js';

/** Templates with an FPS cap the test holds them to. */
const FPS_CAP: Partial<Record<Template, number>> = { mobile: 30, r3f: 30 };
/** Page time (ms of the page's own clock, not the test's) over which frames are counted. */
const RECORD_MS = 3000;

/**
 * Step 4 of the published path (scaffold.e2e.test.ts) for a template with no server of its own:
 * the built project in `app` served by `vite preview` and looked at in `browser`: no problem on
 * the page, a canvas drawn and, sooner or later, moving, frames on the page's clock (figures
 * printed; a cap, where the template has one, as an upper bound); and rapier's worker mode,
 * built, with the preview's isolation headers and on a host without them.
 */
export async function expectPreviewRuns(
  browser: Browser,
  app: string,
  template: Template,
): Promise<void> {
  const server = await preview(app);
  const page = await browser.newPage();
  page.setDefaultTimeout(PAGE_WAIT_MS);
  const problems = collectProblems(page);
  try {
    await page.goto(server.url, { waitUntil: 'load' });
    await waitForFirstFrame(page);
    await recordFrames(page);

    // Drawn and, sooner or later, moving.
    const { first, colours, changed, shots } = await expectDrawnAndMoving(page);

    // Frames on the page's clock: figures for the log, and the cap as an upper bound.
    const samples = await framesOver(page, RECORD_MS, PAGE_WAIT_MS);
    for (const s of samples) {
      const counts = [s.rendered, s.skipped].every((n) => Number.isInteger(n) && n >= 0);
      expect(
        counts && s.time > 0 && Number.isFinite(s.fps),
        `overlay data ${JSON.stringify(s)}`,
      ).toBe(true);
    }
    console.log(
      `[e2e ${template}] canvas ${first.width}x${first.height}, ${colours} colours; ` +
        `${changed} pixels changed at screenshot ${shots + 1}; ${describeFrames(samples)}`,
    );
    const cap = FPS_CAP[template];
    if (cap !== undefined) {
      expect(capViolations(samples, cap), `more frames than a ${cap} fps cap allows`).toEqual([]);
    }
    expect(problems).toEqual([]);

    // 5. Rapier's worker mode, built: with the preview's isolation headers (its vite.config)
    //    the snapshots cross through shared memory; on a host without them, by message.
    if (template === 'rapier') {
      const shared = await expectWorkerMode(page, server.url, 'shared');
      const plain = await serveStatic(join(app, 'dist')); // no header but the content type
      try {
        const message = await expectWorkerMode(page, plain.url, 'message');
        console.log(`[e2e rapier] worker ${JSON.stringify(shared)} ${JSON.stringify(message)}`);
      } finally {
        await plain.stop();
      }
      expect(problems).toEqual([]);
    }
  } finally {
    await page.close();
    await server.stop();
  }
}
