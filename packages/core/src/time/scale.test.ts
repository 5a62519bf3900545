import { describe, expect, it } from 'vitest';
import { TimeScale } from './scale.js';

describe('TimeScale', () => {
  it('rounds from the running total: a third of 1 unit per frame owes 1 unit every 3 frames', () => {
    const speed = new TimeScale();
    speed.set(1 / 3);
    const owed = Array.from({ length: 9 }, () => speed.apply(1));
    expect(owed).toEqual([0, 1, 0, 0, 1, 0, 0, 1, 0]);
  });

  it('owes the same total however the real time is cut into frames', () => {
    const cut = (pieces: number[]) => {
      const speed = new TimeScale();
      speed.set(0.7);
      return pieces.reduce((sum, units) => sum + speed.apply(units), 0);
    };
    const total = 6000 * 2 ** 20;
    expect(cut([total])).toBe(4200 * 2 ** 20);
    expect(cut(Array.from({ length: 6000 }, () => 2 ** 20))).toBe(4200 * 2 ** 20);
    expect(cut(Array.from({ length: 3000 }, (_, i) => (i % 2 ? 2 ** 21 + 7 : 2 ** 21 - 7)))).toBe(
      4200 * 2 ** 20,
    );
  });

  it('ignores the value in force and starts a new total on a change', () => {
    const speed = new TimeScale();
    expect(speed.set(1)).toBe(false);
    expect(speed.set(0.5)).toBe(true);
    expect(speed.apply(3)).toBe(2);
    expect(speed.set(0.5)).toBe(false);
    expect(speed.apply(3)).toBe(1);
    expect(speed.set(2)).toBe(true);
    expect(speed.apply(3)).toBe(6);
    expect(speed.set(0)).toBe(true);
    expect(speed.apply(1000)).toBe(0);
  });
});
