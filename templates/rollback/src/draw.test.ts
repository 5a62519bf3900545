import { describe, expect, it } from 'vitest';
import { BAND_PX, COLUMN_PX, fitArena, lerp, toMetres, VIEW_M, type View } from './draw';
import { HALF } from './game';

it('interpolates by alpha, and draws a jump (a respawn) at its end at once', () => {
  expect(lerp(0, 0.5, 0.5)).toBe(0.25);
  expect(lerp(1, 0.2, 0)).toBe(1);
  expect(lerp(1, 0.5, 1)).toBe(0.5);
  expect(lerp(-3, 2.5, 0.1)).toBe(2.5);
  expect(lerp(0, 1, 0.5)).toBe(0.5); // exactly a metre still interpolates
});

describe('fitArena: the square the arena is drawn in, beside the panels', () => {
  const view: View = { left: 0, top: 0, side: 0, ratio: 0 };

  it('on a phone held upright (390 × 844): a band above and below, centred', () => {
    expect(fitArena(390, 844, 3, view)).toEqual({ left: 13, top: 240, side: 364, ratio: 3 });
    expect(view.top).toBeGreaterThanOrEqual(BAND_PX);
  });

  it('on a laptop (1280 × 800): a column for the panels each side, centred', () => {
    fitArena(1280, 800, 1, view);
    expect(view).toEqual({ left: COLUMN_PX, top: 60, side: 1280 - 2 * COLUMN_PX, ratio: 1 });
    fitArena(1920, 1080, 2, view); // room to spare: as tall as the screen
    expect(view).toEqual({ left: 420, top: 0, side: 1080, ratio: 2 });
  });

  it('keeps four fifths of the short side on a screen too small for the panels beside it', () => {
    fitArena(640, 400, 1, view);
    expect(view).toEqual({ left: 160, top: 40, side: 320, ratio: 1 });
    fitArena(390, 500, 1, view);
    expect(view.side).toBe(312);
    expect(view.left).toBe(39);
  });
});

describe('toMetres: a finger on the canvas, in the arena', () => {
  const view: View = { left: 100, top: 50, side: 400, ratio: 2 };
  it('reads the square’s middle as the origin and its edges as half the view', () => {
    expect(toMetres(view, 300, 'x')).toBe(0);
    expect(toMetres(view, 250, 'z')).toBe(0);
    expect(toMetres(view, 100, 'x')).toBe(-VIEW_M / 2);
    expect(toMetres(view, 450, 'z')).toBe(VIEW_M / 2);
    // The platform's edge, HALF metres out, where the drawing puts it.
    expect(toMetres(view, 300 + (HALF * 400) / VIEW_M, 'x')).toBeCloseTo(HALF, 12);
  });
});
