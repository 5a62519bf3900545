import { lerpArray } from '@loop/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED } from '../shared/test-support';
import { DELAY_RATE, InterpolationDelay, MAX_DELAY_MS } from './interpolation-delay';
import { SnapshotBuffer } from './snapshot-buffer';

function fill(buffer: SnapshotBuffer, time: number, ...values: number[]): void {
  buffer.push(time)!.set(values);
}

describe('SnapshotBuffer', () => {
  it('blends the two frames around the render time with core lerpArray, bit for bit', () => {
    const buffer = new SnapshotBuffer(2, 4);
    const out = new Float64Array(2);
    expect(buffer.sample(0, out)).toBe('empty');
    fill(buffer, 100, 0, 10);
    fill(buffer, 150, 5, 30);
    fill(buffer, 200, 7, -10);
    expect(buffer.sample(170, out)).toBe('blend');
    expect(buffer.t).toBe(0.4);
    expect([...out]).toEqual([...lerpArray(new Float64Array(2), [5, 30], [7, -10], 0.4)]);
    expect(buffer.sample(150, out)).toBe('blend');
    expect([...out]).toEqual([5, 30]);
  });

  it('holds the newest frame past it (starved, never extrapolated) and the oldest before it', () => {
    const buffer = new SnapshotBuffer(1, 3);
    const out = new Float64Array(1);
    for (let i = 0; i < 5; i++) fill(buffer, i * 50, i);
    expect(buffer.size).toBe(3);
    expect(buffer.sample(1000, out)).toBe('starved');
    expect(out[0]).toBe(4);
    expect(buffer.sample(10, out)).toBe('early'); // frames 0 and 1 were overwritten
    expect(out[0]).toBe(2);
  });

  it('refuses a frame not newer than the newest, and a capacity under 2', () => {
    const buffer = new SnapshotBuffer(1);
    fill(buffer, 100, 1);
    expect(buffer.push(100)).toBeUndefined();
    expect(buffer.push(90)).toBeUndefined();
    expect(buffer.push(Number.NaN)).toBeUndefined();
    expect(buffer.newestTime).toBe(100);
    expect(() => new SnapshotBuffer(1, 1)).toThrow(
      /capacity must be an integer of 2 or more, got 1/,
    );
    buffer.clear();
    expect(buffer.sample(100, new Float64Array(1))).toBe('empty');
  });

  it('property: a straight-line motion sampled at any time between frames lies on the line, monotone in time', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 2, maxLength: 40 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 50 }),
        (gaps, at) => {
          const buffer = new SnapshotBuffer(1, 64);
          let time = 0;
          for (const gap of gaps) {
            time += gap;
            fill(buffer, time, time * 3);
          }
          const out = new Float64Array(1);
          let last = Number.NEGATIVE_INFINITY;
          for (const f of [...at].sort((a, b) => a - b)) {
            const t = gaps[0]! + f * (time - gaps[0]!);
            expect(buffer.sample(t, out)).toBe(t >= time ? 'starved' : 'blend');
            expect(out[0]).toBeCloseTo(t * 3, 9);
            expect(out[0]).toBeGreaterThanOrEqual(last - 1e-9);
            last = out[0]!;
          }
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });
});

describe('InterpolationDelay', () => {
  it('starts at two snapshot intervals and stays there on a steady network', () => {
    const delay = new InterpolationDelay(50);
    for (let i = 0; i < 100; i++) delay.arrived(i * 50, i * 50 + 80);
    expect([delay.current, delay.target, delay.jitter, delay.lost]).toEqual([100, 100, 0, 0]);
  });

  it('grows with jitter, counts lost snapshots from the gaps, and moves at 10 % of real time', () => {
    const delay = new InterpolationDelay(50);
    for (let i = 0; i < 40; i++) delay.arrived(i * 50, i * 50 + 80 + (i % 2) * 30);
    expect(delay.jitter).toBeGreaterThan(20);
    expect(delay.target).toBeCloseTo(100 + 4 * delay.jitter, 9);
    delay.arrived(40 * 50 + 100, 40 * 50 + 180); // two snapshots missing
    expect(delay.lost).toBe(2);
    expect(delay.target).toBeCloseTo(200 + 4 * delay.jitter, 9);
    expect(delay.advance(100)).toBe(100 + 100 * DELAY_RATE);
    expect(delay.advance(-5)).toBe(110); // a clock that steps back moves nothing
    for (let i = 0; i < 100; i++) delay.advance(100);
    expect(delay.current).toBe(delay.target);
  });

  it('forgets a lost run after 10 s without loss, and never asks for more than a second', () => {
    const delay = new InterpolationDelay(50);
    delay.arrived(0, 0);
    delay.arrived(200, 200);
    expect(delay.target).toBe(250);
    for (let t = 250; t <= 10_300; t += 50) delay.arrived(t, t);
    expect(delay.target).toBe(100);
    const awful = new InterpolationDelay(400);
    awful.arrived(0, 0);
    awful.arrived(4000, 4000);
    expect(awful.target).toBe(MAX_DELAY_MS);
    expect(() => new InterpolationDelay(0)).toThrow(/interval must be above 0 ms, got 0/);
  });
});
