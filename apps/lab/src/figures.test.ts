import { describe, expect, it } from 'vitest';
import { achievedFps, ErrorFigures, motionError, stepsOwed } from './figures.js';

describe('figures', () => {
  it('motion error is the drawn step minus the step real time called for', () => {
    expect(motionError(0.5, 2, 0.25)).toBe(0);
    expect(motionError(0, 2, 0.25)).toBe(-0.5);
    expect(motionError(1, 2, 0.25)).toBe(0.5);
  });

  it('keeps the RMS and the worst of the errors', () => {
    const figures = new ErrorFigures();
    expect(figures.rms).toBe(0);
    for (const e of [3, -4, 0, 0]) figures.add(e);
    expect(figures.count).toBe(4);
    expect(figures.rms).toBeCloseTo(2.5, 12);
    expect(figures.worst).toBe(4);
  });

  it('the worst error is the largest in size, whatever came after it', () => {
    const figures = new ErrorFigures();
    for (const e of [-2, 1, 2, -0.5]) figures.add(e);
    expect(figures.worst).toBe(2);
  });

  it('counts the whole steps real time owes, scaled', () => {
    expect(stepsOwed(10_000, 1, 1000 / 60)).toBe(600);
    expect(stepsOwed(10_000, 0.5, 1000 / 60)).toBe(300);
    expect(stepsOwed(16, 1, 1000 / 60)).toBe(0);
  });

  it('works out fps from rendered frames and the span they cover', () => {
    expect(achievedFps(31, 1000)).toBe(30);
    expect(achievedFps(1, 1000)).toBe(0);
    expect(achievedFps(5, 0)).toBe(0);
    expect(achievedFps(0, 1000)).toBe(0);
  });
});
