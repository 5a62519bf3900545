import { type CanvasSize, watchCanvas } from '@loop/core/dom';
import type { Lane } from '../lanes.js';
import { ANGLE, DROP_HEIGHT, TRACK, X, Y } from '../world.js';
import { LANE_COLORS } from './colors.js';

/** CSS pixels per lane. */
export const LANE_HEIGHT = 64;

/**
 * Paints every lane into one canvas, stacked: the body on its track, the bouncing ball and
 * the spinner, each with its ghost (the exact state) drawn faint behind it, so the error is
 * visible. Paints once per screen refresh from what each lane's render hook stored, however
 * many display frames ran in between; allocates nothing per frame.
 */
export class LanesCanvas {
  private readonly ctx: CanvasRenderingContext2D;
  private size: Readonly<CanvasSize> | undefined;
  private readonly unwatch: () => void;

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

  /** Sets the canvas height for `lanes` lanes. */
  setLanes(lanes: number): void {
    this.canvas.style.height = `${Math.max(1, lanes) * LANE_HEIGHT}px`;
  }

  /** Paints the lanes as their last renders left them. */
  draw(lanes: readonly Lane[]): void {
    const size = this.size;
    if (!size) return;
    const { ctx } = this;
    ctx.setTransform(size.ratio, 0, 0, size.ratio, 0, 0);
    ctx.clearRect(0, 0, size.width, size.height);
    const width = size.width;
    const trackWidth = Math.max(40, width - 2 * LANE_HEIGHT);
    for (let i = 0; i < lanes.length; i++) {
      const lane = lanes[i]!;
      const top = i * LANE_HEIGHT;
      const color = LANE_COLORS[lane.spec.id];
      ctx.fillStyle = i % 2 === 0 ? '#121a2c' : '#0e1524';
      ctx.fillRect(0, top, width, LANE_HEIGHT);
      ctx.fillStyle = '#9fb0d0';
      ctx.font = '11px system-ui, sans-serif';
      ctx.fillText(lane.spec.label, 6, top + 13);
      this.body(lane.truth, trackWidth, top, color, 0.25);
      this.body(lane.shown, trackWidth, top, color, 1);
      const ballX = trackWidth + LANE_HEIGHT / 2;
      this.ball(lane.truth, ballX, top, color, 0.25);
      this.ball(lane.shown, ballX, top, color, 1);
      const spinX = trackWidth + LANE_HEIGHT * 1.5;
      this.spinner(lane.truth, spinX, top, color, 0.3);
      this.spinner(lane.shown, spinX, top, color, 1);
    }
    ctx.globalAlpha = 1;
  }

  /** Stops watching the canvas size. */
  dispose(): void {
    this.unwatch();
  }

  private body(state: Float64Array, trackWidth: number, top: number, color: string, a: number) {
    const { ctx } = this;
    const along = state[X]! - TRACK * Math.floor(state[X]! / TRACK);
    ctx.globalAlpha = a;
    ctx.fillStyle = color;
    ctx.fillRect(8 + (along / TRACK) * (trackWidth - 32), top + 28, 16, 16);
  }

  private ball(state: Float64Array, x: number, top: number, color: string, a: number) {
    const { ctx } = this;
    const y = top + LANE_HEIGHT - 8 - (state[Y]! / DROP_HEIGHT) * (LANE_HEIGHT - 24);
    ctx.globalAlpha = a;
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.arc(x, y, 6, 0, 2 * Math.PI);
    ctx.fill();
  }

  private spinner(state: Float64Array, x: number, top: number, color: string, a: number) {
    const { ctx } = this;
    const y = top + LANE_HEIGHT / 2 + 4;
    const r = LANE_HEIGHT / 2 - 10;
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
