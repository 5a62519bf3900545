import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { FrameStats } from '../stats.js';
import { createStatsOverlay, type StatsOverlay } from './overlay.js';

let overlay: StatsOverlay | undefined;
afterEach(() => {
  overlay?.dispose();
  overlay = undefined;
  vi.restoreAllMocks();
  localStorage.removeItem('loop-stats-collapsed');
});

/** Folding: a tap on the overlay folds it to its fps line, remembered for the next page. */
describe('createStatsOverlay folding', () => {
  it('folds to its fps line and back on a tap or a click, and says which way it is', async () => {
    const stats = new FrameStats();
    stats.frame(1000, 1000, 0);
    stats.frame(1020, 1020, 1);
    overlay = createStatsOverlay({ stats }, { interval: 60_000, label: 'simulation 30 Hz' });
    const el = overlay.element;
    expect(el.tagName).toBe('BUTTON'); // a tap, a click, Enter or Space: the browser's own
    expect(getComputedStyle(el).pointerEvents).toBe('auto');
    expect([el.getAttribute('aria-expanded'), overlay.collapsed]).toEqual(['true', false]);
    const open = getComputedStyle(el).backgroundImage;
    expect(el.textContent).toMatch(/^simulation 30 Hz\nfps +50\.0\n[\s\S]*skipped +0$/);
    const tall = el.getBoundingClientRect().height;

    await userEvent.click(el);
    expect([el.getAttribute('aria-expanded'), overlay.collapsed]).toEqual(['false', true]);
    expect(el.textContent).toBe('fps 50.0');
    expect(getComputedStyle(el).backgroundImage).not.toBe(open); // the caret turns
    expect(el.getBoundingClientRect().height).toBeLessThan(tall / 4);
    stats.frame(1045, 1045, 1);
    overlay.refresh(); // folded, it keeps refreshing: the data-* contract holds
    const fps = stats.fps.toFixed(1);
    expect(fps).not.toBe('50.0');
    expect([el.textContent, el.getAttribute('data-rendered')]).toEqual([`fps ${fps}`, '3']);

    el.focus();
    await userEvent.keyboard('{Enter}');
    expect([el.getAttribute('aria-expanded'), overlay.collapsed]).toEqual(['true', false]);
    expect(el.textContent).toMatch(new RegExp(`^simulation 30 Hz\nfps +${fps}\n`));
    expect(getComputedStyle(el).backgroundImage).toBe(open);
  });

  it('remembers the fold for the next page under its storage key, or nowhere with null', () => {
    const stats = new FrameStats();
    const first = createStatsOverlay({ stats }, { interval: 60_000 });
    first.collapsed = true;
    expect(localStorage.getItem('loop-stats-collapsed')).toBe('1');
    first.dispose();
    overlay = createStatsOverlay({ stats }, { interval: 60_000 });
    expect([overlay.collapsed, overlay.element.getAttribute('aria-expanded')]).toEqual([
      true,
      'false',
    ]);
    overlay.collapsed = false;
    expect(localStorage.getItem('loop-stats-collapsed')).toBe('0');
    overlay.dispose();

    localStorage.setItem('mine', '1');
    overlay = createStatsOverlay({ stats }, { interval: 60_000, storageKey: 'mine' });
    expect(overlay.collapsed).toBe(true);
    overlay.dispose();
    overlay = createStatsOverlay({ stats }, { interval: 60_000, storageKey: null });
    expect(overlay.collapsed).toBe(false); // '0' stored under the default key is not read
    overlay.collapsed = true;
    expect(localStorage.getItem('loop-stats-collapsed')).toBe('0');
    expect(localStorage.getItem('mine')).toBe('1');
    localStorage.removeItem('mine');
    expect(() => createStatsOverlay({ stats }, { storageKey: 3 as unknown as string })).toThrow(
      new TypeError('overlay option storageKey must be a string or null, got 3'),
    );
  });

  it('does not fold when not collapsible (the default for a static overlay)', () => {
    overlay = createStatsOverlay(
      { stats: new FrameStats() },
      { interval: 60_000, position: 'static' },
    );
    overlay.collapsed = true;
    expect([overlay.collapsed, overlay.element.hasAttribute('aria-expanded')]).toEqual([
      false,
      false,
    ]);
    expect(overlay.element.textContent).toMatch(/^fps /);
  });

  it('is a button of its own: styled as one, typed so a form around it never submits', async () => {
    const form = document.createElement('form');
    document.body.append(form);
    let submits = 0;
    form.addEventListener('submit', (e) => {
      submits++;
      e.preventDefault();
    });
    overlay = createStatsOverlay({ stats: new FrameStats() }, { interval: 60_000, parent: form });
    const el = overlay.element as HTMLButtonElement;
    expect([el.getAttribute('type'), el.type]).toEqual(['button', 'button']);
    expect(el.title).toBe('Stats: tap to fold or unfold');
    const style = getComputedStyle(el);
    expect([style.display, style.borderTopWidth, style.textAlign, style.cursor]).toEqual([
      'block',
      '0px',
      'left',
      'pointer',
    ]);
    expect([style.touchAction, style.paddingRight, style.backgroundRepeat]).toEqual([
      'manipulation',
      '22px',
      'no-repeat',
    ]);
    expect(style.backgroundPosition).toBe('calc(100% - 7px) 9px'); // right 7px top 9px
    // The carets: pointing down while open, right while folded.
    expect(style.backgroundImage).toContain("d='M0 2h9L4.5 8z'");
    await userEvent.click(el);
    expect(overlay.collapsed).toBe(true);
    expect(getComputedStyle(el).backgroundImage).toContain("d='M2 0v9l6-4.5z'");
    expect(submits).toBe(0);
    overlay.dispose();
    form.remove();
  });

  it('a static overlay is no button: no type, no title, and a click neither folds nor stores', () => {
    localStorage.setItem('loop-stats-collapsed', '1'); // folded on a page where it could fold
    overlay = createStatsOverlay(
      { stats: new FrameStats() },
      { interval: 60_000, position: 'static' },
    );
    const el = overlay.element;
    expect([el.tagName, el.hasAttribute('type'), el.title]).toEqual(['PRE', false, '']);
    expect([overlay.collapsed, el.textContent]).toEqual([
      false,
      expect.stringMatching(/^fps +0\.0\nframe time/),
    ]);
    localStorage.removeItem('loop-stats-collapsed');
    el.click();
    expect([overlay.collapsed, localStorage.getItem('loop-stats-collapsed')]).toEqual([
      false,
      null,
    ]);
  });

  it('with storageKey null reads and writes no key at all, not even "null"', () => {
    localStorage.setItem('null', '1');
    onTestFinished(() => localStorage.removeItem('null'));
    const keys = () => Object.keys(localStorage).sort();
    const before = keys();
    overlay = createStatsOverlay(
      { stats: new FrameStats() },
      { interval: 60_000, storageKey: null },
    );
    expect(overlay.collapsed).toBe(false);
    overlay.element.click();
    expect(overlay.collapsed).toBe(true);
    overlay.collapsed = false;
    expect([keys(), localStorage.getItem('null')]).toEqual([before, '1']);
  });

  it('folds where storage is refused (a sandboxed frame), opening unfolded', async () => {
    const denied = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(denied);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(denied);
    overlay = createStatsOverlay({ stats: new FrameStats() }, { interval: 60_000 });
    expect(overlay.collapsed).toBe(false);
    expect(overlay.element.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(overlay.element);
    expect([overlay.collapsed, overlay.element.textContent]).toEqual([true, 'fps 0.0']);
  });

  it('stops folding on dispose: a click on the removed element neither folds nor stores', () => {
    const o = createStatsOverlay({ stats: new FrameStats() }, { interval: 60_000 });
    o.dispose();
    o.element.click();
    expect([o.collapsed, o.element.getAttribute('aria-expanded')]).toEqual([false, 'true']);
    expect(localStorage.getItem('loop-stats-collapsed')).toBeNull();
  });
});
