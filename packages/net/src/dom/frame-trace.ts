import type { DrawnClient } from '../page/drawn-client.js';

/** Numbers per frame in {@link FrameTrace.data}, in this order. */
export const TRACE_FIELDS = [
  'now',
  'renderTime',
  'x0',
  'y0',
  'x1',
  'y1',
  'input0',
  'input1',
  'steps',
  'predictedTick',
  'corrections',
  'largest',
  'starved',
] as const;
const N = TRACE_FIELDS.length;

/** One frame of a {@link FrameTrace}, by field. */
export type TraceRow = Record<(typeof TRACE_FIELDS)[number], number>;

/**
 * A recording of what a page drew, frame by frame, in one typed array made up front (no
 * allocation per frame): the local time, the render time others were drawn at, where seats 0
 * and 1 were drawn (x, y of a {@link DrawnClient}'s `drawn`), the first two bytes of this page's
 * input (a stick's x and y), the prediction steps the frame took, and the prediction's tick and
 * corrections. What a browser test asserts on (real frames, no timing assertions) and what a bug
 * report can carry; a page records one when asked (`?trace`).
 */
export class FrameTrace {
  readonly data: Float64Array;
  frames = 0;

  constructor(readonly capacity = 4096) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`capacity must be an integer of 1 or more, got ${String(capacity)}`);
    }
    this.data = new Float64Array(capacity * N);
  }

  /** Records one frame at `now` that took `steps` (ignored once full: a trace is a session's start). */
  record(now: number, client: DrawnClient<unknown>, steps: number): void {
    if (this.frames === this.capacity) return;
    const d = this.data;
    const at = this.frames++ * N;
    const drawn = client.drawn;
    const p = client.predictor;
    d[at] = now;
    d[at + 1] = client.renderTime;
    d[at + 2] = drawn[0]!;
    d[at + 3] = drawn[1]!;
    d[at + 4] = drawn[client.stride]!;
    d[at + 5] = drawn[client.stride + 1]!;
    d[at + 6] = client.input[0]!;
    d[at + 7] = client.input[1]!;
    d[at + 8] = steps;
    d[at + 9] = p.tick;
    d[at + 10] = p.corrections;
    d[at + 11] = p.largest;
    d[at + 12] = client.counts.starved;
  }

  /** The frames as objects, for a test (allocates: not for frame code). */
  rows(): TraceRow[] {
    return Array.from(
      { length: this.frames },
      (_, f) =>
        Object.fromEntries(
          TRACE_FIELDS.map((name, k) => [name, this.data[f * N + k]!]),
        ) as TraceRow,
    );
  }
}
