import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoop, type Loop } from './loop.js';
import { stubRaf } from './test-support/fakes.js';
import { display, feed } from './test-support/traces.js';

/** Corners of createLoop that the main tests pass by: each one a behaviour a game relies on. */

const manual = (options: Parameters<typeof createLoop>[0] = {}) =>
  createLoop({ scheduler: 'manual', ...options });

describe('start() on a running loop changes nothing', () => {
  it('does not resynchronize: the next frame still owes the time since the last', () => {
    const loop = manual({ timestep: 10 }).start();
    feed(loop, [0, 10]);
    loop.start();
    feed(loop, [20]);
    expect(loop.tick).toBe(2);
  });
});

describe('onDrop', () => {
  it('reports only the clamp when maxSteps drops nothing', () => {
    const drops: [number, string][] = [];
    const loop = manual({ timestep: 10, maxDelta: 50, onDrop: (ms, why) => drops.push([ms, why]) });
    feed(loop.start(), [0, 1000]);
    expect(drops).toEqual([[950, 'maxDelta']]);
    expect(loop.tick).toBe(5);
  });

  it('scales what maxSteps drops back into real time by the time scale', () => {
    const drops: [number, string][] = [];
    const loop = manual({
      timestep: 10,
      maxSteps: 2,
      timeScale: 0.5,
      onDrop: (ms, why) => drops.push([ms, why]),
    });
    feed(loop.start(), [0, 100]);
    // 100 ms at half speed owes 5 steps; 3 of them dropped are 30 ms of game time, 60 ms of real time
    expect(drops).toEqual([[60, 'maxSteps']]);
    expect(loop.stats.dropped).toBe(60);
  });

  it('ends the frame when it calls stop(): no second report, no render', () => {
    const seen: string[] = [];
    const loop: Loop = manual({
      timestep: 10,
      maxSteps: 2,
      onDrop: (_ms, why) => {
        seen.push(why);
        loop.stop();
      },
      render: () => seen.push('render'),
    });
    loop.start().frame(0);
    seen.length = 0;
    expect(loop.frame(1000)).toBe(false);
    expect(seen).toEqual(['maxDelta']);
  });
});

describe('stop() inside an update of the other modes', () => {
  for (const mode of ['semi-fixed', 'variable', 'naive'] as const) {
    it(`ends a ${mode} frame at once: no render, frame() returns false`, () => {
      let renders = 0;
      let updates = 0;
      const loop: Loop = manual({
        mode,
        timestep: 10,
        update: () => {
          updates++;
          loop.stop();
        },
        render: () => renders++,
      });
      loop.start().frame(0);
      expect(loop.frame(35)).toBe(false);
      expect([updates, renders]).toEqual([1, 1]);
    });
  }
});

describe('which scheduler a loop gets', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('manual: nothing calls the loop but frame(now)', () => {
    vi.useFakeTimers();
    let renders = 0;
    const unstub = stubRaf();
    try {
      manual({ render: () => renders++ }).start();
      vi.advanceTimersByTime(1000);
      expect(renders).toBe(0);
    } finally {
      unstub();
    }
  });

  it('raf, and the default where requestAnimationFrame exists: requestAnimationFrame', () => {
    const unstub = stubRaf();
    const raf = vi.spyOn(globalThis, 'requestAnimationFrame');
    try {
      createLoop({ scheduler: 'raf' }).start();
      createLoop({ pauseWhenHidden: false }).start();
      expect(raf).toHaveBeenCalledTimes(2);
    } finally {
      unstub();
    }
  });

  it('timer: setTimeout at 60 Hz, even where requestAnimationFrame exists', () => {
    vi.useFakeTimers();
    const unstub = stubRaf();
    let renders = 0;
    try {
      const loop = createLoop({ scheduler: 'timer', render: () => renders++ }).start();
      vi.advanceTimersByTime(1000);
      loop.stop();
      expect(renders).toBe(60);
    } finally {
      unstub();
    }
  });
});

describe('a cap switched on and off between frames', () => {
  it('lets the first frame after start() render when a cap is set before it', () => {
    const loop = manual().start();
    loop.maxFps = 30;
    expect(loop.frame(0)).toBe(true);
  });

  it('keeps its cadence when switched off and on again after a skipped frame', () => {
    const loop = manual({ maxFps: 30 }).start();
    const stamps = display(144, 1);
    const rendered = stamps.slice(0, 3).map((t) => loop.frame(t));
    expect(rendered).toEqual([true, false, false]);
    loop.maxFps = Number.POSITIVE_INFINITY;
    loop.maxFps = 30;
    // 20.8 ms after the last frame is still too early for a 33.3 ms interval
    expect(loop.frame(stamps[3]!)).toBe(false);
    expect(loop.frame(stamps[4]!)).toBe(false);
    expect(loop.frame(stamps[5]!)).toBe(true);
  });
});
