import { describe, expect, it } from 'vitest';
import { DrawnClient } from '../page/drawn-client.js';
import { FakeLink, toyClientOptions } from '../page/test-client.js';
import { SEATS } from '../page/test-game.js';
import { FrameTrace, TRACE_FIELDS } from './frame-trace.js';

const STRIDE = 3;

/** A toy client on a link that goes nowhere, its figures set by hand as a frame would leave them. */
function clientAt(frame: number): DrawnClient<unknown> {
  const options = toyClientOptions({ now: () => 0, frameSize: (SEATS + 1) * STRIDE });
  const client = new DrawnClient(new FakeLink(), { ...options, stride: STRIDE });
  client.renderTime = 1000 + frame;
  client.drawn.set([10 + frame, 20 + frame, 1, 30 + frame, 40 + frame, 1]);
  client.drawn[2 * STRIDE] = -1; // seat 2 is not traced
  client.input[0] = 4 + frame;
  client.input[1] = -5 - frame;
  client.predictor.corrections = 2 + frame;
  client.predictor.largest = 0.5 + frame;
  client.counts.starved = 7 + frame;
  client.predictor.world.tick = 90 + frame;
  return client as DrawnClient<unknown>;
}

describe('FrameTrace', () => {
  it('records each field of a frame in TRACE_FIELDS order, and nothing past its capacity', () => {
    const trace = new FrameTrace(2);
    for (let f = 0; f < 3; f++) trace.record(500 + f, clientAt(f), 3 - f);
    expect(trace.frames).toBe(2);
    const row = (f: number) => ({
      now: 500 + f,
      renderTime: 1000 + f,
      x0: 10 + f,
      y0: 20 + f,
      x1: 30 + f,
      y1: 40 + f,
      input0: 4 + f,
      input1: -5 - f,
      steps: 3 - f,
      predictedTick: 90 + f,
      corrections: 2 + f,
      largest: 0.5 + f,
      starved: 7 + f,
    });
    expect(trace.rows()).toEqual([row(0), row(1)]);
    expect(Object.keys(trace.rows()[0]!)).toEqual([...TRACE_FIELDS]);
    expect(trace.data).toHaveLength(2 * TRACE_FIELDS.length);
  });

  it('holds 4096 frames unless told otherwise, and refuses a capacity below one frame', () => {
    expect(new FrameTrace().capacity).toBe(4096);
    expect(new FrameTrace().rows()).toEqual([]);
    for (const capacity of [0, 1.5]) {
      expect(() => new FrameTrace(capacity)).toThrow(
        new RangeError(`capacity must be an integer of 1 or more, got ${capacity}`),
      );
    }
  });
});
