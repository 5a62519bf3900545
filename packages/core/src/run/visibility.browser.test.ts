import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoop, type Loop } from '../loop.js';
import { animationFrames, setPageHidden } from '../test-support/browser.js';
import type { FrameCallback, Scheduler } from './scheduler.js';

const loops: Loop[] = [];
afterEach(() => {
  for (const loop of loops.splice(0)) loop.stop();
  vi.restoreAllMocks();
});

/** A loop on requestAnimationFrame whose hooks log what each rendered frame did. */
function loggedLoop(options: { pauseWhenHidden?: boolean } = {}) {
  const log = { hooks: 0, frames: [] as { now: number; updates: number }[] };
  const loop = createLoop({
    ...options,
    begin: () => log.hooks++,
    update: () => log.hooks++,
    render: () => {
      log.hooks++;
      log.frames.push({ now: loop.now, updates: loop.stats.updates });
    },
    end: () => log.hooks++,
  });
  loops.push(loop);
  return { loop, log };
}

/**
 * Checks the frames rendered since the page showed: the first one advances nothing (the loop
 * resynchronized), and the steps since cover no more than the time between them, plus the
 * leftover of less than a step the loop had when the page hid.
 */
function expectNoCatchUp(loop: Loop, frames: { now: number; updates: number }[], ticks: number) {
  expect(frames[0]!.updates).toBe(0);
  const visible = frames.at(-1)!.now - frames[0]!.now;
  const { timestep } = loop.options;
  expect((loop.tick - ticks) * timestep).toBeLessThan(visible + timestep);
}

describe('pause when hidden, on requestAnimationFrame', () => {
  it('requests no frame and runs no hook while hidden, then resumes without a burst', async () => {
    const request = vi.spyOn(window, 'requestAnimationFrame');
    const { loop, log } = loggedLoop();
    loop.start();
    await animationFrames(3);
    expect(log.frames).toHaveLength(3);
    setPageHidden(true);
    expect(loop.running).toBe(true); // suspended, not stopped
    const hooks = log.hooks;
    const requests = request.mock.calls.length;
    await animationFrames(10); // ten frames' time, which a resumed loop must not simulate
    expect(log.hooks).toBe(hooks);
    expect(request).toHaveBeenCalledTimes(requests);

    setPageHidden(false);
    expect(request).toHaveBeenCalledTimes(requests + 1);
    const ticks = loop.tick;
    await animationFrames(6);
    const shown = log.frames.slice(3);
    expect(shown).toHaveLength(6);
    expectNoCatchUp(loop, shown, ticks);
  });

  it('started on a hidden page, requests no frame and runs no hook until it shows', async () => {
    setPageHidden(true);
    const request = vi.spyOn(window, 'requestAnimationFrame');
    const { loop, log } = loggedLoop();
    loop.start();
    expect(loop.running).toBe(true);
    await animationFrames(10);
    expect(log.hooks).toBe(0);
    expect(request).not.toHaveBeenCalled();

    setPageHidden(false);
    expect(request).toHaveBeenCalledTimes(1);
    await animationFrames(6);
    expect(log.frames).toHaveLength(6);
    expectNoCatchUp(loop, log.frames, 0);
  });

  it('can be told not to pause', async () => {
    const { loop, log } = loggedLoop({ pauseWhenHidden: false });
    setPageHidden(true);
    loop.start();
    await animationFrames(3);
    setPageHidden(false);
    setPageHidden(true);
    await animationFrames(3);
    expect(log.frames).toHaveLength(6);
  });
});

/** A scheduler the test drives: the pending callback runs when the test fires it, at its time. */
function drivenScheduler() {
  let pending: FrameCallback | undefined;
  const scheduler: Scheduler = {
    request: (callback) => {
      pending = callback;
    },
    cancel: () => {
      pending = undefined;
    },
  };
  return {
    scheduler,
    pending: () => pending !== undefined,
    fire(now: number) {
      const callback = pending;
      pending = undefined;
      if (!callback) throw new Error(`no frame requested at ${now}`);
      callback(now);
    },
  };
}

describe('pause when hidden, time driven by the test', () => {
  it('owes nothing for 5 s hidden: the frame that shows advances nothing, the next one step', () => {
    const d = drivenScheduler();
    const loop = createLoop({ scheduler: d.scheduler, timestep: 10 }).start();
    loops.push(loop);
    d.fire(0);
    d.fire(30);
    expect(loop.tick).toBe(3);
    setPageHidden(true);
    expect(d.pending()).toBe(false);
    setPageHidden(true); // a repeated event changes nothing
    setPageHidden(false);
    expect(d.pending()).toBe(true);
    d.fire(5030);
    expect([loop.tick, loop.stats.dropped]).toEqual([3, 0]);
    d.fire(5040);
    expect(loop.tick).toBe(4);
  });

  it('a visibility event that changes nothing resynchronizes nothing', () => {
    const d = drivenScheduler();
    const loop = createLoop({ scheduler: d.scheduler, timestep: 10 }).start();
    loops.push(loop);
    d.fire(0);
    d.fire(20);
    setPageHidden(false); // already visible
    expect(d.pending()).toBe(true);
    d.fire(30);
    expect(loop.tick).toBe(3); // no baseline frame: the 10 ms were owed
  });

  it('a loop stopped while hidden stays stopped when the page shows', () => {
    const d = drivenScheduler();
    const loop = createLoop({ scheduler: d.scheduler }).start();
    loops.push(loop);
    d.fire(0);
    setPageHidden(true);
    loop.stop();
    setPageHidden(false);
    expect(d.pending()).toBe(false);
    expect(loop.running).toBe(false);
    loop.start(); // and a start on a visible page runs again
    expect(d.pending()).toBe(true);
  });
});
