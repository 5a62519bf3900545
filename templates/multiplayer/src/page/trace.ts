import type { ArenaClient } from '../client/arena-client';
import { DRAWN_STRIDE } from '../client/arena-client';

/** Numbers per frame in {@link FrameTrace.data}, in the order of {@link TRACE_FIELDS}. */
export const TRACE_FIELDS = [
  'now',
  'renderTime',
  'x0',
  'y0',
  'x1',
  'y1',
  'inputY',
  'steps',
  'predictedTick',
  'corrections',
  'largest',
  'starved',
] as const;
const N = TRACE_FIELDS.length;

/**
 * A recording of what the page drew, frame by frame, in one typed array made up front (no
 * allocation per frame): the local time, the render time others were drawn at, where seats 0
 * and 1 were drawn, this page's stick y, the prediction steps the frame took, and the
 * prediction's corrections. What a test asserts on (real frames, no timing assertions) and
 * what a bug report can carry. The page records one when its URL has `?trace`.
 */
export class FrameTrace {
  readonly data: Float64Array;
  frames = 0;

  constructor(readonly capacity = 4096) {
    this.data = new Float64Array(capacity * N);
  }

  /** Records one frame (ignored once full: a trace is the start of a session). */
  record(now: number, client: ArenaClient, steps: number): void {
    if (this.frames === this.capacity) return;
    const d = this.data;
    const at = this.frames++ * N;
    const drawn = client.drawn;
    d[at] = now;
    d[at + 1] = client.renderTime;
    d[at + 2] = drawn[0]!;
    d[at + 3] = drawn[1]!;
    d[at + 4] = drawn[DRAWN_STRIDE]!;
    d[at + 5] = drawn[DRAWN_STRIDE + 1]!;
    d[at + 6] = client.input[1]!;
    d[at + 7] = steps;
    d[at + 8] = client.predictor.tick;
    d[at + 9] = client.predictor.corrections;
    d[at + 10] = client.predictor.largest;
    d[at + 11] = client.counts.starved;
  }

  /** The frames as objects, for a test (allocates: not for frame code). */
  rows(): Record<(typeof TRACE_FIELDS)[number], number>[] {
    return Array.from({ length: this.frames }, (_, f) =>
      Object.fromEntries(TRACE_FIELDS.map((name, k) => [name, this.data[f * N + k]!])),
    ) as Record<(typeof TRACE_FIELDS)[number], number>[];
  }
}
