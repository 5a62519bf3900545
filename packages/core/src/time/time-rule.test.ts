import { describe, expect, it } from 'vitest';
import { createBasicLoop } from '../basic-loop.js';
import { createLoop } from '../loop.js';
import type { LoopOptions, StepMode } from '../options.js';
import { display, feed } from '../test-support/traces.js';

/**
 * The rule for time (README, "Time"): a timestamp that is not finite, or not later than the
 * previous one, is a zero-length frame; a later one owes at most the time since the previous
 * timestamp and, when it is later than every earlier one, at most the time since the latest.
 */

const STEP = 1000 / 60;

/** A manual createLoop that counts its updates and renders. */
function counted(options: LoopOptions = {}) {
  const seen = { updates: 0, renders: 0 };
  const loop = createLoop({
    scheduler: 'manual',
    ...options,
    update: () => {
      seen.updates++;
    },
    render: () => {
      seen.renders++;
    },
  }).start();
  return { loop, seen };
}

/** 60 Hz timestamps where every other frame is followed by a stamp `back` ms in the past. */
function glitching(seconds: number, back: number): number[] {
  const out: number[] = [];
  for (const t of display(60, seconds)) {
    out.push(t);
    if (out.length % 4 === 1) out.push(t - back);
  }
  return out;
}

describe('a clock that steps back once adds no time', () => {
  it('runs 2 steps, not 3, for frames at 100, 116.67, 90, 133.33 ms', () => {
    const { loop } = counted();
    feed(loop, [100, 100 + STEP, 90, 100 + 2 * STEP]);
    expect(loop.tick).toBe(2);
    const basic = feed(createBasicLoop({ update() {}, render() {} }), [
      100,
      100 + STEP,
      90,
      133.34,
    ]);
    expect(basic.tick).toBe(2);
  });

  for (const back of [6.67, 26.67, 1000]) {
    it(`runs exactly 600 steps in 10 s when every other frame is echoed ${back} ms back`, () => {
      expect(feed(counted().loop, glitching(10, back)).tick).toBe(600);
      const basic = createBasicLoop({ update() {}, render() {} });
      expect(feed(basic, glitching(10, back)).tick).toBe(600);
    });
  }

  for (const mode of ['timeslice', 'semi-fixed', 'variable'] as StepMode[]) {
    it(`never simulates more than the real time in ${mode} mode`, () => {
      const { loop } = counted({ mode, timestep: 16 });
      feed(loop, glitching(10, 26.67));
      expect(loop.time).toBeLessThanOrEqual(10);
      expect(loop.time).toBeGreaterThan(9.9);
    });
  }

  it('runs one naive update per frame whose time advanced, none for the echoes', () => {
    const { loop } = counted({ mode: 'naive' });
    feed(loop, glitching(10, 26.67));
    expect(loop.tick).toBe(600);
  });
});

describe('a clock that really jumped back goes on from its new value at once', () => {
  /** One second at 60 Hz, then the clock set back 5 s, then two more seconds. */
  const jumped = [...display(60, 1, { start: 10_000 }), ...display(60, 2, { start: 6_000 })];

  it('keeps stepping right after the jump, without freezing or catching up', () => {
    const { loop } = counted();
    feed(loop, jumped);
    // 1 s before the jump + 2 s after; the frame at the jump is zero-length
    expect(loop.tick).toBe(180);
  });

  it('keeps rendering under an FPS cap: a render within one interval of the jump', () => {
    const { loop, seen } = counted({ maxFps: 30 });
    feed(loop, display(60, 1, { start: 10_000 }));
    const before = seen.renders;
    const ticks = loop.tick;
    // the jump back, then one cap interval (two frames) on the new timeline
    feed(loop, [6_000, 6_000 + STEP, 6_000 + 2 * STEP]);
    expect(seen.renders).toBe(before + 1);
    expect(loop.tick).toBe(ticks + 2);
    feed(loop, display(60, 2, { start: 6_000 + 3 * STEP }));
    expect(loop.stats.fps).toBeCloseTo(30, 6);
  });

  it('does not count the old timeline again when the clock passes it', () => {
    const { loop } = counted({ timestep: 10 });
    feed(loop, [1000, 1100, 500, 600, 1150]);
    // 100 ms, then 0 (back), 100 ms, then only the 50 ms past the latest stamp (1100)
    expect(loop.tick).toBe(25);
  });
});

