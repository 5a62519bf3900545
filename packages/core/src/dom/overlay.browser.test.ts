import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoop, type Loop } from '../loop.js';
import { FrameStats } from '../stats.js';
import { animationFrames } from '../test-support/browser.js';
import { createStatsOverlay, type StatsOverlay } from './overlay.js';

let overlay: StatsOverlay | undefined;
let loop: Loop | undefined;
afterEach(() => {
  overlay?.dispose();
  overlay = undefined;
  loop?.stop();
  loop = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.removeItem('loop-stats-collapsed');
});

/**
 * The overlay's timer and clock are faked; requestAnimationFrame is left real (Vitest 4 fakes it
 * too by default), so a loop still runs on real frames.
 */
function fakeTimers(): void {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
}

/**
 * Counts the overlay's refreshes since the previous call: each rewrites `data-time` (part of
 * its documented contract), even with the same value. Records come to the observer's callback
 * once the test awaits, and to takeRecords() before.
 */
function refreshes(el: HTMLElement): () => number {
  let count = 0;
  const observer = new MutationObserver((records) => {
    count += records.length;
  });
  observer.observe(el, { attributes: true, attributeFilter: ['data-time'] });
  return () => {
    const n = count + observer.takeRecords().length;
    count = 0;
    return n;
  };
}

