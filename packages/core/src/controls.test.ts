import { describe, expect, it } from 'vitest';
import { createBasicLoop } from './basic-loop.js';
import { createLoop, type Loop } from './loop.js';
import type { LoopOptions } from './options.js';
import { display, feed } from './test-support/traces.js';

/** Controls are safe at any moment: between frames, inside hooks, written every frame. */

const manual = (options: LoopOptions = {}) => createLoop({ scheduler: 'manual', ...options });

/** Renders per second of a loop capped at `cap` on a `hz` display, `write` run before each frame. */
function rendersPerSecond(cap: number, hz: number, write: (loop: Loop) => void): number {
  let renders = 0;
  const loop = manual({ maxFps: cap, render: () => renders++ }).start();
  for (const t of display(hz, 10)) {
    write(loop);
    loop.frame(t);
  }
  return renders / 10;
}

describe('setters given the value in force change nothing', () => {
  it('keeps a 30 fps cap on 144 Hz when maxFps = 30 is written every frame', () => {
    expect(rendersPerSecond(30, 144, () => {})).toBeCloseTo(30, 0);
    expect(
      rendersPerSecond(30, 144, (loop) => {
        loop.maxFps = 30;
      }),
    ).toBeCloseTo(30, 0);
  });

  it('changes nothing when they are written inside every hook, every frame', () => {
    const hooks = (write: () => void) => ({
      begin: write,
      update: write,
      render: write,
      end: write,
    });
    const scaled: Loop = manual({
      timeScale: 1 / 3,
      ...hooks(() => {
        scaled.timeScale = 1 / 3;
      }),
    }).start();
    expect(feed(scaled, display(60, 100)).tick).toBe(2000);
    const capped: Loop = manual({
      maxFps: 30,
      ...hooks(() => {
        capped.maxFps = 30;
      }),
    }).start();
    expect(feed(capped, display(144, 10)).stats.rendered).toBe(301);
  });

  it('keeps the cadence when the cap changes: 30 → 29 renders no two frames 7 ms apart', () => {
    const stamps: number[] = [];
    const loop = manual({ maxFps: 30, render: (_a, s) => stamps.push(s.now) }).start();
    let changedAt = Number.NaN;
    for (const t of display(144, 2)) {
      // change the cap right after a rendered frame: the worst moment for a cadence restart
      if (loop.frame(t) && t >= 1000 && Number.isNaN(changedAt)) {
        changedAt = t;
        loop.maxFps = 29;
      }
    }
    const gaps = stamps.slice(1).map((t, i) => t - stamps[i]!);
    // the shortest allowed gap: one interval less one vsync (a frame may come half a vsync early)
    for (const gap of gaps) expect(gap).toBeGreaterThan(1000 / 30 - 1000 / 144);
    const next = stamps.find((t) => t > changedAt)!;
    expect(next - changedAt).toBeGreaterThan(1000 / 29 - 1000 / 144);
    expect(stamps.filter((t) => t > changedAt).length).toBeLessThanOrEqual(30);
  });

  it('starts a cap in step with the last rendered frame, not with a burst', () => {
    const stamps: number[] = [];
    const loop = manual({ render: (_a, s) => stamps.push(s.now) }).start();
    feed(loop, display(144, 1));
    loop.maxFps = 30;
    feed(loop, display(144, 1, { start: 1000 + 1000 / 144 }));
    const after = stamps.filter((t) => t > 1000);
    expect(after[0]! - 1000).toBeGreaterThan(1000 / 30 - 1000 / 144);
    expect(after.length).toBeLessThanOrEqual(31);
  });
});