describe('bad timestamps never reach the figures', () => {
  it('does not let NaN callbacks bypass the cap: 30 renders a second, not 60', () => {
    const { loop, seen } = counted({ maxFps: 30 });
    for (const t of display(60, 1)) {
      loop.frame(t);
      loop.frame(Number.NaN);
    }
    expect(seen.renders).toBeLessThanOrEqual(31);
    expect(seen.renders).toBeGreaterThanOrEqual(30);
  });

  it('keeps now at the last good timestamp and fps measured across a NaN frame', () => {
    const { loop } = counted();
    feed(loop, display(60, 1));
    loop.frame(Number.NaN);
    expect(loop.now).toBe(1000);
    expect(loop.stats.now).toBe(1000);
    expect(loop.stats.fps).toBeGreaterThan(50);
    loop.frame(Number.POSITIVE_INFINITY);
    expect(loop.now).toBe(1000);
    loop.frame(1000 + STEP);
    expect(loop.now).toBe(1000 + STEP);
    expect(loop.stats.fps).toBeGreaterThan(50);
  });

  it('shows a backwards or bad timestamp as a zero-length frame: frame time 0, fps finite', () => {
    const { loop } = counted();
    expect([loop.now, loop.stats.now, loop.stats.fps, loop.stats.frameTime]).toEqual([0, 0, 0, 0]);
    feed(loop, display(60, 1));
    // each one a frame of no time among the last 31 frame times: fps counts it, never 0 or NaN
    [500, Number.NaN, Number.NEGATIVE_INFINITY].forEach((t, k) => {
      loop.frame(t);
      expect(loop.stats.frameTime).toBe(0);
      expect(loop.stats.fps).toBeCloseTo((31 * 1000) / ((30 - k) * STEP), 6);
      expect([loop.now, loop.stats.now]).toEqual([500, 500]);
    });
  });

  it('hands begin the last good timestamp, never NaN', () => {
    const nows: number[] = [];
    const loop = createLoop({ scheduler: 'manual', begin: (now) => nows.push(now) }).start();
    feed(loop, [Number.NaN, 5, Number.NaN, Number.NEGATIVE_INFINITY, 7]);
    expect(nows).toEqual([0, 5, 5, 5, 7]);
  });
});

describe('time scale: the step count does not depend on the frame rate', () => {
  for (const scale of [1 / 3, 0.3, 0.7, 1.1]) {
    it(`runs the same steps in 100 s at ${scale.toFixed(3)} on 30–240 Hz displays`, () => {
      const counts = [30, 60, 75, 144, 240].map(
        (hz) => feed(counted({ timeScale: scale }).loop, display(hz, 100)).tick,
      );
      expect(new Set(counts).size).toBe(1);
      expect(counts[0]).toBe(Math.round(6000 * scale));
    });
  }

  it('runs more or fewer fixed steps per frame at a scale, each of the same dt', () => {
    for (const [scale, perFrame] of [
      [2, [2]],
      [0.5, [0, 1]],
    ] as const) {
      const dts = new Set<number>();
      const counts = new Set<number>();
      let updates = 0;
      const loop = createLoop({
        scheduler: 'manual',
        timeScale: scale,
        update: (dt) => {
          dts.add(dt);
          updates++;
        },
        render: (_alpha, state) => {
          if (state.now > 0) counts.add(updates);
          updates = 0;
        },
      }).start();
      feed(loop, display(60, 1));
      expect(loop.tick).toBe(60 * scale);
      expect([...counts].sort()).toEqual(perFrame);
      expect([...dts]).toEqual([1 / 60]);
    }
  });

  it('keeps the count when the same scale is written every frame', () => {
    const { loop } = counted({ timeScale: 1 / 3 });
    for (const t of display(60, 100)) {
      loop.timeScale = 1 / 3;
      loop.frame(t);
    }
    expect(loop.tick).toBe(2000);
  });
});
