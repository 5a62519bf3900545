import { afterEach, describe, expect, it, vi } from 'vitest';
import { FrameStats } from '../stats.js';
import { createStatsOverlay, type StatsOverlay } from './overlay.js';
import { stylePage } from './page.js';
import { requireWebGL } from './webgl.js';

/**
 * What a page's own CSS and tests select by: the data-* attributes @loop/core/dom puts on the
 * elements it styles or makes, each present and empty (`[data-loop-hud=""]` matches as
 * `[data-loop-hud]` does), and the look of the note shown where WebGL is missing, which a
 * player reads over whatever the page drew.
 */
const added: Element[] = [];
let overlay: StatsOverlay | undefined;
afterEach(() => {
  for (const el of added.splice(0)) el.remove();
  document.querySelector('style[data-loop-page]')?.remove();
  for (const el of document.querySelectorAll('[data-loop-message]')) el.remove();
  overlay?.dispose();
  overlay = undefined;
  vi.restoreAllMocks();
});

describe('the data-* attributes of @loop/core/dom', () => {
  it('are empty on the canvas, the HUD and the page style stylePage marks', () => {
    const canvas = document.body.appendChild(document.createElement('canvas'));
    const hud = document.body.appendChild(document.createElement('aside'));
    added.push(canvas, hud);
    const style = stylePage({ canvas, hud });
    expect(canvas.getAttribute('data-loop-canvas')).toBe('');
    expect(hud.getAttribute('data-loop-hud')).toBe('');
    expect(style.getAttribute('data-loop-page')).toBe('');
    expect(document.querySelector('canvas[data-loop-canvas=""]')).toBe(canvas);
  });

  it('are empty on the stats overlay and the missing-WebGL note', () => {
    overlay = createStatsOverlay({ stats: new FrameStats() });
    expect(overlay.element.getAttribute('data-loop-stats')).toBe('');
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    expect(requireWebGL()).toBe(false);
    const note = document.querySelector<HTMLElement>('[data-loop-message]')!;
    expect(note.getAttribute('data-loop-message')).toBe('');
  });
});

describe('the note shown where WebGL is missing', () => {
  it('is padded, rounded, light on dark, centred, in the system font at 16 px', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    requireWebGL();
    const style = getComputedStyle(document.querySelector('[data-loop-message]')!);
    expect(style.padding).toBe('16px');
    expect(style.borderRadius).toBe('8px');
    expect(style.backgroundColor).toBe('rgb(29, 42, 74)');
    expect(style.color).toBe('rgb(232, 240, 255)');
    expect([style.fontSize, style.lineHeight, style.fontFamily]).toEqual([
      '16px',
      '22.4px',
      'system-ui',
    ]);
    expect(style.textAlign).toBe('center');
  });
});
