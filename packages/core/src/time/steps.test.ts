import { describe, expect, it } from 'vitest';
import { createLoop } from '../loop.js';
import type { LoopOptions } from '../options.js';
import { display } from '../test-support/traces.js';

/** Feeds frame timestamps to a manual loop and records every update's dt and each render. */
function drive(options: LoopOptions, stamps: readonly number[]) {
  const dts: number[] = [];
  const frames: { updates: number; alpha: number; lag: number }[] = [];
  let updates = 0;
  const loop = createLoop({
    ...options,
    scheduler: 'manual',
    update: (dt, state) => {
      options.update?.(dt, state);
      dts.push(dt);
      updates++;
    },
    render: (alpha, state) => {
      frames.push({ updates, alpha, lag: state.lag });
      updates = 0;
    },
  }).start();
  for (const t of stamps) loop.frame(t);
  return { dts, frames, loop };
}

/** Timestamps from a list of frame deltas, starting at 0. */
function fromDeltas(deltas: readonly number[]): number[] {
  const out = [0];
  for (const d of deltas) out.push(out[out.length - 1]! + d);
  return out;
}

describe('fixed step (accumulator)', () => {
  // "Interpolated Physics Rendering" (Andrew Petersen): a 33.33 ms step fed 10, 15, 18, 16 ms
  // frames ticks once, at the third frame.
  it('ticks exactly once, at the third frame, for the deltas of Interpolated Physics Rendering', () => {
    const { frames } = drive({ timestep: 33.333333 }, fromDeltas([10, 15, 18, 16]));
    expect(frames.slice(1).map((f) => f.updates)).toEqual([0, 0, 1, 0]);
    // ~9.67 ms remain after the tick, then 25.67 ms.
    expect(frames[3]!.alpha).toBeCloseTo(9.666667 / 33.333333, 5);
    expect(frames[4]!.alpha).toBeCloseTo(25.666667 / 33.333333, 5);
  });

  // "Game Loops" (Luke Palmer): the ball (1 kg, +3 m/s, -1 N) stepped at 0.25 s is at 2.625 m after 1 s, at 3 m
  // with a 1 s step, against 2.5 m analytically.
  it('reproduces the integrator table of Game Loops (Palmer)', () => {
    for (const [timestep, expected] of [
      [250, 2.625],
      [1000, 3],
    ] as const) {
      const ball = { x: 0, v: 3 };
      const positions: number[] = [];
      drive(
        {
          timestep,
          maxDelta: 1000,
          update: (dt) => {
            ball.x += ball.v * dt;
            ball.v += -1 * dt;
            positions.push(ball.x);
          },
        },
        [0, 1000],
      );
      expect(ball.x).toBe(expected);
      if (timestep === 250) expect(positions).toEqual([0.75, 1.4375, 2.0625, 2.625]);
    }
  });

  it('hands update the same dt every step', () => {
    const { dts } = drive({ timestep: 10 }, fromDeltas([7, 13, 26, 4, 50]));
    expect(dts.length).toBe(10);
    expect(new Set(dts)).toEqual(new Set([0.01]));
  });

  it('gives render alpha = leftover / timestep and lag = leftover in seconds', () => {
    const { frames } = drive({ timestep: 10 }, [0, 25]);
    expect(frames[1]).toEqual({ updates: 2, alpha: 0.5, lag: 0.005 });
  });

  it('caps updates per frame at maxSteps and drops whole steps, keeping the phase', () => {
    const drops: [number, string][] = [];
    const { frames, loop } = drive(
      { timestep: 10, maxSteps: 3, maxDelta: 1000, onDrop: (ms, why) => drops.push([ms, why]) },
      [0, 55, 60],
    );
    expect(frames[1]).toMatchObject({ updates: 3, alpha: 0.5 });
    expect(drops).toEqual([[20, 'maxSteps']]);
    expect(frames[2]).toMatchObject({ updates: 1, alpha: 0 });
    expect(loop.stats.dropped).toBe(20);
  });

  it('carries owed steps over the next frames with overflow: carry, alpha below 1', () => {
    const { frames } = drive({ timestep: 10, maxSteps: 2, overflow: 'carry' }, [0, 55, 56, 57, 58]);
    expect(frames.slice(1).map((f) => f.updates)).toEqual([2, 2, 1, 0]);
    expect(frames[1]!.alpha).toBeLessThan(1);
    expect(frames[4]!.alpha).toBeCloseTo(0.8, 6);
  });

  it('clamps a long frame at maxDelta and reports the dropped time', () => {
    const drops: [number, string][] = [];
    const { frames } = drive(
      { timestep: 10, onDrop: (ms, why) => drops.push([ms, why]) },
      [0, 5000, 5010],
    );
    expect(frames[1]!.updates).toBe(10);
    expect(drops).toEqual([
      [4750, 'maxDelta'],
      [150, 'maxSteps'],
    ]);
  });

  it('keeps a background tab at 6 to 10 fps in real time, and a slower one from spiralling', () => {
    for (const [hz, ticks, most] of [
      [10, 600, 6],
      [6, 600, 10],
      [2, 200, 10],
    ] as const) {
      const { frames, loop } = drive({}, display(hz, 10));
      expect(loop.tick).toBe(ticks);
      expect(Math.max(...frames.map((f) => f.updates))).toBe(most);
    }
  });

  it('reports dropped time before render, so the frame that dropped can draw knowing it', () => {
    const seen: string[] = [];
    const loop = createLoop({
      scheduler: 'manual',
      timestep: 10,
      onDrop: (ms, why) => seen.push(`drop ${why} ${ms}`),
      render: () => seen.push(`render ${loop.stats.rendered}`),
    }).start();
    for (const t of [0, 10, 1010, 1020]) loop.frame(t);
    expect(seen).toEqual([
      'render 1',
      'render 2',
      'drop maxDelta 750',
      'drop maxSteps 150',
      'render 3',
      'render 4',
    ]);
    expect(loop.stats.dropped).toBe(900);
    expect(loop.stats.droppedLast).toBe(0);
  });

  it('gives droppedLast for the frame that dropped, and 0 after', () => {
    const loop = createLoop({ scheduler: 'manual', timestep: 10 }).start();
    loop.frame(0);
    loop.frame(1000);
    expect(loop.stats.droppedLast).toBe(900);
    loop.frame(1010);
    expect(loop.stats.droppedLast).toBe(0);
    expect(loop.stats.dropped).toBe(900);
  });
});

