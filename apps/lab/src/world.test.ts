import { describe, expect, it } from 'vitest';
import {
  ANGLE,
  BODY_SPEED,
  BOUNCE_PERIOD,
  DROP_HEIGHT,
  extrapolateState,
  GRAVITY,
  initialState,
  STATE_SIZE,
  stepWorld,
  trueState,
  VY,
  wrapAngle,
  X,
  Y,
} from './world.js';

const state = () => initialState(new Float64Array(STATE_SIZE));

describe('the world', () => {
  it('starts where the exact solution starts', () => {
    const exact = trueState(new Float64Array(STATE_SIZE), 0);
    const start = state();
    for (let i = 0; i < STATE_SIZE; i++) expect(start[i]).toBeCloseTo(exact[i]!, 15);
    expect(state()[Y]).toBe(DROP_HEIGHT);
  });

  it('bounces the ball only once it is below the floor: one landing exactly on it falls on', () => {
    const s = state();
    const dt = 1 / 60;
    const vy = -1 - GRAVITY * dt; // the speed the step will reach
    s[VY] = -1;
    s[Y] = -(vy * dt); // so that the step lands at exactly 0
    stepWorld(s, dt);
    expect(Object.is(s[Y], 0)).toBe(true);
    expect(s[VY]).toBe(vy);
  });

  it('moves the body and the spinner exactly, the ball close to the exact parabola', () => {
    const s = state();
    for (let i = 0; i < 60; i++) stepWorld(s, 1 / 60);
    const exact = trueState(new Float64Array(STATE_SIZE), 1);
    expect(s[X]).toBeCloseTo(BODY_SPEED, 12);
    expect(s[ANGLE]).toBeCloseTo(exact[ANGLE]!, 12);
    expect(s[Y]).toBeCloseTo(exact[Y]!, 1);
    expect(s[Y]).not.toBe(exact[Y]);
  });

  it('bounces the ball: it never goes below the floor and keeps bouncing', () => {
    const s = state();
    let lowest = Number.POSITIVE_INFINITY;
    let highestLate = 0;
    for (let i = 0; i < 60 * 20; i++) {
      stepWorld(s, 1 / 60);
      lowest = Math.min(lowest, s[Y]!);
      if (i > 60 * 18) highestLate = Math.max(highestLate, s[Y]!);
    }
    expect(lowest).toBeGreaterThanOrEqual(0);
    expect(highestLate).toBeGreaterThan(0.8 * DROP_HEIGHT);
  });

  it('gives different balls for different steps (why a variable step changes the game)', () => {
    const a = state();
    const b = state();
    for (let i = 0; i < 30; i++) stepWorld(a, 1 / 30);
    for (let i = 0; i < 144; i++) stepWorld(b, 1 / 144);
    expect(Math.abs(a[Y]! - b[Y]!)).toBeGreaterThan(1e-3);
    expect(a[X]).toBeCloseTo(b[X]!, 12);
  });

  it('repeats the exact ball every bounce period, at the top with no speed', () => {
    const top = trueState(new Float64Array(STATE_SIZE), 3 * BOUNCE_PERIOD);
    expect(top[Y]).toBeCloseTo(DROP_HEIGHT, 12);
    expect(top[VY]).toBeCloseTo(0, 12);
    const floor = trueState(new Float64Array(STATE_SIZE), BOUNCE_PERIOD / 2);
    expect(floor[Y]).toBeCloseTo(0, 12);
  });

  it('wraps angles into [-π, π)', () => {
    expect(wrapAngle(Math.PI)).toBeCloseTo(-Math.PI, 12);
    expect(wrapAngle(3 * Math.PI + 0.5)).toBeCloseTo(-Math.PI + 0.5, 12);
    expect(wrapAngle(-0.25)).toBe(-0.25);
    for (const a of [-100, -7, 0, 7, 100]) {
      expect(wrapAngle(a)).toBeGreaterThanOrEqual(-Math.PI);
      expect(wrapAngle(a)).toBeLessThan(Math.PI);
    }
  });

  it('extrapolates along the velocities by lag', () => {
    const s = state();
    stepWorld(s, 0.1);
    const ahead = extrapolateState(new Float64Array(STATE_SIZE), s, 0.05);
    expect(ahead[X]).toBeCloseTo(s[X]! + BODY_SPEED * 0.05, 12);
    expect(ahead[Y]).toBeCloseTo(s[Y]! + s[VY]! * 0.05, 12);
    expect(extrapolateState(new Float64Array(STATE_SIZE), s, 0)[Y]).toBe(s[Y]);
  });
});

describe('the world falls down', () => {
  it('the exact ball and its extrapolation speed downwards after the top', () => {
    const exact = trueState(new Float64Array(STATE_SIZE), 0.1);
    expect(exact[VY]).toBeCloseTo(-0.981, 12);
    expect(exact[Y]).toBeCloseTo(DROP_HEIGHT - 0.5 * 9.81 * 0.01, 12);
    const ahead = extrapolateState(new Float64Array(STATE_SIZE), state(), 0.1);
    expect(ahead[VY]).toBeCloseTo(-0.981, 12);
    expect(ahead[X]).toBeCloseTo(BODY_SPEED * 0.1, 12);
    expect(ahead[ANGLE]).toBeCloseTo(0.3, 12);
  });
});
