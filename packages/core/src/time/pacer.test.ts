import { describe, expect, it } from 'vitest';
import { createLoop } from '../loop.js';
import { Pacer } from './pacer.js';

/** A small deterministic PRNG for jitter, so a failure can be replayed. */
function jitter(seed: number) {
  let s = seed >>> 0;
  return (amplitude: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s / 2 ** 32 - 0.5) * 2 * amplitude;
  };
}

/** Renders per second achieved by a cap on a display of `hz` with ±`ms` vsync jitter. */
function achievedFps(cap: number, hz: number, ms: number, seconds = 60): number {
  const pacer = new Pacer(cap);
  const noise = jitter(hz);
  let rendered = 0;
  const frames = hz * seconds;
  for (let i = 0; i < frames; i++) if (pacer.ready((i * 1000) / hz + noise(ms))) rendered++;
  return rendered / seconds;
}

describe('Pacer (FPS cap)', () => {
  for (const hz of [60, 120, 144]) {
    it(`renders 30.0 fps capped at 30 on a ${hz} Hz display with ±0.5 ms jitter`, () => {
      expect(achievedFps(30, hz, 0.5)).toBeCloseTo(30, 1);
      expect(Math.abs(achievedFps(30, hz, 0.5) - 30)).toBeLessThanOrEqual(1 / 60);
    });
  }

  it('renders 60.0 capped at 60 on a 120 Hz and a 144 Hz display', () => {
    expect(achievedFps(60, 120, 0.5)).toBeCloseTo(60, 1);
    expect(achievedFps(60, 144, 0.5)).toBeCloseTo(60, 1);
  });

  it('renders every frame when the display is slower than the cap', () => {
    expect(achievedFps(60, 50, 0.5)).toBeCloseTo(50, 1);
  });

  it('does not burst after a stall: one render, then the cap again', () => {
    const pacer = new Pacer(30);
    for (let i = 0; i < 60; i++) pacer.ready((i * 1000) / 60);
    const after: boolean[] = [];
    for (let i = 0; i < 6; i++) after.push(pacer.ready(3000 + (i * 1000) / 60));
    expect(after.filter(Boolean).length).toBe(3);
    expect(after[0]).toBe(true);
  });

  it('renders everything without a cap', () => {
    expect(achievedFps(Number.POSITIVE_INFINITY, 144, 0.5, 1)).toBe(144);
  });

  it('does no work on a skipped frame: no hook runs and no time advances', () => {
    let calls = 0;
    const hook = () => calls++;
    const loop = createLoop({
      scheduler: 'manual',
      maxFps: 30,
      update: hook,
      render: hook,
      begin: hook,
      end: hook,
    }).start();
    expect(loop.frame(0)).toBe(true);
    calls = 0;
    expect(loop.frame(1000 / 60)).toBe(false);
    expect(calls).toBe(0);
    expect(loop.stats.skipped).toBe(1);
    expect(loop.frame(2000 / 60)).toBe(true);
    expect(loop.tick).toBe(2);
  });
});
