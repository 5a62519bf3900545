import { POSE_STRIDE } from '@loop/rapier/rollback';
import { bodyOf, HALF } from './game';

/** One colour per player, by seat. */
export const COLOURS = ['#e4572e', '#29bf12', '#4ea5ff', '#f3c623'] as const;
/** Metres across the drawn square: the platform and a metre beyond each edge, where balls fall. */
export const VIEW_M = 2 * HALF + 2;
/** CSS pixels a landscape screen keeps left and right of the arena: the stats and the HUD. */
export const COLUMN_PX = 300;
/** CSS pixels a portrait screen (a phone) keeps above and below the arena: the same panels. */
export const BAND_PX = 240;

/**
 * Where the arena is drawn: a square in CSS pixels of the canvas (what the page writes into
 * `data-playfield`, and what a finger's position is read against), and the canvas's device
 * pixels per CSS pixel.
 */
export interface View {
  left: number;
  top: number;
  side: number;
  ratio: number;
}

/**
 * Fits the arena's square to a canvas of `width` × `height` CSS pixels, centred, as large as
 * leaves the panels their room ({@link COLUMN_PX} beside it on a landscape screen,
 * {@link BAND_PX} above and below on a portrait or square one, as CSS orientation has it) so no
 * panel covers the game; on a small screen (a 640 × 400 window) never less than four fifths of
 * its short side, over which the panels may then reach. Writes `view` and returns it: called
 * on resize.
 */
export function fitArena(width: number, height: number, ratio: number, view: View): View {
  const room = width > height ? Math.min(height, width - 2 * COLUMN_PX) : height - 2 * BAND_PX;
  const side = Math.max(Math.min(width, height) * 0.8, Math.min(width, height, room));
  view.left = (width - side) / 2;
  view.top = (height - side) / 2;
  view.side = side;
  view.ratio = ratio;
  return view;
}

/** A point of the canvas (CSS pixels, as the pointer reports it) in arena metres: x, or z for `top`. */
export function toMetres(view: View, px: number, axis: 'x' | 'z'): number {
  const start = axis === 'x' ? view.left : view.top;
  return ((px - start) / view.side - 0.5) * VIEW_M;
}

/**
 * Top-down drawing of the push-off into `view`: the platform in metre tiles, then every ball
 * between its pose of the previous tick and the present one by `alpha` (the loop's leftover time over the
 * timestep, as in "Fix Your Timestep!"), so the picture is smooth at any frame rate. A ball
 * below the platform's top is drawn smaller as it falls; each player's falls by its corner.
 * Reads the poses arrays; allocates nothing in a frame that changes no count.
 */
export function drawArena(
  ctx: CanvasRenderingContext2D,
  view: View,
  previous: Float64Array,
  current: Float64Array,
  alpha: number,
  players: number,
) {
  const scale = (view.side * view.ratio) / VIEW_M;
  const half = view.side / 2;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#1b1b1b';
  ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.setTransform(
    scale,
    0,
    0,
    scale,
    (view.left + half) * view.ratio,
    (view.top + half) * view.ratio,
  );
  ctx.fillStyle = '#2e2e2e';
  ctx.fillRect(-HALF, -HALF, 2 * HALF, 2 * HALF);
  // Metre tiles, a checker: how far and how fast a ball moves reads off them.
  ctx.fillStyle = '#4a4a4a';
  for (let x = -HALF; x < HALF; x++) {
    for (let z = -HALF + (x & 1); z < HALF; z += 2) ctx.fillRect(x, z, 1, 1);
  }
  // The edge a ball falls from.
  ctx.strokeStyle = '#8a8a8a';
  ctx.lineWidth = 0.06;
  ctx.strokeRect(-HALF, -HALF, 2 * HALF, 2 * HALF);
  for (let p = 0; p < players; p++) {
    const i = bodyOf.ball(p) * POSE_STRIDE;
    const x = lerp(previous[i] ?? 0, current[i] ?? 0, alpha);
    const y = lerp(previous[i + 1] ?? 0, current[i + 1] ?? 0, alpha);
    const z = lerp(previous[i + 2] ?? 0, current[i + 2] ?? 0, alpha);
    const radius = Math.min(0.5, Math.max(0.1, 0.5 + y * 0.12)); // smaller below the top
    ctx.fillStyle = COLOURS[p] ?? '#fff';
    ctx.beginPath();
    ctx.arc(x, z, radius, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  drawFalls(ctx, view, current, players);
}

/** The text of each count of falls, made the first time that count is drawn. */
const counts: string[] = [];
/** The font the counts are drawn in, by its size in pixels: made the first time a size is drawn. */
const fonts: string[] = [];

/**
 * Each player's falls in its colour beside its corner of the platform (where its ball comes
 * back), big enough to read on a phone without the HUD. Allocates only when a count or the
 * size changes.
 */
function drawFalls(
  ctx: CanvasRenderingContext2D,
  view: View,
  poses: Float64Array,
  players: number,
) {
  const metre = (view.side * view.ratio) / VIEW_M;
  const px = Math.round(metre);
  fonts[px] ??= `bold ${px}px system-ui, sans-serif`;
  ctx.font = fonts[px];
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const middle = view.side / 2;
  for (let p = 0; p < players; p++) {
    const falls = poses[bodyOf.score(players, p) * POSE_STRIDE] ?? 0;
    counts[falls] ??= String(falls);
    const x = (view.left + middle) * view.ratio + (p & 1 ? 1 : -1) * (HALF + 0.5) * metre;
    const y = (view.top + middle) * view.ratio + (p & 2 ? 1 : -1) * (HALF + 0.5) * metre;
    ctx.fillStyle = COLOURS[p] ?? '#fff';
    ctx.fillText(counts[falls]!, x, y);
  }
}

/** a to b by t; a jump (a respawn, a correction of over a metre) is drawn at b at once. */
export function lerp(a: number, b: number, t: number): number {
  return Math.abs(b - a) > 1 ? b : a + (b - a) * t;
}
