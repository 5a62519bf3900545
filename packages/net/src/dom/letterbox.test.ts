import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PANEL_GAP, PANELS, letterbox as place, type View } from './letterbox.js';

/** The world these tests fit: the multiplayer template's arena, 1280 × 720 units. */
const WIDTH = 1280;
const HEIGHT = 720;

/** letterbox for the test's world. */
const letterbox = (view: View, out: Float64Array) => place(view, WIDTH, HEIGHT, out);

/** fast-check's seed, fixed so a failure replays as it was found. */
const SEED = 30_2026;

/** The world's rectangle on screen from letterbox's [scale, left, top]. */
function arenaOf(box: Float64Array) {
  const [scale, left, top] = box as unknown as [number, number, number];
  return { left, top, right: left + WIDTH * scale, bottom: top + HEIGHT * scale };
}

/** Whether two rectangles share area beyond a rounding error. */
function overlaps(
  a: { left: number; top: number; right: number; bottom: number },
  b: { left: number; top: number; right: number; bottom: number },
): boolean {
  return (
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1e-6 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1e-6
  );
}

describe('letterbox beside the panels', () => {
  const box = new Float64Array(3);

  it('fits the arena on a laptop right of the stats and above the HUD, the largest of the four fits', () => {
    // 1280 × 800: stats 230 × 250 in the top-left corner, the HUD 392 × 190 in the bottom-right.
    const panels = new Float64Array([230, 250, 392, 190]);
    letterbox({ width: 1280, height: 800, ratio: 1, panels }, box);
    const scale = Math.min((1280 - 238) / WIDTH, (800 - 198) / HEIGHT);
    expect(box[0]).toBe(scale);
    expect(box[1]).toBe(238 + (1042 - WIDTH * scale) / 2);
    expect(box[2]).toBe((602 - HEIGHT * scale) / 2);
  });

  it('fits it on an upright phone between the stats above and the HUD below', () => {
    const panels = new Float64Array([90, 26, 374, 200]);
    letterbox({ width: 390, height: 844, ratio: 3, panels }, box);
    const scale = 390 / WIDTH;
    expect(box[0]).toBe(scale);
    expect(box[1]).toBe(0);
    expect(box[2]).toBe(34 + (844 - 208 - 34 - HEIGHT * scale) / 2);
  });

  it('keeps the whole canvas where no panel is', () => {
    letterbox({ width: 1280, height: 800, ratio: 1, panels: new Float64Array(PANELS) }, box);
    expect([...box]).toEqual([1, 0, 40]);
  });

  it('falls back to the whole canvas when the panels leave no room, and to nothing without a canvas', () => {
    letterbox(
      { width: 300, height: 200, ratio: 1, panels: new Float64Array([300, 200, 300, 200]) },
      box,
    );
    const scale = Math.min(300 / WIDTH, 200 / HEIGHT);
    expect([...box]).toEqual([scale, 0, (200 - HEIGHT * scale) / 2]);
    letterbox({ width: 0, height: 0, ratio: 1 }, box);
    expect([...box]).toEqual([0, 0, 0]);
  });

  it('never puts the arena under a panel or off the canvas, and never fits it smaller than one of the four regions allows', () => {
    const size = fc.integer({ min: 1, max: 4000 });
    const panel = fc.integer({ min: 0, max: 1200 });
    fc.assert(
      fc.property(size, size, panel, panel, panel, panel, (width, height, a, b, c, d) => {
        const panels = new Float64Array([a, b, c, d]);
        letterbox({ width, height, ratio: 1, panels }, box);
        const arena = arenaOf(box);
        const eps = 1e-6;
        expect(arena.left).toBeGreaterThanOrEqual(-eps);
        expect(arena.top).toBeGreaterThanOrEqual(-eps);
        expect(arena.right).toBeLessThanOrEqual(width + eps);
        expect(arena.bottom).toBeLessThanOrEqual(height + eps);
        const clearOf = (n: number) => (n > 0 ? n + PANEL_GAP : 0);
        const topLeft = { left: 0, top: 0, right: clearOf(a), bottom: clearOf(b) };
        const bottomRight = {
          left: width - clearOf(c),
          top: height - clearOf(d),
          right: width,
          bottom: height,
        };
        const roomy = [
          [width, height - clearOf(b) - clearOf(d)],
          [width - clearOf(a) - clearOf(c), height],
          [width - clearOf(a), height - clearOf(d)],
          [width - clearOf(c), height - clearOf(b)],
        ].filter(([w, h]) => w! > 0 && h! > 0);
        if (roomy.length > 0) {
          // Clear of both panels (an empty corner is no panel), at the best of the four fits.
          if (a > 0 && b > 0) expect(overlaps(arena, topLeft)).toBe(false);
          if (c > 0 && d > 0) expect(overlaps(arena, bottomRight)).toBe(false);
          const best = Math.max(...roomy.map(([w, h]) => Math.min(w! / WIDTH, h! / HEIGHT)));
          expect(box[0]).toBe(best);
        } else {
          expect(box[0]).toBe(Math.min(width / WIDTH, height / HEIGHT));
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
