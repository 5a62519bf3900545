import { describe, expect, it } from 'vitest';
import { DELAY_RATE, InterpolationDelay, MAX_DELAY_MS } from './interpolation-delay.js';

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

  it('holds a lost run for 10 s from the last loss, to the millisecond, and counts what it received', () => {
    const delay = new InterpolationDelay(40);
    delay.arrived(0, 500);
    delay.arrived(120, 620); // two lost at 620: four intervals wanted
    for (let t = 160; t <= 10_120; t += 40) delay.arrived(t, t + 500);
    expect(delay.target).toBe(160); // at 10 620, 10 s after the loss, exactly
    delay.arrived(10_121, 10_621);
    expect(delay.target).toBe(80);
    expect([delay.received, delay.lost]).toEqual([2 + 250 + 1, 2]);
  });
});
