import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED } from '../test-support.js';
import { Conditioner } from './conditioner.js';

/** A conditioner whose up path is `up`, recording [time, id] for each message that reached the server. */
function upPath(up: object, seed = 1) {
  const t = { now: 0 };
  const got: [number, number][] = [];
  const link = new Conditioner(
    { sendBytes: (_type, b) => got.push([t.now, b[0]! + (b[1]! << 8)]), onMessage: () => {} },
    { up, seed, now: () => t.now },
  );
  return { t, link, got };
}

describe('Conditioner reordering', () => {
  it('lets a message overtake the one before it, holding the older one to the newer one’s time', () => {
    const { t, link, got } = upPath({ latency: 10, reorder: 1 });
    link.sendBytes(1, new Uint8Array([1, 0]));
    t.now = 5;
    link.sendBytes(1, new Uint8Array([2, 0]));
    t.now = 10;
    link.pump();
    expect(got).toEqual([]);
    t.now = 15;
    link.pump();
    expect(got).toEqual([
      [15, 2],
      [15, 1],
    ]);
    expect(link.up.counts.reordered).toBe(1);
  });

  it('property: reordered but never created, duplicated or early; every message delivered or counted lost; the seed decides', () => {
    const path = fc.record({
      latency: fc.integer({ min: 0, max: 200 }),
      jitter: fc.integer({ min: 0, max: 50 }),
      loss: fc.double({ min: 0, max: 0.3, noNaN: true }),
      reorder: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(
        path,
        fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 150 }),
        fc.integer(),
        (up, gaps, seed) => {
          const run = () => {
            const w = upPath(up, seed);
            gaps.forEach((gap, i) => {
              w.t.now += gap;
              w.link.pump();
              w.link.sendBytes(1, new Uint8Array([i & 0xff, i >> 8]));
            });
            w.t.now += 1000;
            w.link.pump();
            return w;
          };
          const { link, got } = run();
          const sentAt: number[] = [];
          let clock = 0;
          for (const gap of gaps) {
            clock += gap;
            sentAt.push(clock);
          }
          const ids = got.map(([, id]) => id);
          expect(new Set(ids).size).toBe(ids.length);
          for (const [at, id] of got) {
            expect(id).toBeLessThan(gaps.length);
            expect(at).toBeGreaterThanOrEqual(sentAt[id]! + up.latency - up.jitter);
          }
          const c = link.up.counts;
          expect([c.sent, c.delivered, c.dropped + c.delivered]).toEqual([
            gaps.length,
            ids.length,
            gaps.length,
          ]);
          if (up.reorder === 0) expect(ids).toEqual([...ids].sort((a, b) => a - b));
          expect(run().got).toEqual(got);
        },
      ),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('refuses settings out of range when made, naming them', () => {
    const inner = { sendBytes: () => {}, onMessage: () => {} };
    expect(() => new Conditioner(inner, { capacity: 0 })).toThrow(/capacity.*got 0/);
    expect(() => new Conditioner(inner, { capacity: 1.5 })).toThrow(RangeError);
    expect(() => new Conditioner(inner, { up: { loss: 1.1 } })).toThrow(/up\.loss.*got 1\.1/);
    expect(() => new Conditioner(inner, { down: { reorder: -0.1 } })).toThrow(
      /down\.reorder.*got -0\.1/,
    );
    expect(() => new Conditioner(inner, { up: { latency: Number.NaN } })).toThrow(
      /up\.latency.*got NaN/,
    );
    expect(() => new Conditioner(inner, { down: { jitter: -1 } })).toThrow(RangeError);
    expect(
      new Conditioner(inner, { up: { loss: 1, reorder: 1, latency: 0 } }).up.settings.loss,
    ).toBe(1);
  });
});
