import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED } from '../test-support.js';
import { Conditioner, type ConditionerOptions } from './conditioner.js';
import type { Link } from './link.js';

/** Both ends of a conditioned link in memory: what reached the server, what reached the client. */
function wire(options: ConditionerOptions) {
  const t = { now: 0 };
  const atServer: [number, number, number[]][] = [];
  const atClient: [number, number, number[]][] = [];
  let toClient: (bytes: Uint8Array) => void = () => {};
  const inner: Link = {
    sendBytes: (type, bytes) => atServer.push([t.now, type, [...bytes]]),
    onMessage: (_type, handler) => {
      toClient = handler;
    },
  };
  const link = new Conditioner(inner, { now: () => t.now, ...options });
  link.onMessage(7, (bytes) => atClient.push([t.now, 7, [...bytes]]));
  return { t, link, atServer, atClient, fromServer: (bytes: Uint8Array) => toClient(bytes) };
}

describe('Conditioner', () => {
  it('delays each direction by its latency, to the millisecond, and copies what it holds', () => {
    const { t, link, atServer, atClient, fromServer } = wire({
      up: { latency: 40 },
      down: { latency: 60 },
    });
    const reused = new Uint8Array([1, 2]);
    link.sendBytes(3, reused);
    reused[0] = 9; // the client reuses its buffer at once
    fromServer(new Uint8Array([5]));
    t.now = 39.9;
    link.pump();
    expect([atServer, atClient]).toEqual([[], []]);
    t.now = 40;
    link.pump();
    t.now = 60;
    link.pump();
    expect(atServer).toEqual([[40, 3, [1, 2]]]);
    expect(atClient).toEqual([[60, 7, [5]]]);
  });

  it('fills in what a path was not given: no latency, no jitter, no loss', () => {
    const { t, link, atServer, atClient, fromServer } = wire({ up: { jitter: 0 }, down: {} });
    expect([link.up.settings, link.down.settings]).toEqual([
      { latency: 0, jitter: 0, loss: 0, reorder: 0 },
      { latency: 0, jitter: 0, loss: 0, reorder: 0 },
    ]);
    t.now = 5;
    link.sendBytes(1, new Uint8Array([1]));
    fromServer(new Uint8Array([2]));
    link.pump();
    expect([atServer, atClient]).toEqual([[[5, 1, [1]]], [[5, 7, [2]]]]);
  });

  it('spreads delays over latency ± jitter, and draws nothing for a path without jitter or loss', () => {
    /** When each of 40 messages from the server arrived, with `upTraffic` messages sent up meanwhile. */
    const arrivals = (upTraffic: boolean) => {
      const { t, link, atClient, fromServer } = wire({
        up: { latency: 10 },
        down: { latency: 50, jitter: 20, loss: 0.3 },
        seed: 5,
      });
      for (let i = 0; i < 40; i++) {
        t.now = i * 100;
        if (upTraffic) link.sendBytes(1, new Uint8Array([i]));
        fromServer(new Uint8Array([i]));
        for (let ms = 0; ms < 100; ms++) {
          t.now = i * 100 + ms;
          link.pump();
        }
      }
      return atClient.map(([at, , [i]]) => at - i! * 100);
    };
    const delays = arrivals(true);
    expect(delays.length).toBeGreaterThan(20);
    expect(delays.length).toBeLessThan(40);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(30);
    expect(Math.max(...delays)).toBeLessThanOrEqual(70);
    expect(delays.filter((d) => d < 45).length).toBeGreaterThan(3); // both sides of the latency
    expect(delays.filter((d) => d > 55).length).toBeGreaterThan(3);
    expect(new Set(delays).size).toBeGreaterThan(10);
    expect(arrivals(false)).toEqual(delays);
  });

  it('moves to a new link (a reconnected room) with the handlers it was given', () => {
    const { link, atClient } = wire({});
    link.enabled = false;
    let toClient: (bytes: Uint8Array) => void = () => {};
    const sent: number[] = [];
    link.attach({
      sendBytes: (_type, bytes) => sent.push(bytes[0]!),
      onMessage: (_type, handler) => {
        toClient = handler;
      },
    });
    link.sendBytes(1, new Uint8Array([4]));
    toClient(new Uint8Array([6]));
    expect(sent).toEqual([4]);
    expect(atClient.map(([, , b]) => b[0])).toEqual([6]);
  });

  it('passes messages straight through when switched off, once its queues are empty', () => {
    const { t, link, atServer } = wire({ up: { latency: 100 } });
    link.sendBytes(1, new Uint8Array([1]));
    link.enabled = false;
    link.sendBytes(1, new Uint8Array([2])); // queued behind the first: order is kept
    expect(atServer).toEqual([]);
    t.now = 100;
    link.pump();
    link.sendBytes(1, new Uint8Array([3]));
    expect(atServer.map(([, , b]) => b[0])).toEqual([1, 2, 3]);
  });

  it('keeps the down direction in order too when switched off, and stamps with the real clock by default', () => {
    const { t, link, atClient, fromServer } = wire({ down: { latency: 100 } });
    fromServer(new Uint8Array([1]));
    link.enabled = false;
    fromServer(new Uint8Array([2]));
    expect(atClient).toEqual([]);
    t.now = 100;
    link.pump();
    fromServer(new Uint8Array([3]));
    expect(atClient.map(([, , b]) => b[0])).toEqual([1, 2, 3]);
    const sent: number[] = [];
    const real = new Conditioner({ sendBytes: (_t, b) => sent.push(b[0]!), onMessage: () => {} });
    real.sendBytes(1, new Uint8Array([4]));
    real.pump();
    expect(sent).toEqual([4]);
  });

  it('carries a message larger than its slots, and each message at its own length', () => {
    const { t, link, atServer } = wire({ up: { latency: 1 }, capacity: 1 });
    const big = Uint8Array.from({ length: 300 }, (_, i) => i % 251);
    for (const bytes of [new Uint8Array([1, 2, 3]), big, new Uint8Array([4]), big.slice(0, 9)]) {
      link.sendBytes(1, bytes);
      t.now += 1;
      link.pump();
    }
    expect(atServer.map(([, , b]) => b)).toEqual([[1, 2, 3], [...big], [4], [...big.slice(0, 9)]]);
  });

  it('property: nothing is reordered, created or early; every message is delivered or counted lost; the seed decides', () => {
    const path = fc.record({
      latency: fc.integer({ min: 0, max: 300 }),
      jitter: fc.integer({ min: 0, max: 100 }),
      loss: fc.double({ min: 0, max: 0.5, noNaN: true }),
    });
    fc.assert(
      fc.property(
        path,
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 200 }),
        fc.integer(),
        (up, gaps, seed) => {
          const run = () => {
            const w = wire({ up, seed });
            gaps.forEach((gap, i) => {
              w.t.now += gap;
              w.link.pump();
              w.link.sendBytes(1, new Uint8Array([i & 0xff, i >> 8]));
            });
            w.t.now += 1000;
            w.link.pump();
            return w;
          };
          const { link, atServer } = run();
          const sentAt: number[] = [];
          let clock = 0;
          for (const gap of gaps) {
            clock += gap;
            sentAt.push(clock);
          }
          const ids = atServer.map(([, , b]) => b[0]! + (b[1]! << 8));
          expect(ids).toEqual([...ids].sort((a, b) => a - b));
          atServer.forEach(([at], k) => {
            expect(at).toBeGreaterThanOrEqual(sentAt[ids[k]!]! + up.latency - up.jitter);
          });
          expect(link.up.counts).toEqual({
            sent: gaps.length,
            delivered: ids.length,
            dropped: gaps.length - ids.length,
            overflow: 0,
            reordered: 0,
          });
          if (up.loss === 0) expect(ids.length).toBe(gaps.length);
          expect(run().atServer).toEqual(atServer);
        },
      ),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('loses about the share it is told to, and drops what overflows its queue', () => {
    const { link } = wire({ up: { loss: 0.05 }, seed: 3 });
    for (let i = 0; i < 4000; i++) {
      link.sendBytes(1, new Uint8Array(1));
      link.pump();
    }
    expect(link.up.counts.dropped / 4000).toBeGreaterThan(0.04);
    expect(link.up.counts.dropped / 4000).toBeLessThan(0.06);
    const small = wire({ up: { latency: 10 }, capacity: 2 });
    for (let i = 0; i < 3; i++) small.link.sendBytes(1, new Uint8Array(1));
    expect(small.link.up.counts.overflow).toBe(1);
  });
});
