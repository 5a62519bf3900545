import { HEIGHT, WIDTH } from '../shared/arena';

/** The canvas in CSS pixels and its device pixel ratio, as `watchCanvas` reports them. */
export interface View {
  width: number;
  height: number;
  ratio: number;
}

/**
 * Where the arena sits in the canvas: the largest scale that fits it whole, centred. Writes
 * [scale, left, top] (CSS pixels) into `out`: the drawing and touch steering (touch-steer.ts)
 * map arena units to the screen with the same three numbers.
 */
export function letterbox(view: View, out: Float64Array): void {
  const scale = Math.min(view.width / WIDTH, view.height / HEIGHT);
  out[0] = scale;
  out[1] = (view.width - WIDTH * scale) / 2;
  out[2] = (view.height - HEIGHT * scale) / 2;
}
