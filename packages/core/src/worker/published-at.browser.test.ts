import { describe, expect, it } from 'vitest';
import { animationFrames, disposeAtEnd } from '../test-support/browser.js';
import { WORDS, wordLayout } from '../test-support/word-sim.js';
import { createWorkerLoop } from './page.js';
import type { Transport } from './transport.js';

/**
 * A snapshot's `publishedAt` is the worker's `performance.now()` at publication, read on the
 * page's clock: a real worker's clock starts when the worker does, later than the page's, so
 * the worker's times are moved by the difference of the two origins. Only a real worker has
 * another origin (the node tests serve the simulation in the page's own thread), so this is a
 * browser test: every snapshot drawn, the first one included, was published after the worker
 * was made and before the frame that draws it.
 */
describe.each<Transport>(['shared', 'message'])(
  'a worker loop over %s in Chromium',
  (transport) => {
    it("stamps every snapshot it draws with its publication time on the page's clock", async () => {
      const made = performance.now();
      const drawn: { publishedAt: number; at: number }[] = [];
      const worker = new Worker(new URL('../test-support/word-sim.worker.ts', import.meta.url), {
        type: 'module',
      });
      const loop = createWorkerLoop({
        worker,
        transport,
        snapshot: wordLayout(2),
        input: WORDS,
        init: { balls: 2 },
        render(snapshot) {
          drawn.push({ publishedAt: snapshot.publishedAt, at: performance.now() });
        },
      });
      disposeAtEnd(loop).start();
      while (drawn.length < 10) await animationFrames(1);
      for (const { publishedAt, at } of drawn) {
        expect(publishedAt).toBeGreaterThanOrEqual(made);
        expect(publishedAt).toBeLessThanOrEqual(at);
      }
    });
  },
);
