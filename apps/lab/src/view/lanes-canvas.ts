import { type CanvasSize, watchCanvas } from '@loop/core/dom';
import { bodySize, MIN_LANE, PX_PER_M, sideColumn } from '../lane-layout.js';
import { RECOMMENDED } from '../lane-specs.js';
import type { Lane } from '../lanes.js';
import { ANGLE, DROP_HEIGHT, X, Y } from '../world.js';
import { LANE_COLORS } from './colors.js';

/** Metres between the track's tick marks: a fixed background the eye measures motion by. */
const TICK_M = 0.25;

/**
 * Paints every lane into one canvas, stacked: the body on its track (a window of the track
 * {@link PX_PER_M} pixels to the metre, wrapping), the bouncing ball and the spinner, each
 * with its ghost (the exact state) outlined behind it, so the error is visible. The
 * recommended lane's strip is lit. Paints once per screen refresh from what each lane's render
 * hook stored, however many display frames ran in between; allocates nothing per frame. The
 * lanes' words are not painted here: {@link LaneLabels} lays them over the canvas as text.
 */
export class LanesCanvas {
  private readonly ctx: CanvasRenderingContext2D;
  private size: Readonly<CanvasSize> | undefined;
  private readonly unwatch: () => void;
  private laneHeight = MIN_LANE;

  constructor(private readonly canvas: HTMLCanvasElement) {
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('the lab needs a 2D canvas');
    this.ctx = ctx;
    this.unwatch = watchCanvas(
      canvas,
      (size) => {
        this.size = size;
      },
      { maxDpr: 2 },
    );
  }

  /** Sets the canvas height for `lanes` lanes of `laneHeight` CSS pixels each. */
  setLanes(lanes: number, laneHeight: number): void {
    this.laneHeight = laneHeight;
    this.canvas.style.height = `${Math.max(1, lanes) * laneHeight}px`;
  }

  /** Paints the lanes as their last renders left them. */
  draw(lanes: readonly Lane[]): void {
    const size = this.size;
    if (!size) return;
    const { ctx, laneHeight } = this;
    ctx.setTransform(size.ratio, 0, 0, size.ratio, 0, 0);
    ctx.clearRect(0, 0, size.width, size.height);
    const width = size.width;
    const column = sideColumn(laneHeight);
    const trackWidth = Math.max(40, width - 2 * column);
    for (let i = 0; i < lanes.length; i++) {
      const lane = lanes[i]!;
      const top = i * laneHeight;
      const color = LANE_COLORS[lane.spec.id];
      const lit = lane.spec.id === RECOMMENDED;
      ctx.globalAlpha = 1;
      ctx.fillStyle = lit ? '#17352f' : i % 2 === 0 ? '#121a2c' : '#0e1524';
      ctx.fillRect(0, top, width, laneHeight);
      if (lit) {
        ctx.fillStyle = color;
        ctx.fillRect(0, top, 4, laneHeight);
      }
      this.track(trackWidth, top);
      this.body(lane.shown, lane.truth, trackWidth, top, color);
      this.ball(lane.truth, trackWidth + column / 2, top, color, 0.3);
      this.ball(lane.shown, trackWidth + column / 2, top, color, 1);
      this.spinner(lane.truth, trackWidth + column * 1.5, top, column, color, 0.3);
      this.spinner(lane.shown, trackWidth + column * 1.5, top, column, color, 1);
    }
    ctx.globalAlpha = 1;
  }

  /** Stops watching the canvas size. */
  dispose(): void {
    this.unwatch();
  }

  /** The track's tick marks, fixed on screen, under the body. */
  private track(trackWidth: number, top: number) {
    const { ctx, laneHeight } = this;
    const base = top + laneHeight - 4;
    ctx.fillStyle = '#33436a';
    ctx.fillRect(8, base, trackWidth - 16, 1);
    const step = TICK_M * PX_PER_M;
    for (let x = 8; x <= trackWidth - 8; x += step) ctx.fillRect(x, base - 4, 1, 4);
  }

  /** The body and its ghost: the ghost outlined, so the drawn body never hides it. */
  private body(
    shown: Float64Array,
    truth: Float64Array,
    trackWidth: number,
    top: number,
    color: string,
  ) {
    const { ctx, laneHeight } = this;
    const side = bodySize(laneHeight);
    const span = trackWidth - 16 - side;
    const window = span / PX_PER_M;
    const y = top + laneHeight - 8 - side;
    const shownX = 8 + (shown[X]! - window * Math.floor(shown[X]! / window)) * PX_PER_M;
    const truthX = 8 + (truth[X]! - window * Math.floor(truth[X]! / window)) * PX_PER_M;
    ctx.globalAlpha = 1;
    ctx.fillStyle = color;
    ctx.fillRect(shownX, y, side, side);
    ctx.globalAlpha = 0.8;
    ctx.strokeStyle = '#e8f0ff';
    ctx.lineWidth = 1.5;
    ctx.strokeRect(truthX + 0.75, y + 0.75, side - 1.5, side - 1.5);
  }

  private ball(state: Float64Array, x: number, top: number, color: string, a: number) {
    const { ctx, laneHeight } = this;
    const r = Math.max(4, Math.round(laneHeight * 0.07));
    const y = top + laneHeight - 4 - r - (state[Y]! / DROP_HEIGHT) * (laneHeight - 12 - 2 * r);
    ctx.globalAlpha = a;
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.arc(x, y, r, 0, 2 * Math.PI);
    ctx.fill();
  }

  private spinner(
    state: Float64Array,
    x: number,
    top: number,
    column: number,
    color: string,
    a: number,
  ) {
    const { ctx, laneHeight } = this;
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
}
