import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLoop } from '../loop.js';
import type { OverflowPolicy } from '../options.js';

/**
 * Frame times as a browser might produce them, bad ones included: ordinary frames, zero,
 * NaN, infinities, huge gaps (a hidden tab) and clocks that go backwards.
 */
const frameTime = fc.oneof(
  { weight: 10, arbitrary: fc.double({ min: 0, max: 50, noNaN: true }) },
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.constant(Number.NaN) },
  { weight: 1, arbitrary: fc.constantFrom(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY) },
  { weight: 1, arbitrary: fc.double({ min: 250, max: 1e7, noNaN: true }) },
  { weight: 1, arbitrary: fc.double({ min: -1000, max: 0, noNaN: true }) },
);

const config = fc.record({
  timestep: fc.double({ min: 1, max: 100, noNaN: true }),
  maxSteps: fc.integer({ min: 1, max: 20 }),
  maxDelta: fc.double({ min: 1, max: 1000, noNaN: true }),
  overflow: fc.constantFrom<OverflowPolicy>('drop', 'carry'),
});

type ReplayConfig = {
  timestep: number;
  maxSteps: number;
  maxDelta: number;
  overflow: OverflowPolicy;
};

/** Replays a trace of frame times; bad values are passed through as the timestamp itself. */
function replay(cfg: ReplayConfig, trace: number[]) {
  const frames: { steps: number; alpha: number }[] = [];
  let steps = 0;
  let dropped = 0;
  const loop = createLoop({
    ...cfg,
    scheduler: 'manual',
    update: () => steps++,
    render: (alpha) => {
      frames.push({ steps, alpha });
      steps = 0;
    },
    onDrop: (ms) => {
      dropped += ms;
    },
  }).start();
  let now = 1000;
  let real = 0;
  let last = Number.NaN;
  for (const d of trace) {
    const t = Number.isFinite(d) ? now + d : d;
    if (Number.isFinite(d)) now += d;
    if (Number.isFinite(t)) {
      if (!Number.isNaN(last) && t > last) real += t - last;
      last = t;
    }
    loop.frame(t);
  }
  return { frames, loop, real, dropped };
}

describe('fixed step invariants over random frame-time traces', () => {
  it('alpha is always in [0, 1)', () => {
    fc.assert(
      fc.property(config, fc.array(frameTime, { maxLength: 200 }), (cfg, trace) => {
        for (const f of replay(cfg, trace).frames) {
          expect(f.alpha).toBeGreaterThanOrEqual(0);
          expect(f.alpha).toBeLessThan(1);
        }
      }),
    );
  });

  it('never runs more than maxSteps updates in one frame', () => {
    fc.assert(
      fc.property(config, fc.array(frameTime, { maxLength: 200 }), (cfg, trace) => {
        for (const f of replay(cfg, trace).frames)
          expect(f.steps).toBeLessThanOrEqual(cfg.maxSteps);
      }),
    );
  });

  it('simulated time never gets ahead of real time', () => {
    fc.assert(
      fc.property(config, fc.array(frameTime, { maxLength: 200 }), (cfg, trace) => {
        const { loop, real } = replay(cfg, trace);
        // one unit of rounding (about 16 ns of a step) is the only slack
        expect(loop.time * 1000).toBeLessThanOrEqual(real + cfg.timestep / 2 ** 20);
      }),
    );
  });

  it('ticks × dt equals simulated time exactly', () => {
    fc.assert(
      fc.property(config, fc.array(frameTime, { maxLength: 200 }), (cfg, trace) => {
        const { loop } = replay(cfg, trace);
        expect(loop.time).toBe(loop.tick * (cfg.timestep / 1000));
      }),
    );
  });

  it('accounts for all real time: simulated + leftover + dropped = real (with drop)', () => {
    fc.assert(
      fc.property(
        config.map((c) => ({ ...c, overflow: 'drop' as const })),
        fc.array(frameTime, { maxLength: 200 }),
        (cfg, trace) => {
          const { loop, real, dropped } = replay(cfg, trace);
          const accounted = loop.time * 1000 + loop.lag * 1000 + dropped;
          // absolute time is rounded once to units of timestep / 2^20, so that is the only slack
          expect(Math.abs(accounted - real)).toBeLessThanOrEqual(
            cfg.timestep / 2 ** 20 + 1e-9 * real,
          );
        },
      ),
    );
  });

  it('treats a bad timestamp exactly as a zero-length frame', () => {
    const bad = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
    fc.assert(
      fc.property(config, fc.array(frameTime, { maxLength: 50 }), bad, (cfg, trace, b) => {
        const good = [...trace, 0, 5];
        const a = replay(cfg, [...good, b, 7]).loop;
        const z = replay(cfg, [...good, 0, 7]).loop;
        expect([a.tick, a.alpha, a.lag]).toEqual([z.tick, z.alpha, z.lag]);
      }),
    );
  });
});
