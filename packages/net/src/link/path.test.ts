import { Random } from '@loop/core';
import { describe, expect, it } from 'vitest';
import { Path } from './path.js';

/** The next draw of `random`, without taking it. */
function peek(random: Random): number {
  const copy = new Random(0);
  copy.state = random.state;
  return copy.next();
}

/** Everything `path` delivers by `now`, as [type, view] (the views themselves, not copies). */
function pumped(path: Path, now: number): [number, Uint8Array][] {
  const out: [number, Uint8Array][] = [];
  path.pump(now, (type, bytes) => out.push([type, bytes]));
  return out;
}

describe('Path', () => {
  it('loses a message when its draw is below the loss share, and keeps it at a draw equal to it', () => {
    const at = (loss: number) => {
      const random = new Random(4);
      const path = new Path(4, random, { loss });
      path.push(0, 1, new Uint8Array([1]));
      return [path.counts.dropped, pumped(path, 0).length];
    };
    const draw = peek(new Random(4));
    expect(at(draw)).toEqual([0, 1]);
    expect(at(draw + 2 ** -40)).toEqual([1, 0]);
    expect(at(draw - 2 ** -40)).toEqual([0, 1]);
  });

  it('delays a message by latency plus its jitter draw: a high draw, a long delay', () => {
    const random = new Random(4); // draws 0.92 first: a spread of +8.47 ms of ± 10
    const draw = peek(random);
    expect(draw).toBeGreaterThan(0.9);
    const due = 100 + 50 + (draw * 2 - 1) * 10;
    const path = new Path(4, random, { latency: 50, jitter: 10 });
    path.push(100, 1, new Uint8Array([1]));
    expect(pumped(path, due - 1e-9)).toEqual([]);
    expect(pumped(path, due).map(([type]) => type)).toEqual([1]);
  });

  it('carries messages in its slots without allocating: one buffer a slot, grown once for a larger message', () => {
    const path = new Path(1, new Random(1), undefined);
    const deliver = (length: number) => {
      path.push(
        0,
        1,
        Uint8Array.from({ length }, (_, i) => i + length),
      );
      const [[, bytes]] = pumped(path, 0) as [[number, Uint8Array]];
      expect([...bytes]).toEqual(Array.from({ length }, (_, i) => (i + length) & 0xff));
      return bytes;
    };
    const short = deliver(10);
    const longer = deliver(20);
    expect(longer.buffer).toBe(short.buffer); // the slot's 256 bytes hold both
    const shortAgain = deliver(10);
    expect(deliver(10)).toBe(shortAgain); // the same length again: the same view, none made
    const full = deliver(256);
    expect(deliver(256).buffer).toBe(full.buffer); // an exact fit is no reason to grow
    expect(full.buffer).toBe(short.buffer);
    const big = deliver(300);
    expect(big.buffer).not.toBe(short.buffer);
    expect(big.buffer.byteLength).toBe(300);
    expect(deliver(300)).toBe(big);
    expect(deliver(5).buffer).toBe(big.buffer); // grown once, kept for smaller ones
  });
});
