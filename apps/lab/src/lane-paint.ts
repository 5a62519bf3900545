import { bodySize, PX_PER_M, sideColumn } from './lane-layout.js';
import { type LaneId, RECOMMENDED } from './lane-specs.js';
import { ANGLE, DROP_HEIGHT, X, Y } from './world.js';

/** Metres between the track's tick marks: a fixed background the eye measures motion by. */
export const TICK_M = 0.25;
/** Opacity of a ghost (the exact state) behind the drawn ball and spinner. */
export const GHOST_ALPHA = 0.3;

/** What the painter needs of a lane: its id, the state it drew and the exact state (ghost). */
export interface PaintedLane {
  readonly spec: { readonly id: LaneId };
  readonly shown: Float64Array;
  readonly truth: Float64Array;
}

/** The canvas size in CSS pixels and the device pixels per CSS pixel, as watchCanvas reports. */
export interface PaintSize {
  readonly width: number;
  readonly height: number;
  readonly ratio: number;
}

/** The part of a 2D context the painter uses: a recording one stands in for it in tests. */
export type PaintContext = Pick<
  CanvasRenderingContext2D,
  | 'setTransform'
  | 'clearRect'
  | 'fillRect'
  | 'strokeRect'
  | 'beginPath'
  | 'arc'
  | 'fill'
  | 'moveTo'
  | 'lineTo'
  | 'stroke'
  | 'globalAlpha'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
>;

/**
 * Paints every lane into `ctx`, stacked `laneHeight` CSS pixels apart: the body on its track
 * (a window of the track {@link PX_PER_M} pixels to the metre, wrapping), the bouncing ball
 * and the spinner, each with its ghost (the exact state) behind it, so the error is visible.
 * The recommended lane's strip is lit. Pure drawing from `shown` and `truth`, no DOM: the view
 * (view/lanes-canvas.ts) calls it once per screen refresh; it allocates nothing.
 */
export function paintLanes(
  ctx: PaintContext,
  size: PaintSize,
  laneHeight: number,
  lanes: readonly PaintedLane[],
  colors: Readonly<Record<LaneId, string>>,
): void {
  ctx.setTransform(size.ratio, 0, 0, size.ratio, 0, 0);
  ctx.clearRect(0, 0, size.width, size.height);
  const column = sideColumn(laneHeight);
  const trackWidth = Math.max(40, size.width - 2 * column);
  for (let i = 0; i < lanes.length; i++) {
    const lane = lanes[i]!;
    const top = i * laneHeight;
    const color = colors[lane.spec.id];
    const lit = lane.spec.id === RECOMMENDED;
    ctx.globalAlpha = 1;
    ctx.fillStyle = lit ? '#17352f' : i % 2 === 0 ? '#121a2c' : '#0e1524';
    ctx.fillRect(0, top, size.width, laneHeight);
    if (lit) {
      ctx.fillStyle = color;
      ctx.fillRect(0, top, 4, laneHeight);
    }
    track(ctx, laneHeight, trackWidth, top);
    body(ctx, laneHeight, lane, trackWidth, top, color);
    ball(ctx, laneHeight, lane.truth, trackWidth + column / 2, top, color, GHOST_ALPHA);
    ball(ctx, laneHeight, lane.shown, trackWidth + column / 2, top, color, 1);
    const x = trackWidth + column * 1.5;
    spinner(ctx, laneHeight, lane.truth, x, top, column, color, GHOST_ALPHA);
    spinner(ctx, laneHeight, lane.shown, x, top, column, color, 1);
  }
  ctx.globalAlpha = 1;
}

/** The track's tick marks, fixed on screen, under the body. */
function track(ctx: PaintContext, laneHeight: number, trackWidth: number, top: number) {
  const base = top + laneHeight - 4;
  ctx.fillStyle = '#33436a';
  ctx.fillRect(8, base, trackWidth - 16, 1);
  const step = TICK_M * PX_PER_M;
  for (let x = 8; x <= trackWidth - 8; x += step) ctx.fillRect(x, base - 4, 1, 4);
}

/** Where `x` metres fall in a track window of `window` metres, in pixels from its left end. */
export function trackX(x: number, window: number): number {
  return 8 + (x - window * Math.floor(x / window)) * PX_PER_M;
}

/** The body and its ghost: the ghost outlined, so the drawn body never hides it. */
function body(
  ctx: PaintContext,
  laneHeight: number,
  lane: PaintedLane,
  trackWidth: number,
  top: number,
  color: string,
) {
  const side = bodySize(laneHeight);
  const window = (trackWidth - 16 - side) / PX_PER_M;
  const y = top + laneHeight - 8 - side;
  ctx.globalAlpha = 1;
  ctx.fillStyle = color;
  ctx.fillRect(trackX(lane.shown[X]!, window), y, side, side);
  ctx.globalAlpha = 0.8;
  ctx.strokeStyle = '#e8f0ff';
  ctx.lineWidth = 1.5;
  ctx.strokeRect(trackX(lane.truth[X]!, window) + 0.75, y + 0.75, side - 1.5, side - 1.5);
}

/** The ball at its height, `a` its opacity (a ghost is faint). */
function ball(
  ctx: PaintContext,
  laneHeight: number,
  state: Float64Array,
  x: number,
  top: number,
  color: string,
  a: number,
) {
  const r = Math.max(4, Math.round(laneHeight * 0.07));
  // Stryker disable next-line ArithmeticOperator: DROP_HEIGHT is 1, so the height over it is the height times it
  const height = state[Y]! / DROP_HEIGHT;
  const y = top + laneHeight - 4 - r - height * (laneHeight - 12 - 2 * r);
  ctx.globalAlpha = a;
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.fill();
}

/** The spinner: a bar through its centre at its angle. */
function spinner(
  ctx: PaintContext,
  laneHeight: number,
  state: Float64Array,
  x: number,
  top: number,
  column: number,
  color: string,
  a: number,
) {
  const y = top + laneHeight / 2;
  const r = Math.min(column, laneHeight) / 2 - 5;
  const c = Math.cos(state[ANGLE]!) * r;
  const s = Math.sin(state[ANGLE]!) * r;
  ctx.globalAlpha = a;
  ctx.strokeStyle = color;
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.moveTo(x - c, y - s);
  ctx.lineTo(x + c, y + s);
  ctx.stroke();
}
