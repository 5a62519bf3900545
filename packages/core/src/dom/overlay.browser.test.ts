import { afterEach, describe, expect, it } from 'vitest';
import { createLoop } from '../loop.js';
import { FrameStats } from '../stats.js';
import { createStatsOverlay, type StatsOverlay } from './overlay.js';

let overlay: StatsOverlay | undefined;
afterEach(() => {
  overlay?.dispose();
  overlay = undefined;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('createStatsOverlay', () => {
  it('writes the data-* contract and the figures at creation', () => {
    const stats = new FrameStats();
    stats.frame(1000, 1000, 0);
    stats.drop(30);
    stats.frame(1020, 1020, 2);
    stats.skipped = 3;
    const before = performance.now();
    overlay = createStatsOverlay({ stats }, { label: 'simulation 30 Hz' });
    const el = document.querySelector('[data-loop-stats]')!;
    expect(el).toBe(overlay.element);
    expect(el.getAttribute('data-rendered')).toBe('2');
    expect(el.getAttribute('data-skipped')).toBe('3');
    expect(el.getAttribute('data-fps')).toBe('50.00');
    const time = Number(el.getAttribute('data-time'));
    expect(time).toBeGreaterThanOrEqual(before - 0.1);
    expect(time).toBeLessThanOrEqual(performance.now() + 0.1);
    const text = el.textContent!;
    expect(text).toMatch(/^simulation 30 Hz\n/);
    expect(text).toMatch(/fps +50\.0/);
    expect(text).toMatch(/frame time +20\.0 ms/);
    expect(text).toMatch(/updates +2\.00 \/ frame/);
    expect(text).toMatch(/dropped +30 ms/);
    expect(text).toMatch(/rendered +2\n/);
    expect(text).toMatch(/skipped +3$/);
  });

  it('averages updates per frame from the tick between refreshes', () => {
    const stats = new FrameStats();
    const source = { stats, tick: 0 };
    overlay = createStatsOverlay(source, { interval: 60_000 });
    // Four frames ran 0, 1, 0 and 1 steps: the last frame alone would say 1.
    stats.rendered += 4;
    stats.updates = 1;
    source.tick += 2;
    overlay.refresh();
    expect(overlay.element.textContent).toMatch(/updates +0\.50 \/ frame/);
  });

  it('refreshes on its own about every interval, not every frame', async () => {
    const stats = new FrameStats();
    overlay = createStatsOverlay({ stats }, { interval: 100 });
    const el = overlay.element;
    const times = new Set<string>();
    const observer = new MutationObserver(() => times.add(el.getAttribute('data-time')!));
    observer.observe(el, { attributes: true, attributeFilter: ['data-time'] });
    stats.rendered = 7;
    await sleep(550);
    observer.disconnect();
    // About 5 refreshes in 550 ms at 100 ms: far fewer than the ~33 frames in that time.
    expect(times.size).toBeGreaterThanOrEqual(3);
    expect(times.size).toBeLessThanOrEqual(7);
    expect(el.getAttribute('data-rendered')).toBe('7');
  });

  it('follows a running loop: data-rendered grows with the frames drawn', async () => {
    const loop = createLoop().start();
    overlay = createStatsOverlay(loop, { interval: 50 });
    await sleep(400);
    loop.stop();
    const el = overlay.element;
    const rendered = Number(el.getAttribute('data-rendered'));
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThanOrEqual(loop.stats.rendered);
    expect(Number(el.getAttribute('data-fps'))).toBeGreaterThan(5);
  });

  it('stops refreshing and leaves the page on dispose', async () => {
    const stats = new FrameStats();
    const parent = document.createElement('div');
    document.body.appendChild(parent);
    const o = createStatsOverlay({ stats }, { interval: 20, parent });
    expect(parent.firstElementChild).toBe(o.element);
    o.dispose();
    expect(o.element.isConnected).toBe(false);
    const time = o.element.getAttribute('data-time');
    await sleep(80);
    expect(o.element.getAttribute('data-time')).toBe(time);
    parent.remove();
  });

  it('rejects an interval that is not a finite number > 0', () => {
    expect(() => createStatsOverlay({ stats: new FrameStats() }, { interval: 0 })).toThrow(
      /interval.*got 0/,
    );
    expect(document.querySelector('[data-loop-stats]')).toBeNull();
  });
});
