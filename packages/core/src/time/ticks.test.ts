import { describe, expect, it } from 'vitest';
import { createLoop } from '../loop.js';
import { Clock } from './clock.js';
import { UNITS_PER_STEP } from './rule.js';

/** Runs `frames` frames of a display at `hz` and returns the updates a loop ran. */
function updatesAt(hz: number, seconds: number): number {
  let updates = 0;
  const loop = createLoop({ scheduler: 'manual', update: () => updates++ }).start();
  for (let i = 0; i <= hz * seconds; i++) loop.frame((i * 1000) / hz);
  return updates;
}

describe('integer time', () => {
  it('counts a 60 Hz step as exactly UNITS_PER_STEP units', () => {
    const clock = new Clock({ maxDelta: 20_000 });
    clock.advance(0);
    expect(clock.advance(1000 / 60)).toBe(UNITS_PER_STEP);
    expect(clock.advance(10_000)).toBe(599 * UNITS_PER_STEP);
    expect(clock.elapsed).toBe(600 * UNITS_PER_STEP);
  });

  it('measures real time in units of timestep / 2^20, rounded to the nearest', () => {
    // a step of 2^20 microseconds: one unit is one microsecond, and alpha counts them
    const loop = createLoop({ scheduler: 'manual', timestep: 1048.576, maxDelta: 2000 }).start();
    const units = [0, 0.001, 0.0014, 0.0016, 1048.575].map((t) => {
      loop.frame(t);
      return loop.alpha * 2 ** 20;
    });
    expect(units).toEqual([0, 1, 1, 2, 2 ** 20 - 1]);
  });

  it('uses whole milliseconds in timeslice mode and floors', () => {
    const clock = new Clock({ timestep: 16, timeslice: true });
    expect(clock.perStep).toBe(16);
    clock.advance(0);
    expect(clock.advance(33.9)).toBe(33);
  });

  it('runs exactly 600 updates in ten seconds of 60 Hz frames', () => {
    expect(updatesAt(60, 10)).toBe(600);
  });

  // "The Game Loop" (Gilles Bellot): `while (t < 10) t += spf` runs one extra step in ten seconds. In float64 the
  // same loop runs 301 steps at 30 Hz and 2401 at 240 Hz, and the float accumulator of
  // "Fix Your Timestep" fed rAF timestamps runs 599 at 60 Hz. The integer clock runs 10 × hz.
  it('reproduces the drift of The Game Loop (Bellot) with t += dt, and does not drift itself', () => {
    const floatSum = (hz: number) => {
      let t = 0;
      let n = 0;
      while (t < 10) {
        t += 1 / hz;
        n++;
      }
      return n;
    };
    const floatAccumulator = (hz: number) => {
      let acc = 0;
      let n = 0;
      let prev = 0;
      for (let f = 1; f <= 10 * hz; f++) {
        const now = (f * 1000) / hz;
        acc += (now - prev) / 1000;
        prev = now;
        while (acc >= 1 / hz) {
          acc -= 1 / hz;
          n++;
        }
      }
      return n;
    };
    expect(floatSum(30)).toBe(301);
    expect(floatSum(240)).toBe(2401);
    expect(floatAccumulator(60)).toBe(599);
    for (const hz of [30, 50, 60, 120, 144, 240]) {
      let updates = 0;
      const loop = createLoop({
        scheduler: 'manual',
        timestep: 1000 / hz,
        update: () => updates++,
      }).start();
      for (let f = 0; f <= 10 * hz; f++) loop.frame((f * 1000) / hz);
      expect(updates, `${hz} Hz`).toBe(10 * hz);
      expect(loop.time).toBe(10 * hz * (1 / hz));
    }
  });

  // "The Game Loop" (Gilles Bellot): a student walks at 3000/3600 m/s for ten seconds. With `t += dt` at 38 digits the
  // walk takes one step too many, 601 at 60 fps and 1201 at 120 fps: 8.3472 m and 8.3403 m
  // where 10 s × speed is 8.3333 m. One step at 60 Hz is 1.4 cm, so nine digits pin the count.
  it('walks the student of The Game Loop (Bellot) exactly 8.3333 m in ten seconds at every rate', () => {
    const speed = 3000 / 3600;
    for (const hz of [30, 60, 120, 144, 240]) {
      let distance = 0;
      const loop = createLoop({
        scheduler: 'manual',
        update: (dt) => {
          distance += speed * dt;
        },
      }).start();
      for (let f = 0; f <= 10 * hz; f++) loop.frame((f * 1000) / hz);
      expect(distance, `${hz} fps`).toBeCloseTo(25 / 3, 9);
    }
  });

  it('keeps exact counts over an hour of 144 Hz frames at a 60 Hz timestep', () => {
    expect(updatesAt(144, 3600)).toBe(216_000);
  });
});
