import { describe, expect, it } from 'vitest';
import { createLoop } from './loop.js';
import type { Scheduler } from './run/scheduler.js';

const manual = (options: Parameters<typeof createLoop>[0] = {}) =>
  createLoop({ scheduler: 'manual', ...options });

describe('start, stop and resume', () => {
  it('processes frames only while running', () => {
    const loop = manual();
    expect(loop.frame(0)).toBe(false);
    loop.start();
    expect(loop.frame(0)).toBe(true);
    loop.stop();
    expect(loop.frame(100)).toBe(false);
    expect(loop.tick).toBe(0);
  });

  it('advances nothing on the first frame after a resume, however long the pause', () => {
    const loop = manual().start();
    for (let t = 0; t <= 1000; t += 1000 / 60) loop.frame(t);
    const ticks = loop.tick;
    const alpha = loop.alpha;
    loop.stop().start();
    loop.frame(60_000);
    expect(loop.tick).toBe(ticks);
    expect(loop.alpha).toBe(alpha);
    loop.frame(60_000 + 1000 / 60);
    expect(loop.tick).toBe(ticks + 1);
  });

  /** A scheduler that logs its calls and fires only when the test calls `fire`. */
  function recording(log: string[]) {
    let pending: ((t: number) => void) | undefined;
    const scheduler: Scheduler = {
      request: (cb) => {
        log.push('request');
        pending = cb;
      },
      cancel: () => log.push('cancel'),
    };
    return { scheduler, fire: (t: number) => pending?.(t) };
  }

  it('asks its scheduler for frames and cancels on stop', () => {
    const log: string[] = [];
    const { scheduler, fire } = recording(log);
    const loop = createLoop({ scheduler, pauseWhenHidden: false }).start();
    fire(0);
    fire(20);
    expect(loop.tick).toBe(1);
    loop.stop();
    expect(log).toEqual(['request', 'request', 'request', 'cancel']);
  });

  it('runs no hook for a scheduler callback that comes after stop, and cancels again', () => {
    const log: string[] = [];
    const { scheduler, fire } = recording(log);
    const loop = createLoop({
      scheduler,
      pauseWhenHidden: false,
      render: () => log.push('render'),
    }).start();
    fire(0);
    loop.stop();
    fire(16); // a late callback: the scheduler did not honour cancel()
    expect(log).toEqual(['request', 'request', 'render', 'cancel', 'request', 'cancel']);
    expect(loop.stats.rendered).toBe(1);
  });
});

describe('errors in hooks', () => {
  it('stops the loop and hands the error to onError once', () => {
    const errors: unknown[] = [];
    const boom = new Error('boom');
    const loop = manual({
      update: () => {
        throw boom;
      },
      onError: (e) => errors.push(e),
    }).start();
    loop.frame(0);
    expect(loop.frame(100)).toBe(false);
    expect(loop.running).toBe(false);
    loop.frame(200);
    expect(errors).toEqual([boom]);
  });

  it('throws once to the caller without onError, then stays stopped', () => {
    const loop = manual({
      render: () => {
        throw new TypeError('bad draw');
      },
    }).start();
    expect(() => loop.frame(0)).toThrow('bad draw');
    expect(() => loop.frame(16)).not.toThrow();
    expect(loop.running).toBe(false);
  });
});

describe('hooks and stats', () => {
  it('calls begin, update, render, end in order with the loop state', () => {
    const calls: string[] = [];
    const loop = manual({
      timestep: 10,
      begin: (now) => calls.push(`begin ${now}`),
      update: (dt, s) => calls.push(`update ${dt} tick ${s.tick}`),
      render: (alpha, s) => calls.push(`render ${alpha} time ${s.time}`),
      end: (s) => calls.push(`end ${s.now}`),
    }).start();
    loop.frame(0);
    loop.frame(15);
    expect(calls).toEqual([
      'begin 0',
      'render 0 time 0',
      'end 0',
      'begin 15',
      'update 0.01 tick 0',
      'render 0.5 time 0.01',
      'end 15',
    ]);
  });

  it('keeps frame statistics', () => {
    const loop = manual({ timestep: 10, maxSteps: 4, maxFps: 50 }).start();
    for (let i = 0; i <= 120; i++) loop.frame((i * 1000) / 60);
    const s = loop.stats;
    // a cap of 50 on a 60 Hz display renders 5 frames of every 6
    expect(s.rendered).toBe(101);
    expect(s.skipped).toBe(20);
    expect(s.fps).toBeCloseTo(50, 0);
    expect(s.dropped).toBe(0);
    loop.frame(3000);
    expect(s.frameTime).toBeCloseTo(1000, 6);
    expect(s.updates).toBe(4);
    // 750 ms cut by maxDelta, then whole steps beyond maxSteps
    expect(s.droppedLast).toBeGreaterThanOrEqual(960 - 1e-6);
    expect(s.droppedLast).toBeLessThanOrEqual(970 + 1e-6);
    expect(s.dropped).toBe(s.droppedLast);
  });
});