describe('timeslice (integer milliseconds)', () => {
  it('rejects a fractional timestep', () => {
    expect(() => createLoop({ mode: 'timeslice', timestep: 16.5 })).toThrow(/timestep.*16\.5/);
  });

  it('steps 16 ms slices on whole milliseconds', () => {
    const { dts, frames, loop } = drive(
      { mode: 'timeslice', timestep: 16 },
      [0.9, 16.2, 33.99, 49.5],
    );
    // floored: 0, 15, 33, 48 ms since the first frame
    expect(frames.map((f) => f.updates)).toEqual([0, 0, 2, 1]);
    expect(new Set(dts)).toEqual(new Set([0.016]));
    expect(loop.time).toBe(0.048);
    expect(frames[3]!.alpha).toBe(0);
  });
});

describe('semi-fixed step', () => {
  it('cuts a frame into pieces of at most the timestep', () => {
    const { dts, frames } = drive({ mode: 'semi-fixed', timestep: 10 }, [0, 25, 30]);
    expect(dts.map((d) => Math.round(d * 1e9) / 1e9)).toEqual([0.01, 0.01, 0.005, 0.005]);
    expect(frames.every((f) => f.alpha === 0)).toBe(true);
  });
});

describe('semi-fixed step: the guards', () => {
  it('stops at maxSteps pieces and drops the rest with overflow: drop, reporting it', () => {
    const drops: [number, string][] = [];
    const { dts, frames, loop } = drive(
      { mode: 'semi-fixed', timestep: 10, maxSteps: 2, onDrop: (ms, why) => drops.push([ms, why]) },
      [0, 45, 50],
    );
    expect(frames.map((f) => f.updates)).toEqual([0, 2, 1]);
    expect(drops.map(([ms, why]) => [Math.round(ms * 1e6) / 1e6, why])).toEqual([[25, 'maxSteps']]);
    expect(dts.map((d) => Math.round(d * 1e9) / 1e9)).toEqual([0.01, 0.01, 0.005]);
    // tick counts whole timesteps of simulated time (25 ms: 2 of 10 ms); the three updates
    // show in the updates per frame above.
    expect(loop.tick).toBe(2);
    expect(loop.time).toBeCloseTo(0.025, 9);
  });

  it('keeps the rest owed with overflow: carry, and catches up', () => {
    const { frames, loop } = drive(
      { mode: 'semi-fixed', timestep: 10, maxSteps: 2, overflow: 'carry' },
      [0, 45, 45, 45],
    );
    expect(frames.map((f) => f.updates)).toEqual([0, 2, 2, 1]);
    expect(loop.time).toBeCloseTo(0.045, 9);
    expect(loop.stats.dropped).toBe(0);
  });

  it('clamps a long frame at maxDelta before cutting it', () => {
    const { dts } = drive({ mode: 'semi-fixed', timestep: 10, maxDelta: 25 }, [0, 1000]);
    expect(dts.map((d) => Math.round(d * 1e9) / 1e9)).toEqual([0.01, 0.01, 0.005]);
  });
});

describe('variable step', () => {
  it('updates once per frame with the clamped frame time', () => {
    const { dts } = drive({ mode: 'variable', maxDelta: 100 }, [0, 16, 50, 450]);
    // Frame times pass through integer units of ~16 ns: equal to well under a microsecond.
    expect(dts.map((d) => Math.round(d * 1e6) / 1e6)).toEqual([0.016, 0.034, 0.1]);
  });
});

describe('naive fixed step', () => {
  it('runs one update of dt per frame whatever the frame time', () => {
    const { dts, loop } = drive({ mode: 'naive', timestep: 10 }, [0, 1, 100, 101]);
    expect(dts).toEqual([0.01, 0.01, 0.01]);
    // simulated time is what it stepped, not the real 101 ms
    expect(loop.time).toBe(0.03);
    expect(loop.tick).toBe(3);
  });

  it('with maxFps becomes the synchronized constant-FPS loop', () => {
    const stamps = Array.from({ length: 121 }, (_, i) => (i * 1000) / 120);
    const { dts, frames } = drive({ mode: 'naive', maxFps: 30, timestep: 1000 / 30 }, stamps);
    expect(frames.length).toBe(31);
    expect(dts.length).toBe(30);
  });
});

describe('time scale', () => {
  it('runs half as many fixed steps in slow motion and twice as many in fast forward', () => {
    const stamps = Array.from({ length: 61 }, (_, i) => (i * 1000) / 60);
    expect(drive({ timeScale: 0.5 }, stamps).dts.length).toBe(30);
    expect(drive({ timeScale: 2 }, stamps).dts.length).toBe(120);
  });

  it('pauses the simulation at 0 while render goes on, and never hangs', () => {
    const stamps = Array.from({ length: 61 }, (_, i) => (i * 1000) / 60);
    const { dts, frames } = drive({ timeScale: 0 }, stamps);
    expect(dts.length).toBe(0);
    expect(frames.length).toBe(61);
  });
});
