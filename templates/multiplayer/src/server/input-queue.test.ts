import { describe, expect, it } from 'vitest';
import { TICK_RATE } from '../shared/arena';
import { MAX_INPUT_MESSAGE_BYTES } from '../shared/protocol';
import { inputMessage } from '../shared/test-support';
import { InputQueue } from './input-queue';

/** The input `queue` holds for `tick`, or undefined; taking it empties the slot. */
function take(queue: InputQueue, tick: number): number[] | undefined {
  const out = new Int8Array(6).fill(9);
  return queue.take(tick, out, 3) ? [...out.subarray(3)] : undefined;
}

describe('InputQueue', () => {
  it('buffers the inputs after the tick, each until its tick is taken', () => {
    const queue = new InputQueue();
    expect(queue.receive(inputMessage(12, [3, 0, 1], [2, 0, 0], [1, 0, 0]), 10)).toBe('ok');
    expect(queue.newest).toBe(12);
    expect(take(queue, 10)).toBeUndefined(); // already stepped: dropped
    expect([take(queue, 11), take(queue, 12)]).toEqual([
      [2, 0, 0],
      [3, 0, 1],
    ]);
    expect(take(queue, 12)).toBeUndefined();
  });

  it('keeps the first copy of a tick, and never moves newest back', () => {
    const queue = new InputQueue();
    queue.receive(inputMessage(5, [5, 5, 0]), 0);
    queue.receive(inputMessage(6, [6, 6, 0], [-5, -5, 0]), 0);
    queue.receive(inputMessage(4, [4, 4, 0]), 0);
    expect(queue.newest).toBe(6);
    expect([take(queue, 4), take(queue, 5), take(queue, 6)]).toEqual([
      [4, 4, 0],
      [5, 5, 0],
      [6, 6, 0],
    ]);
  });

  it('refuses a message wholly late or more than 2 s ahead, counting each, and takes 2 s exactly', () => {
    const queue = new InputQueue();
    expect(queue.receive(inputMessage(100, [1, 1, 0]), 100)).toBe('late');
    expect(queue.receive(inputMessage(100 + 2 * TICK_RATE + 1, [1, 1, 0]), 100)).toBe('early');
    expect([queue.late, queue.early, queue.newest]).toEqual([1, 1, -1]);
    expect(queue.receive(inputMessage(100 + 2 * TICK_RATE, [7, 7, 0]), 100)).toBe('ok');
    expect(take(queue, 100 + 2 * TICK_RATE)).toEqual([7, 7, 0]);
  });

  it('tells a tick from the one a ring apart, and forgets everything on clear', () => {
    const queue = new InputQueue();
    queue.receive(inputMessage(300, [3, 0, 0]), 299);
    expect(take(queue, 300 - 256)).toBeUndefined();
    queue.receive(inputMessage(301, [4, 0, 0]), 300);
    queue.clear();
    expect(take(queue, 301)).toBeUndefined();
  });

  it('gives each input once, and after clear none, even at tick 1 (what marks a free slot is never a tick)', () => {
    const queue = new InputQueue();
    queue.receive(inputMessage(2, [2, 0, 0], [1, 0, 0]), 0);
    expect(take(queue, 1)).toEqual([1, 0, 0]);
    expect(take(queue, 1)).toBeUndefined();
    queue.clear();
    expect([take(queue, 1), take(queue, 2)]).toEqual([undefined, undefined]);
  });

  it('passes a bad shape on to the room, buffering nothing', () => {
    const queue = new InputQueue();
    expect(queue.receive(new Uint8Array(3), 0)).toBe('malformed');
    expect(queue.receive(new Uint8Array(MAX_INPUT_MESSAGE_BYTES + 1), 0)).toBe('oversize');
    expect([queue.newest, queue.late, queue.early]).toEqual([-1, 0, 0]);
  });
});
