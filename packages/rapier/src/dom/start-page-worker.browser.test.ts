import { describe, expect, it } from 'vitest';
import { mountPage, untilFrame } from '../test-support/page.js';
import { RAPIER_WASM_BYTES } from '../test-support/rapier.js';
import {
  byId,
  downloads,
  overlay,
  start,
  ticks,
  useStartedPages,
} from '../test-support/start-page.js';

/**
 * The page in worker mode in real Chromium: the tests' BoxGame stepped in a real worker, drawn,
 * counted and saved, with the settings row; the main thread where there is no worker, and the
 * busy page on &busy=1.
 */

useStartedPages();

describe('startRapierPage with worker mode', () => {
  const worker = () =>
    new Worker(new URL('../test-support/box.worker.ts', import.meta.url), { type: 'module' });

  it('runs the game in the worker on ?mode=worker: drawn, counted, saved, with the settings row', async () => {
    history.replaceState(null, '', `${location.pathname}?mode=worker`);
    let mainThread = 0;
    const { page, record, hud } = start({
      worker,
      mainThread: async () => {
        mainThread++;
        throw new Error('not in worker mode');
      },
    });
    expect(page.mode).toBe('worker');
    expect(hud.lastElementChild!.previousElementSibling!.contains(byId('mode'))).toBe(true);
    expect(byId<HTMLSelectElement>('mode').value).toBe('worker');
    expect(byId<HTMLInputElement>('busy').checked).toBe(false);
    const loading = byId('loading');
    await page.started;
    await untilFrame(() => record.draws.length >= 3, 'three frames drawn from the worker');
    expect(mainThread).toBe(0);
    expect(loading.dataset.total).toBe(String(RAPIER_WASM_BYTES)); // the worker's load, counted
    expect(loading.isConnected).toBe(false);
    expect(overlay()!.dataset.mode).toBe('worker');
    expect(record.poses!.count).toBe(4);
    await untilFrame(() => record.poses!.drawnPositions[10]! > 3, 'the top box drawn where it is');
    expect(record.draws.at(-1)!.dt).toBeCloseTo(1 / 60, 12);
    await untilFrame(() => ticks() > 0, 'the worker reporting its ticks');
    const saved = downloads();
    try {
      byId('save').click();
      await untilFrame(() => saved.names.length > 0, "the worker's recording saved");
    } finally {
      saved.restore();
    }
    expect(saved.names).toEqual(['rapier-box-game.looprec']);
  });

  it('runs on the main thread on ?mode=worker without a worker, and busies the page on &busy=1', async () => {
    history.replaceState(null, '', `${location.pathname}?mode=worker`);
    const { page } = start();
    expect(page.mode).toBe('main');
    page.dispose();
    mountPage();
    history.replaceState(null, '', `${location.pathname}?mode=main&busy=1`);
    const long: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) long.push(entry.duration);
    });
    observer.observe({ type: 'longtask' });
    try {
      const busy = start({ worker });
      expect(busy.page.mode).toBe('main');
      expect(byId<HTMLSelectElement>('mode').value).toBe('main');
      expect(byId<HTMLInputElement>('busy').checked).toBe(true);
      await busy.page.started;
      await untilFrame(() => long.some((ms) => ms >= 95), 'a busy block of 100 ms');
    } finally {
      observer.disconnect();
    }
  });
});
