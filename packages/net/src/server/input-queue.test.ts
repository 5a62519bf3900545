import { describe, expect, it } from 'vitest';
import { defineWire } from '../wire/define-wire.js';
import { InputQueue } from './input-queue.js';
import { TEST_TICK_RATE, testInput, testWire } from './test-game.js';

/** The input `queue` holds for `tick`, or undefined; taking it empties the slot. */
function take(queue: InputQueue, tick: number): number[] | undefined {
  const out = new Int8Array(4).fill(9);
  return queue.take(tick, out, 2) ? [...out.subarray(2)] : undefined;
}

describe('InputQueue', () => {
  it('buffers the inputs after the tick, each until its tick is taken', () => {
    const queue = new InputQueue(testWire);
    expect(queue.receive(testInput(12, [3, 1], [2, 0], [1, 0]), 10)).toBe('ok');
    expect(queue.newest).toBe(12);
    expect(take(queue, 10)).toBeUndefined(); // already stepped: dropped
    expect([take(queue, 11), take(queue, 12)]).toEqual([
      [2, 0],
      [3, 1],
    ]);
    expect(take(queue, 12)).toBeUndefined();
  });

  it('keeps the first copy of a tick, and never moves newest back', () => {
    const queue = new InputQueue(testWire);
    queue.receive(testInput(5, [5, 5]), 0);
    queue.receive(testInput(6, [6, 6], [-5, -5]), 0);
    queue.receive(testInput(4, [4, 4]), 0);
    expect(queue.newest).toBe(6);
    expect([take(queue, 4), take(queue, 5), take(queue, 6)]).toEqual([
      [4, 4],
      [5, 5],
      [6, 6],
    ]);
  });

  it('refuses a message wholly late or more than 2 s ahead, counting each, and takes 2 s exactly', () => {
    const queue = new InputQueue(testWire);
    expect(queue.receive(testInput(100, [1, 1]), 100)).toBe('late');
    expect(queue.receive(testInput(100 + 2 * TEST_TICK_RATE + 1, [1, 1]), 100)).toBe('early');
    expect([queue.late, queue.early, queue.newest]).toEqual([1, 1, -1]);
    expect(queue.receive(testInput(100 + 2 * TEST_TICK_RATE, [7, 7]), 100)).toBe('ok');
    expect(take(queue, 100 + 2 * TEST_TICK_RATE)).toEqual([7, 7]);
  });

  it('tells a tick from the one a ring apart, and forgets everything on clear', () => {
    const queue = new InputQueue(testWire);
    queue.receive(testInput(300, [3, 0]), 299);
    expect(take(queue, 300 - 256)).toBeUndefined();
    queue.receive(testInput(301, [4, 0]), 300);
    queue.clear();
    expect(take(queue, 301)).toBeUndefined();
  });

  it('gives each input once, and after clear none, even at tick 1 (what marks a free slot is never a tick)', () => {
    const queue = new InputQueue(testWire);
    queue.receive(testInput(2, [2, 0], [1, 0]), 0);
    expect(take(queue, 1)).toEqual([1, 0]);
    expect(take(queue, 1)).toBeUndefined();
    queue.clear();
    expect([take(queue, 1), take(queue, 2)]).toEqual([undefined, undefined]);
  });

  it('passes a bad shape on to the room, buffering nothing', () => {
    const queue = new InputQueue(testWire);
    expect(queue.receive(new Uint8Array(3), 0)).toBe('malformed');
    expect(queue.receive(new Uint8Array(testWire.maxInputMessageBytes + 1), 0)).toBe('oversize');
    expect([queue.newest, queue.late, queue.early]).toEqual([-1, 0, 0]);
  });

  it("clamps each input through the game's wire on the way in", () => {
    const queue = new InputQueue(testWire);
    queue.receive(testInput(1, [127, -128]), 0);
    expect(take(queue, 1)).toEqual([100, -100]);
  });

  it('rings over more ticks than a wire lets a client be ahead', () => {
    const far = defineWire({
      tickRate: 60,
      inputBytes: 2,
      snapshotBodyBytes: 0,
      maxTicksAhead: 1000,
    });
    const queue = new InputQueue(far);
    expect(queue.receive(testInput(1000, [1, 1]), 0)).toBe('ok');
    expect(queue.receive(testInput(1, [2, 2]), 0)).toBe('ok');
    expect([take(queue, 1), take(queue, 1000)]).toEqual([
      [2, 2],
      [1, 1],
    ]);
  });
});
