import { type CanvasSize, watchCanvas } from '@loop/core/dom';
import { MIN_LANE } from '../lane-layout.js';
import { paintLanes } from '../lane-paint.js';
import type { Lane } from '../lanes.js';
import { LANE_COLORS } from './colors.js';

/**
 * Paints every lane into one canvas with {@link paintLanes} (the body, the ball and the
 * spinner, each with its ghost), at the size the canvas has on screen. Paints once per screen refresh from what each lane's render
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
    if (this.size) paintLanes(this.ctx, this.size, this.laneHeight, lanes, LANE_COLORS);
  }

  /** Stops watching the canvas size. */
  dispose(): void {
    this.unwatch();
  }
}
