import { HEIGHT, WIDTH } from '../shared/arena';

/**
 * The canvas in CSS pixels and its device pixel ratio, as `watchCanvas` reports them, and the
 * corners the page's panels take over it (`panels`, see {@link PANELS}): none when absent.
 */
export interface View {
  width: number;
  height: number;
  ratio: number;
  panels?: Float64Array;
}

/**
 * What the page's panels take from the canvas's corners, in CSS pixels from each corner:
 * [top-left width, top-left height, bottom-right width, bottom-right height]. The stats overlay
 * sits in the top-left corner and the HUD in the bottom-right one (stylePage's places); the
 * page measures them as they open, fold or wrap (main.ts).
 */
export const PANELS = 4;
/** Room kept between the arena and a panel, in CSS pixels: the panels' own distance from the edges. */
export const PANEL_GAP = 8;

/** A corner's reach past the panel in it: nothing for an empty corner. */
function clear(size: number): number {
  return size > 0 ? size + PANEL_GAP : 0;
}

/**
 * Fits the arena, centred, into the canvas's region from (left, top) to (right, bottom) if it
 * comes out larger there than the fit in `out`: writes [scale, left, top] and returns true.
 */
function fitInto(out: Float64Array, left: number, top: number, right: number, bottom: number) {
  const width = right - left;
  const height = bottom - top;
  const scale = Math.min(width / WIDTH, height / HEIGHT);
  if (!(width > 0 && height > 0 && scale > out[0]!)) return false;
  out[0] = scale;
  out[1] = left + (width - WIDTH * scale) / 2;
  out[2] = top + (height - HEIGHT * scale) / 2;
  return true;
}

/**
 * Where the arena sits in the canvas: the largest scale that fits it whole, centred, and clear of
 * the page's panels, so no player or crate ever goes under one (issue #30). With a panel in the
 * top-left and one in the bottom-right corner, the arena fits best in one of four regions that
 * miss both: between the two along the height, between them along the width, right of the first
 * and above the second, or below the first and left of the second; the largest fit wins. Writes
 * [scale, left, top] (CSS pixels) into `out`: the drawing and touch steering (touch-steer.ts)
 * map arena units to the screen with the same three numbers. No allocation: it runs every frame.
 */
export function letterbox(view: View, out: Float64Array): void {
  const { width, height } = view;
  const p = view.panels;
  const left = clear(p ? p[0]! : 0);
  const top = clear(p ? p[1]! : 0);
  const right = width - clear(p ? p[2]! : 0);
  const bottom = height - clear(p ? p[3]! : 0);
  out[0] = 0;
  fitInto(out, 0, top, width, bottom);
  fitInto(out, left, 0, right, height);
  fitInto(out, left, 0, width, bottom);
  fitInto(out, 0, top, right, height);
  if (out[0] !== 0) return;
  // Panels that leave no room (a tiny window), or no canvas yet: the whole canvas, under them.
  const scale = Math.min(width / WIDTH, height / HEIGHT);
  out[0] = scale;
  out[1] = (width - WIDTH * scale) / 2;
  out[2] = (height - HEIGHT * scale) / 2;
}