describe('a re-entrant frame() is refused and changes nothing', () => {
  for (const hook of ['begin', 'update', 'render', 'end'] as const) {
    it(`throws from frame() called inside ${hook}, leaving the state as it was`, () => {
      let inner: unknown;
      let seen: number[] = [];
      const loop: Loop = manual({
        timestep: 10,
        [hook]: () => {
          seen = [loop.tick, loop.alpha, loop.stats.rendered, loop.now];
          try {
            loop.frame(1000);
          } catch (error) {
            inner = error;
          }
          expect([loop.tick, loop.alpha, loop.stats.rendered, loop.now]).toEqual(seen);
        },
      }).start();
      feed(loop, [0, 25]);
      expect(inner).toBeInstanceOf(Error);
      expect(String(inner)).toMatch(/frame\(\) .*inside/);
      expect(loop.tick).toBe(2);
      expect(loop.alpha).toBe(0.5);
    });
  }

  it('stops the loop and reports once when the hook lets the refusal through', () => {
    const errors: unknown[] = [];
    let updates = 0;
    const loop: Loop = manual({
      update: () => {
        updates++;
        loop.frame(1e6);
      },
      onError: (e) => errors.push(e),
    }).start();
    loop.frame(0);
    expect(loop.frame(20)).toBe(false);
    expect(updates).toBe(1);
    expect(errors.length).toBe(1);
    expect(loop.running).toBe(false);
  });

  it('refuses it in createBasicLoop too: render never sees a negative alpha', () => {
    const alphas: number[] = [];
    let inner: unknown;
    const loop = createBasicLoop({
      timestep: 10,
      update: () => {
        try {
          loop.frame(1000);
        } catch (error) {
          inner = error;
        }
      },
      render: (alpha) => alphas.push(alpha),
    });
    feed(loop, [0, 25]);
    expect(String(inner)).toMatch(/frame\(\) .*inside/);
    expect(alphas).toEqual([0, 0.5]);
    expect(loop.tick).toBe(2);
  });
});

describe('stop() takes effect at once', () => {
  for (const hook of ['begin', 'update', 'render'] as const) {
    it(`runs no hook of the frame after stop() inside ${hook}`, () => {
      const calls: string[] = [];
      const loop: Loop = manual({
        timestep: 10,
        begin: () => {
          calls.push('begin');
          if (hook === 'begin' && loop.now > 0) loop.stop();
        },
        update: () => {
          calls.push('update');
          if (hook === 'update') loop.stop();
        },
        render: () => {
          calls.push('render');
          if (hook === 'render' && loop.now > 0) loop.stop();
        },
        end: () => calls.push('end'),
      }).start();
      loop.frame(0);
      calls.length = 0;
      const rendered = loop.frame(35);
      const expected = {
        begin: ['begin'],
        update: ['begin', 'update'],
        render: ['begin', 'update', 'update', 'update', 'render'],
      }[hook];
      expect(calls).toEqual(expected);
      expect(rendered).toBe(hook === 'render');
      expect(loop.running).toBe(false);
    });
  }

  it('counts the update that called stop(), and resumes from it without a burst', () => {
    let stopAt = 1;
    let updates = 0;
    const loop: Loop = manual({
      timestep: 10,
      update: () => {
        updates++;
        if (updates === stopAt) loop.stop();
      },
    }).start();
    feed(loop, [0, 35]);
    expect([updates, loop.tick]).toEqual([1, 1]);
    stopAt = 0;
    loop.start();
    feed(loop, [5000]);
    expect(loop.tick).toBe(1);
    feed(loop, [5010]);
    // the two steps still owed from before the stop, then the new 10 ms
    expect(loop.tick).toBe(4);
  });

  it('ends the frame on stop() then start() inside update; the next frame is a baseline', () => {
    let updates = 0;
    const loop: Loop = manual({
      timestep: 10,
      update: () => {
        if (++updates === 1) loop.stop().start();
      },
    }).start();
    feed(loop, [0, 35]);
    expect(updates).toBe(1);
    expect(loop.running).toBe(true);
    feed(loop, [90]);
    expect(updates).toBe(1);
  });

  it('stops createBasicLoop at once too', () => {
    let updates = 0;
    let renders = 0;
    const loop = createBasicLoop({
      timestep: 10,
      update: () => {
        updates++;
        loop.stop();
      },
      render: () => renders++,
    });
    feed(loop, [0, 35]);
    expect([updates, renders]).toEqual([1, 1]);
  });
});
