import { describe, expect, it } from 'vitest';
import { createLoop } from '../loop.js';
import { display } from '../test-support/traces.js';
import { Pacer } from './pacer.js';

/** Feeds a pacer the time between consecutive timestamps; returns which callbacks rendered. */
function pace(pacer: Pacer, stamps: readonly number[]): boolean[] {
  return stamps.map((t, i) => pacer.ready(i === 0 ? 0 : t - stamps[i - 1]!));
}

/** Renders per second achieved by a cap on a display of `hz` with ±`ms` vsync jitter. */
function achievedFps(cap: number, hz: number, ms: number, seconds = 60): number {
  const rendered = pace(new Pacer(cap), display(hz, seconds, { jitter: ms, seed: hz }));
  return (rendered.filter(Boolean).length - 1) / seconds;
}

describe('Pacer (FPS cap)', () => {
  for (const hz of [60, 120, 144]) {
    it(`renders 30.0 fps capped at 30 on a ${hz} Hz display with ±0.5 ms jitter`, () => {
      expect(Math.abs(achievedFps(30, hz, 0.5) - 30)).toBeLessThanOrEqual(1 / 60);
    });
  }

  it('renders 60.0 capped at 60 on a 120 Hz and a 144 Hz display', () => {
    expect(Math.abs(achievedFps(60, 120, 0.5) - 60)).toBeLessThanOrEqual(1 / 60);
    expect(Math.abs(achievedFps(60, 144, 0.5) - 60)).toBeLessThanOrEqual(1 / 60);
  });

  it('comes out at most 0.05 % low, never high, for caps just under 120 and 144 Hz', () => {
    for (const hz of [120, 144]) {
      for (let cap = Math.ceil(hz * 0.95); cap < hz; cap++) {
        for (const jitter of [0, 0.3]) {
          const fps = achievedFps(cap, hz, jitter);
          expect(fps, `${cap} on ${hz} Hz ±${jitter} ms`).toBeLessThanOrEqual(cap);
          expect(fps, `${cap} on ${hz} Hz ±${jitter} ms`).toBeGreaterThanOrEqual(cap * 0.9995);
        }
      }
    }
    expect(achievedFps(119, 120, 0.5)).toBeGreaterThanOrEqual(119 * 0.9995);
  });

  it('renders every frame when the display is slower than the cap', () => {
    expect(achievedFps(60, 50, 0.5)).toBeCloseTo(50, 1);
  });

  it('renders everything without a cap', () => {
    expect(pace(new Pacer(Number.POSITIVE_INFINITY), display(144, 1)).every(Boolean)).toBe(true);
  });

  // A 62.5 Hz display (16 ms vsync) and a cap of 31.25 (32 ms): every number exact in binary.
  /** A pacer that has rendered every other 16 ms callback for a while, the last one rendered. */
  function settled(): Pacer {
    const pacer = new Pacer(31.25);
    pacer.ready(0);
    for (let i = 0; i < 20; i++) pacer.ready(16);
    return pacer;
  }

  it('accepts a frame up to half a vsync early, not more', () => {
    const early = (ms: number) => {
      const pacer = settled();
      expect(pacer.ready(16)).toBe(false);
      // the vsync estimate moves by a tenth of the odd gap: half of it is 8 - ms / 20
      return pacer.ready(16 - ms);
    };
    expect(early(7.5)).toBe(true);
    expect(early(7.7)).toBe(false);
  });

  it('after an early frame, allows the next to be early by a quarter vsync more', () => {
    const pacer = settled();
    pacer.ready(16);
    expect(pacer.ready(10)).toBe(true); // 6 ms early
    // due 32 ms after that frame's deadline, i.e. 38 ms after it: 11.5 ms early is allowed
    expect(pacer.ready(26.5)).toBe(true);
  });

  it('does not burst after a stall: one render, then the cap again', () => {
    const pacer = settled();
    const after = [pacer.ready(2000), ...Array.from({ length: 5 }, () => pacer.ready(16))];
    expect(after).toEqual([true, false, true, false, true, false]);
  });

  it('carries lateness to the next deadline, so a late frame does not cost the next', () => {
    const pacer = settled();
    expect(pacer.ready(16)).toBe(false);
    // due now, it comes 10 ms late; the next deadline stays 32 ms after the missed one
    expect(pacer.ready(26)).toBe(true);
    expect(pacer.ready(16)).toBe(true);
  });

  it('changes nothing when given the cap in force, written every callback', () => {
    const pacer = settled();
    expect(pacer.ready(16)).toBe(false);
    expect(pacer.ready(26)).toBe(true);
    pacer.setMaxFps(31.25);
    expect(pacer.ready(16)).toBe(true);
  });

  it('carries at most half an interval of lateness: a very late frame does not pull the next in', () => {
    const pacer = settled();
    expect(pacer.ready(16)).toBe(false);
    // due now, it comes 24 ms (three quarters of an interval) late: 16 ms of that carry over
    expect(pacer.ready(40)).toBe(true);
    // so the next is due 16 ms later, not 8: a callback 4 ms on is too early
    expect(pacer.ready(4)).toBe(false);
    expect(pacer.ready(12)).toBe(true);
  });

  it('learns the vsync from real gaps only: zero-length callbacks and stalls leave it alone', () => {
    // A frame 7.5 ms early is accepted only while the vsync estimate is about 16 ms.
    const earlyAfter = (gaps: number[]) => {
      const pacer = settled();
      for (const gap of gaps) pacer.ready(gap);
      // due 32 ms after the last frame: 16 - 7.5 = 8.5 ms past a skipped vsync
      return pacer.ready(16) === false && pacer.ready(8.5);
    };
    expect(earlyAfter([])).toBe(true);
    expect(earlyAfter(Array.from({ length: 40 }, () => 0))).toBe(true);
    // a stall of exactly 250 ms is a stall too (it renders, and the next is due 32 ms later)
    const stalled = settled();
    stalled.ready(16);
    expect(stalled.ready(250)).toBe(true);
    expect(stalled.ready(16)).toBe(false);
    // 7.5 ms early still passes: the 250 ms gap did not inflate the vsync estimate
    expect(stalled.ready(8.5)).toBe(true);
  });

  it('starts over after a stall of more than one interval, and carries half at exactly one', () => {
    const once = (late: number) => {
      const pacer = settled();
      pacer.ready(16); // due 16 ms from here
      pacer.ready(16 + late); // renders `late` ms after its deadline
      return pacer.ready(16);
    };
    // one interval (32 ms) late is not yet a stall: 16 ms of it carry, the next is due now
    expect(once(32)).toBe(true);
    // more than one interval late starts over: the next is due a whole interval later
    expect(once(32.5)).toBe(false);
  });

  it('lets the first callback after a cap starts on a fresh pacer render, counting from it', () => {
    const pacer = new Pacer(Number.POSITIVE_INFINITY);
    pacer.setMaxFps(31.25);
    expect(pacer.ready(10)).toBe(true); // 10 ms late for a deadline of "now": carried
    expect(pacer.ready(10)).toBe(false);
    expect(pacer.ready(12)).toBe(true); // 22 ms after it, due 32 - 10 = 22 ms after it
  });

  it('passes no time for a zero-length callback: a repeated or bad timestamp never renders', () => {
    const pacer = new Pacer(30);
    expect(pacer.ready(0)).toBe(true);
    for (let i = 0; i < 100; i++) expect(pacer.ready(0)).toBe(false);
    expect(pacer.ready(1000 / 30)).toBe(true);
  });

  it('renders the first callback after resync, and changes cadence without a burst', () => {
    const pacer = new Pacer(30);
    pace(pacer, display(60, 1));
    pacer.resync();
    expect(pacer.ready(0)).toBe(true);
    pacer.setMaxFps(60);
    expect(pacer.ready(1000 / 60)).toBe(true);
    pacer.setMaxFps(60);
    expect(pacer.ready(1000 / 60)).toBe(true);
    pacer.setMaxFps(20);
    expect(pacer.ready(1000 / 60)).toBe(false);
    expect(pacer.ready(1000 / 60)).toBe(false);
    expect(pacer.ready(1000 / 60)).toBe(true);
  });

  it('caps rendered frames in every mode; the fixed step keeps the game at full speed', () => {
    for (const mode of ['fixed', 'timeslice', 'semi-fixed', 'variable', 'naive'] as const) {
      let renders = 0;
      const loop = createLoop({
        scheduler: 'manual',
        mode,
        timestep: 16,
        maxFps: 30,
        render: () => renders++,
      }).start();
      for (const t of display(144, 10)) loop.frame(t);
      expect(renders, mode).toBe(301);
      if (mode === 'fixed') expect(loop.tick).toBe(625);
    }
  });

  it('does no work on a skipped frame: no hook runs and no step is taken', () => {
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
    expect(loop.tick).toBe(0);
    expect(loop.stats.skipped).toBe(1);
    expect(loop.frame(2000 / 60)).toBe(true);
    expect(loop.tick).toBe(2);
  });
});
