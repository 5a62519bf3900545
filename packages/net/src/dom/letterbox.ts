/**
 * The canvas in CSS pixels and its device pixel ratio, as `@loop/core/dom`'s `watchCanvas`
 * reports them, and the corners the page's panels take over it (`panels`, see {@link PANELS},
 * written by `measurePanels`): none when absent.
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
 * sits in the top-left corner and the HUD in the bottom-right one (`stylePage`'s places); the
 * page measures them as they open, fold or wrap (`measurePanels`).
 */
export const PANELS = 4;
/** Room kept between the world and a panel, in CSS pixels: the panels' own distance from the edges. */
export const PANEL_GAP = 8;

/** A corner's reach past the panel in it: nothing for an empty corner. */
function clear(size: number): number {
  return size > 0 ? size + PANEL_GAP : 0;
}

/**
 * Fits a `w` × `h` world, centred, into the canvas's region from (left, top) to (right, bottom)
 * if it comes out larger there than the fit in `out`: writes [scale, left, top].
 */
function fitInto(
  out: Float64Array,
  w: number,
  h: number,
  left: number,
  top: number,
  right: number,
  bottom: number,
): void {
  const width = right - left;
  const height = bottom - top;
  const scale = Math.min(width / w, height / h);
  if (!(width > 0 && height > 0 && scale > out[0]!)) return;
  out[0] = scale;
  out[1] = left + (width - w * scale) / 2;
  out[2] = top + (height - h * scale) / 2;
}

/**
 * Where a `worldWidth` × `worldHeight` world (a game's arena, in its own units) sits in the
 * canvas: the largest scale that fits it whole, centred, and clear of the page's panels, so no
 * player ever goes under the stats overlay or the HUD (the multiplayer template's issue #30).
 * With a panel in the top-left and one in the bottom-right corner, the world fits best in one
 * of four regions that miss both: between the two along the height, between them along the
 * width, right of the first and above the second, or below the first and left of the second;
 * the largest fit wins. Writes [scale, left, top] (CSS pixels) into `out`: the drawing and
 * pointer steering map world units to the screen with the same three numbers. No allocation:
 * it runs every frame.
 */
export function letterbox(
  view: View,
  worldWidth: number,
  worldHeight: number,
  out: Float64Array,
): void {
  const { width, height } = view;
  const p = view.panels;
  const left = clear(p ? p[0]! : 0);
  const top = clear(p ? p[1]! : 0);
  const right = width - clear(p ? p[2]! : 0);
  const bottom = height - clear(p ? p[3]! : 0);
  out[0] = 0;
  fitInto(out, worldWidth, worldHeight, 0, top, width, bottom);
  fitInto(out, worldWidth, worldHeight, left, 0, right, height);
  fitInto(out, worldWidth, worldHeight, left, 0, width, bottom);
  fitInto(out, worldWidth, worldHeight, 0, top, right, height);
  if (out[0] !== 0) return;
  // Panels that leave no room (a tiny window), or no canvas yet: the whole canvas, under them.
  const scale = Math.min(width / worldWidth, height / worldHeight);
  out[0] = scale;
  out[1] = (width - worldWidth * scale) / 2;
  out[2] = (height - worldHeight * scale) / 2;
}
