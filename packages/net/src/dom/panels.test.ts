import { describe, expect, it } from 'vitest';
import { measurePanels } from './panels.js';

/** A box on screen from its edges, as getBoundingClientRect gives it. */
const boxed = (left: number, top: number, right: number, bottom: number) => ({
  getBoundingClientRect: () => ({
    left,
    top,
    right,
    bottom,
    width: right - left,
    height: bottom - top,
  }),
});

describe('measurePanels: what the corner panels take of the canvas', () => {
  it('measures each panel from its own corner of the canvas, wherever the canvas sits', () => {
    const panels = new Float64Array(4);
    // The canvas at (10, 20) to (1290, 820); stats 230 × 250 from its corner, the HUD 392 × 190.
    measurePanels(
      panels,
      boxed(10, 20, 1290, 820),
      boxed(18, 28, 240, 270),
      boxed(898, 630, 1282, 812),
    );
    expect([...panels]).toEqual([230, 250, 392, 190]);
  });

  it('counts an absent or folded panel as nothing', () => {
    const panels = new Float64Array([1, 2, 3, 4]);
    measurePanels(panels, boxed(0, 0, 800, 600), null, boxed(500, 600, 500, 600));
    expect([...panels]).toEqual([0, 0, 0, 0]);
  });
});
