import { describe, expect, it } from 'vitest';
import { bodySize, fitLaneHeight, MAX_LANE, MIN_LANE, sideColumn } from './lane-layout.js';

describe('lane layout', () => {
  it('stacks the lanes into the room left, between the shortest and the tallest lane', () => {
    expect(fitLaneHeight(8, 640)).toBe(80);
    expect(fitLaneHeight(8, 645)).toBe(80);
    expect(fitLaneHeight(8, 200)).toBe(MIN_LANE);
    expect(fitLaneHeight(1, 1000)).toBe(MAX_LANE);
    expect(fitLaneHeight(0, 90)).toBe(90);
    expect(fitLaneHeight(3, Number.POSITIVE_INFINITY)).toBe(MIN_LANE);
  });

  it('sizes the side columns and the body from the lane height, within bounds', () => {
    expect(sideColumn(100)).toBe(55);
    expect(sideColumn(50)).toBe(40);
    expect(sideColumn(200)).toBe(72);
    expect(bodySize(75)).toBe(18);
    expect(bodySize(40)).toBe(12);
    expect(bodySize(120)).toBe(24);
  });
});
