import { describe, expect, it } from 'vitest';
import { createBasicLoop } from './basic-loop.js';
import { createLoop } from './loop.js';
import { stubRaf } from './test-support/fakes.js';

describe('createBasicLoop', () => {
  it('steps like createLoop: same frames, same ticks and alphas', () => {
    const stamps = [0, 7, 33, 34, 90, 400, 401.5, 1000, 1016.7];
    const basic: [number, number][] = [];
    const full: [number, number][] = [];
    let b = 0;
    let f = 0;
    const a = createBasicLoop({ update: () => b++, render: (alpha) => basic.push([b, alpha]) });
    const l = createLoop({
      scheduler: 'manual',
      update: () => f++,
      render: (alpha) => full.push([f, alpha]),
    }).start();
    for (const t of stamps) {
      a.frame(t);
      l.frame(t);
    }
    expect(basic).toEqual(full);
    expect(a.tick).toBe(l.tick);
  });

  it('reproduces Interpolated Physics Rendering (Petersen): a 33.33 ms step ticks once, at the third frame', () => {
    const ticks: number[] = [];
    const loop = createBasicLoop({
      timestep: 33.333333,
      update: () => {},
      render: () => ticks.push(loop.tick),
    });
    for (const t of [0, 10, 25, 43, 59]) loop.frame(t);
    expect(ticks).toEqual([0, 0, 0, 1, 1]);
  });

  it('checks its options when made', () => {
    const hooks = { update: () => {}, render: () => {} };
    expect(() => createBasicLoop({ ...hooks, timestep: 0 })).toThrow(/timestep.*0/);
    expect(() => createBasicLoop({ ...hooks, maxDelta: Number.NaN })).toThrow(/maxDelta.*NaN/);
    expect(() => createBasicLoop({ ...hooks, maxSteps: 0.5 })).toThrow(/maxSteps.*0\.5/);
    expect(() => createBasicLoop({ update: () => {} } as never)).toThrow(TypeError);
  });

  it('clamps frame time and caps steps per frame, keeping alpha in [0, 1)', () => {
    const steps: number[] = [];
    const alphas: number[] = [];
    let n = 0;
    const loop = createBasicLoop({
      timestep: 10,
      maxSteps: 4,
      update: () => n++,
      render: (alpha) => {
        steps.push(n);
        alphas.push(alpha);
        n = 0;
      },
    });
    for (const t of [0, 5000, 5005, Number.NaN, 5015]) loop.frame(t);
    expect(steps).toEqual([0, 4, 0, 0, 1]);
    for (const a of alphas) expect(a >= 0 && a < 1).toBe(true);
  });

  it('hands update dt = timestep in seconds', () => {
    const dts: number[] = [];
    const loop = createBasicLoop({ timestep: 20, update: (dt) => dts.push(dt), render: () => {} });
    for (const t of [0, 20, 40]) loop.frame(t);
    expect(dts).toEqual([0.02, 0.02]);
  });

  it('does not resynchronize when started again while running', () => {
    const unstub = stubRaf();
    try {
      const loop = createBasicLoop({ timestep: 10, update: () => {}, render: () => {} }).start();
      loop.frame(0);
      loop.frame(10);
      loop.start();
      loop.frame(20);
      expect(loop.tick).toBe(2);
    } finally {
      unstub();
    }
  });

  it('throws a hook error to the caller once', () => {
    const loop = createBasicLoop({
      update: () => {},
      render: () => {
        throw new Error('draw failed');
      },
    });
    expect(() => loop.frame(0)).toThrow('draw failed');
  });

  it('takes timestamps of exactly ±2^53 ms as good ones, as a baseline and after one', () => {
    const make = () =>
      createBasicLoop({ timestep: 10, update: () => {}, render: () => {}, maxDelta: 1e6 });
    const up = make();
    up.frame(2 ** 53 - 20);
    up.frame(2 ** 53); // 20 ms later: two steps
    expect(up.tick).toBe(2);
    const down = make();
    down.frame(-(2 ** 53)); // the baseline
    down.frame(-(2 ** 53) + 20);
    expect(down.tick).toBe(2);
  });
});
