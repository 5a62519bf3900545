import { describe, expect, it } from 'vitest';
import { ArenaClient, DRAWN_STRIDE } from '../client/arena-client';
import { FrameTrace, TRACE_FIELDS } from './trace';

/** A client on a link that goes nowhere, its figures set by hand as a frame would leave them. */
function clientAt(frame: number): ArenaClient {
  const client = new ArenaClient({ sendBytes() {}, onMessage() {} }, { now: () => 0 });
  client.renderTime = 1000 + frame;
  client.drawn.set([10 + frame, 20 + frame, 1, 30 + frame, 40 + frame, 1]);
  client.drawn[2 * DRAWN_STRIDE] = -1; // seat 2 is not traced
  client.input[1] = -5 - frame;
  client.predictor.corrections = 2 + frame;
  client.predictor.largest = 0.5 + frame;
  client.counts.starved = 7 + frame;
  client.predictor.world.tick = 90 + frame;
  return client;
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
      inputY: -5 - f,
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

  it('holds 4096 frames unless told otherwise', () => {
    expect(new FrameTrace().capacity).toBe(4096);
    expect(new FrameTrace().rows()).toEqual([]);
  });
});
