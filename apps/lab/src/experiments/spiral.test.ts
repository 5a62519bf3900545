import { describe, expect, it } from 'vitest';
import { fullSpeedFloor, spiral, spiralOfDeath } from './spiral.js';

describe('the spiral of death, at its edges', () => {
  it('with no cost, a second of 60 Hz is 61 frames of one step each at full speed', () => {
    const run = spiral(0, 1000 / 60, 1e9, 1e9, 1);
    expect(run.frames).toBe(61);
    expect(run.lastFrame).toBeCloseTo(1000 / 60, 9);
    expect(run.lastSteps).toBe(1);
    expect(run.gameSpeed).toBeCloseTo(1, 9);
    expect(run.dropped).toBe(0);
  });

  it('a run too short for a second frame has no game speed', () => {
    const run = spiral(0, 1000 / 60, 1e9, 1e9, 0);
    expect(run.frames).toBe(1);
    expect(run.gameSpeed).toBe(0);
  });

  it('the full-speed floor reaches 240 fps and gives up past it', () => {
    expect(fullSpeedFloor(240, 1)).toBe(240);
    expect(fullSpeedFloor(241, 1)).toBeNaN();
    expect(fullSpeedFloor(30, 1)).toBe(30);
  });

  it("cites the article's claim on the rows that make it, and only there", () => {
    const seeds = spiralOfDeath.run({}).map((row) => [row.key, row.seed]);
    expect(seeds).toEqual([
      ['none-last-frame', 'grows every frame'],
      ['none-frames', null],
      ['maxDelta-last-frame', null],
      ['maxDelta-frames', null],
      ['maxSteps-last-frame', null],
      ['maxSteps-frames', 'the game slows down'],
      ...seeds.slice(6),
    ]);
  });
});
