import { expect, it } from 'vitest';
import { lerp } from './draw';

it('interpolates by alpha, and draws a jump (a respawn) at its end at once', () => {
  expect(lerp(0, 0.5, 0.5)).toBe(0.25);
  expect(lerp(1, 0.2, 0)).toBe(1);
  expect(lerp(1, 0.5, 1)).toBe(0.5);
  expect(lerp(-3, 2.5, 0.1)).toBe(2.5);
  expect(lerp(0, 1, 0.5)).toBe(0.5); // exactly a metre still interpolates
});
