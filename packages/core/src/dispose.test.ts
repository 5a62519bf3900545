import { describe, expect, it } from 'vitest';
import { createBasicLoop } from './basic-loop.js';
import { createLoop } from './loop.js';
import type { Scheduler } from './run/scheduler.js';
import { Clock } from './time/clock.js';

/** A scheduler that counts what the loop asks of it. */
function counting() {
  const seen = { requests: 0, cancels: 0 };
  const scheduler: Scheduler = {
    request: () => {
      seen.requests++;
    },
    cancel: () => {
      seen.cancels++;
    },
  };
  return { seen, scheduler };
}

describe('loop.dispose()', () => {
  it('stops the loop, cancels its request, and refuses a later start()', () => {
    const { seen, scheduler } = counting();
    let updates = 0;
    const loop = createLoop({ scheduler, update: () => updates++ }).start();
    expect(seen.requests).toBe(1);
    loop.dispose();
    expect(loop.running).toBe(false);
    expect(seen.cancels).toBe(1);
    expect(() => loop.start()).toThrow(/after loop\.dispose\(\)/);
    expect(loop.running).toBe(false);
    expect(loop.frame(1000)).toBe(false);
    expect(updates).toBe(0);
    loop.dispose(); // again: nothing more to release, no error
  });

  it('called from a hook, ends that frame like stop(): no render', () => {
    let renders = 0;
    const loop = createLoop({
      scheduler: 'manual',
      timestep: 10,
      update: () => loop.dispose(),
      render: () => renders++,
    }).start();
    loop.frame(0);
    expect(loop.frame(20)).toBe(false);
    expect(renders).toBe(1);
    expect(loop.tick).toBe(1);
  });

  it('lets a scope stop the loop: the loop is a disposable', () => {
    const loop = createLoop({ scheduler: 'manual' }).start();
    const disposable: { dispose(): unknown } = loop;
    disposable.dispose();
    expect(loop.running).toBe(false);
  });

  it('ends createBasicLoop too, refusing a later start()', () => {
    let renders = 0;
    const loop = createBasicLoop({ update() {}, render: () => renders++ });
    expect(loop.frame(0)).toBe(true);
    loop.dispose();
    expect(() => loop.start()).toThrow(/after loop\.dispose\(\)/);
    expect(renders).toBe(1);
  });
});

describe('createBasicLoop has the shape of createLoop', () => {
  it('hands an error to onError after stopping, and frame() says it did not render', () => {
    const errors: unknown[] = [];
    const boom = new Error('boom');
    const loop = createBasicLoop({
      timestep: 10,
      update: () => {
        throw boom;
      },
      render() {},
      onError: (error) => errors.push(error),
    });
    loop.frame(0);
    expect(loop.frame(10)).toBe(false);
    expect(errors).toEqual([boom]);
  });
});

describe('Clock options', () => {
  it('checks each option when made, naming it and its value', () => {
    expect(() => new Clock({ timestep: 0 })).toThrow(/timestep.*got 0/);
    expect(() => new Clock({ maxDelta: -1 })).toThrow(/maxDelta.*got -1/);
    expect(() => new Clock({ maxSteps: 1.5 })).toThrow(/maxSteps.*got 1\.5/);
    expect(() => new Clock({ overflow: 'keep' as never })).toThrow(/overflow.*got "keep"/);
    expect(() => new Clock({ timeScale: -1 })).toThrow(/timeScale.*got -1/);
    expect(() => new Clock({ timestep: 16.5, timeslice: true })).toThrow(/whole number/);
    const clock = new Clock();
    expect(() => {
      clock.timeScale = Number.NaN;
    }).toThrow(/timeScale.*NaN/);
    expect(clock.timeScale).toBe(1);
  });

  it('applies the defaults: 60 steps a second, 250 ms clamp, 10 steps a frame, drop', () => {
    const clock = new Clock();
    expect(clock.dt).toBe(1 / 60);
    expect(clock.maxSteps).toBe(10);
    clock.advance(0);
    clock.advance(1000);
    let steps = 0;
    while (clock.due()) {
      clock.step();
      steps++;
    }
    // 1 s clamped to 250 ms: 15 steps owed, 10 run, 5 dropped
    expect(steps).toBe(10);
    expect(clock.tick).toBe(10);
    expect(clock.dropped).toBe(5 * clock.perStep);
    expect(clock.clamped).toBe(750 * clock.perMs);
  });
});

describe('what a restart keeps', () => {
  it('keeps the phase (alpha) of a fixed loop across stop() and start()', () => {
    const alphas: number[] = [];
    const loop = createLoop({ scheduler: 'manual', timestep: 10, render: (a) => alphas.push(a) });
    loop.start().frame(0);
    loop.frame(25);
    loop.stop().start().frame(1000);
    // 25 ms of 10 ms steps: alpha 0.5, and still 0.5 on the baseline after the restart
    expect(alphas).toEqual([0, 0.5, 0.5]);
  });

  it('sets all of a semi-fixed leftover aside on a restart, owing it a frame later', () => {
    const dts: number[] = [];
    const loop = createLoop({
      scheduler: 'manual',
      mode: 'semi-fixed',
      timestep: 10,
      maxSteps: 1,
      overflow: 'carry',
      update: (dt) => dts.push(Math.round(dt * 1e6)),
    });
    loop.start().frame(0);
    loop.frame(25); // one piece of 10 ms, 15 ms carried
    loop.stop().start().frame(1000); // a baseline: nothing runs, the 15 ms are set aside
    expect(dts).toEqual([10_000]);
    loop.frame(1000); // the set-aside time comes back, one piece a frame
    loop.frame(1000);
    expect(dts).toEqual([10_000, 10_000, 5_000]);
  });
});

describe('updates counted per frame', () => {
  it('counts one update for a naive frame, none for a repeated timestamp', () => {
    const loop = createLoop({ scheduler: 'manual', mode: 'naive', timestep: 10 }).start();
    loop.frame(0);
    loop.frame(3);
    expect(loop.stats.updates).toBe(1);
    loop.frame(3);
    expect(loop.stats.updates).toBe(0);
  });

  it('refuses an onError of createBasicLoop that is not a function, naming it', () => {
    expect(() => createBasicLoop({ update() {}, render() {}, onError: 5 as never })).toThrow(
      /onError must be a function, got 5/,
    );
  });
});