describe('createStatsOverlay', () => {
  it('writes the data-* contract and the figures at creation', () => {
    const stats = new FrameStats();
    stats.frame(1000, 1000, 0);
    stats.drop(30);
    stats.frame(1020, 1020, 2);
    stats.skipped = 3;
    fakeTimers();
    const before = performance.now();
    overlay = createStatsOverlay({ stats }, { label: 'simulation 30 Hz' });
    const el = document.querySelector('[data-loop-stats]')!;
    expect(el).toBe(overlay.element);
    expect(el.getAttribute('data-rendered')).toBe('2');
    expect(el.getAttribute('data-skipped')).toBe('3');
    expect(el.getAttribute('data-fps')).toBe('50.00');
    expect(el.getAttribute('data-time')).toBe(before.toFixed(1));
    const text = el.textContent!;
    expect(text).toMatch(/^simulation 30 Hz\n/);
    expect(text).toMatch(/fps +50\.0/);
    expect(text).toMatch(/frame time +20\.0 ms/);
    expect(text).toMatch(/updates +2\.00 \/ frame/);
    expect(text).toMatch(/dropped +30 ms/);
    expect(text).toMatch(/rendered +2\n/);
    expect(text).toMatch(/skipped +3$/);
  });

  it('shows no label line without a label, and a label set later from the next refresh', () => {
    overlay = createStatsOverlay({ stats: new FrameStats() }, { interval: 60_000 });
    expect(overlay.label).toBe('');
    expect(overlay.element.textContent).toMatch(/^fps /);
    overlay.label = 'paused';
    expect(overlay.element.textContent).toMatch(/^fps /);
    overlay.refresh();
    expect(overlay.element.textContent).toMatch(/^paused\nfps /);
  });

  it("shows the game's own lines after the figures, asked for again at every refresh", () => {
    let awake = 1000;
    overlay = createStatsOverlay(
      { stats: new FrameStats() },
      { interval: 60_000, lines: () => `bodies     ${awake} awake\nphysics    2.50 ms / step` },
    );
    expect(overlay.element.textContent).toMatch(
      /skipped +0\nbodies +1000 awake\nphysics +2\.50 ms \/ step$/,
    );
    awake = 12;
    overlay.refresh();
    expect(overlay.element.textContent).toMatch(/\nbodies +12 awake\n/);
    expect(() =>
      createStatsOverlay(
        { stats: new FrameStats() },
        { lines: 'bodies' as unknown as () => string },
      ),
    ).toThrow(new TypeError('overlay option lines must be a function, got "bodies"'));
  });

  it('averages updates per frame from the tick between refreshes', () => {
    const stats = new FrameStats();
    stats.rendered = 50; // a loop that has run a while already
    const source = { stats, tick: 100 };
    overlay = createStatsOverlay(source, { interval: 60_000 });
    // Four frames ran 0, 1, 0 and 1 steps: the last frame alone would say 1.
    stats.rendered += 4;
    stats.updates = 1;
    source.tick += 2;
    overlay.refresh();
    expect(overlay.element.textContent).toMatch(/updates +0\.50 \/ frame/);
    // No frame since (a paused loop): the last frame's count, not 0 / 0.
    stats.updates = 0;
    overlay.refresh();
    expect(overlay.element.textContent).toMatch(/updates +0\.00 \/ frame/);
  });

  it("shows the last frame's updates from a source without a tick", () => {
    const stats = new FrameStats();
    overlay = createStatsOverlay({ stats }, { interval: 60_000 });
    stats.rendered += 4;
    stats.updates = 2;
    overlay.refresh();
    expect(overlay.element.textContent).toMatch(/updates +2\.00 \/ frame/);
  });

  it('stays out of the way: fixed in a corner, clicks pass through, never read out', () => {
    overlay = createStatsOverlay(
      { stats: new FrameStats() },
      { interval: 60_000, collapsible: false },
    );
    expect(overlay.element.tagName).toBe('PRE');
    const style = getComputedStyle(overlay.element);
    expect([style.position, style.top, style.left, style.zIndex]).toEqual([
      'fixed',
      '8px',
      '8px',
      '10',
    ]);
    expect(style.pointerEvents).toBe('none');
    expect([style.margin, style.padding]).toEqual(['0px', '6px 8px']); // a <pre> has a margin
    expect([style.fontSize, style.whiteSpace, style.fontVariantNumeric]).toEqual([
      '12px',
      'pre',
      'tabular-nums',
    ]);
    expect([style.color, style.backgroundColor, style.borderRadius]).toEqual([
      'rgb(232, 240, 255)',
      'rgba(10, 14, 24, 0.72)',
      '6px',
    ]);
    // Not a live region, even inside one: a screen reader does not read it 4 times a second.
    expect(overlay.element.getAttribute('aria-live')).toBe('off');
  });

  it("sits in its parent's flow with position static, styled the same otherwise", () => {
    const parent = document.createElement('section');
    document.body.append(parent);
    overlay = createStatsOverlay(
      { stats: new FrameStats() },
      { interval: 60_000, parent, position: 'static' },
    );
    expect(overlay.element.parentElement).toBe(parent);
    const style = getComputedStyle(overlay.element);
    expect([style.position, style.top, style.zIndex]).toEqual(['static', 'auto', 'auto']);
    expect([style.whiteSpace, style.pointerEvents, style.borderRadius]).toEqual([
      'pre',
      'none',
      '6px',
    ]);
    expect([style.margin, style.padding]).toEqual(['0px', '6px 8px']); // a <pre> has a margin
    overlay.dispose();
    parent.remove();
    expect(() =>
      createStatsOverlay({ stats: new FrameStats() }, { position: 'absolute' as 'fixed' }),
    ).toThrow(new RangeError('overlay option position must be fixed or static, got "absolute"'));
    overlay = createStatsOverlay({ stats: new FrameStats() }, { position: 'fixed' });
    expect(getComputedStyle(overlay.element).position).toBe('fixed');
  });

  it('refreshes four times a second: not every frame, not once a second', async () => {
    fakeTimers();
    const stats = new FrameStats();
    overlay = createStatsOverlay({ stats });
    const el = overlay.element;
    const start = Number(el.getAttribute('data-time'));
    const seen = refreshes(el);
    stats.rendered = 7;
    await animationFrames(10); // real frames, but no time for the timer: no refresh
    expect(seen()).toBe(0);
    vi.advanceTimersByTime(249);
    expect(seen()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(seen()).toBe(1);
    expect(el.getAttribute('data-rendered')).toBe('7');
    expect(Number(el.getAttribute('data-time')) - start).toBe(250);
    vi.advanceTimersByTime(750);
    expect(seen()).toBe(3); // four in the first second
    expect(Number(el.getAttribute('data-time')) - start).toBe(1000);
    vi.advanceTimersByTime(1000);
    expect(seen()).toBe(4);
  });

  it('follows a running loop: data-rendered is what the loop rendered at the refresh', async () => {
    fakeTimers();
    loop = createLoop().start();
    overlay = createStatsOverlay(loop);
    const el = overlay.element;
    await animationFrames(5);
    vi.advanceTimersByTime(250);
    const first = loop.stats.rendered;
    expect(first).toBeGreaterThanOrEqual(5);
    expect(el.getAttribute('data-rendered')).toBe(String(first));
    expect(Number(el.getAttribute('data-fps'))).toBeGreaterThan(0);
    await animationFrames(5); // the loop renders on; the overlay waits for its timer
    expect(el.getAttribute('data-rendered')).toBe(String(first));
    vi.advanceTimersByTime(250);
    expect(loop.stats.rendered).toBeGreaterThanOrEqual(first + 5);
    expect(el.getAttribute('data-rendered')).toBe(String(loop.stats.rendered));
  });

  it('stops refreshing and leaves the page on dispose', () => {
    fakeTimers();
    const parent = document.createElement('div');
    document.body.appendChild(parent);
    const o = createStatsOverlay({ stats: new FrameStats() }, { interval: 20, parent });
    expect(parent.firstElementChild).toBe(o.element);
    expect(vi.getTimerCount()).toBe(1);
    const seen = refreshes(o.element);
    o.dispose();
    expect(o.element.isConnected).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(seen()).toBe(0);
    parent.remove();
  });

  it('rejects an interval that is not a finite number > 0', () => {
    const stats = new FrameStats();
    expect(() => createStatsOverlay({ stats }, { interval: 0 })).toThrow(/interval.*got 0/);
    expect(() => createStatsOverlay({ stats }, { interval: Number.NaN })).toThrow(/got NaN/);
    expect(() => createStatsOverlay({ stats }, { interval: Infinity })).toThrow(/got Infinity/);
    expect(() => createStatsOverlay({ stats }, { interval: '250' as never })).toThrow('got "250"');
    expect(document.querySelector('[data-loop-stats]')).toBeNull();
  });
});
