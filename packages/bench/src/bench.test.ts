import { describe, expect, it } from 'vitest';
import { measureAllocation } from './allocation.js';
import {
  blendCore,
  blendGl,
  blendThree,
  makeBlendData,
  maxDifference,
  TOLERANCE,
} from './blending.js';
import { CAPPED, measureCap, scoreCap } from './cap.js';
import { FakeRaf, withFake } from './fake-clock.js';
import { MOVERS, measureMotion } from './motion.js';
import { measureOverhead } from './overhead.js';
import { MATRIX_TOLERANCE, makeRenderPaths, measureTemplates } from './templates.js';
import { capTraces, display, motionTraces } from './traces.js';

// Every measurement on a tiny size: the correctness parts are asserted, speed never is.

describe('traces and the fake clock', () => {
  it('are deterministic: the same trace twice, strictly increasing timestamps', () => {
    const a = motionTraces(0.05);
    const b = motionTraces(0.05);
    expect(a.map((t) => t.name)).toEqual(b.map((t) => t.name));
    a.forEach((trace, i) => {
      expect(Array.from(trace.stamps)).toEqual(Array.from(b[i]!.stamps));
      for (let k = 1; k < trace.stamps.length; k++) {
        expect(trace.stamps[k]!).toBeGreaterThan(trace.stamps[k - 1]!);
      }
    });
    expect(Array.from(capTraces(1)[0]!.stamps)).toEqual(Array.from(capTraces(1)[0]!.stamps));
  });

  it('keeps jitter within its bound around the vsync grid', () => {
    const stamps = display(60, 2, 2, 11);
    for (let i = 0; i < stamps.length; i++) {
      expect(Math.abs(stamps[i]! - (1000 + (i * 1000) / 60))).toBeLessThanOrEqual(2);
    }
  });

  it('fires pending callbacks once per frame with the timestamp, and restores the globals', () => {
    const raf = new FakeRaf();
    const seen: number[] = [];
    withFake(raf, () => {
      const tick = (t: number) => {
        seen.push(t, performance.now());
        if (seen.length < 6) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      cancelAnimationFrame(requestAnimationFrame(() => seen.push(-1)));
      raf.play([10, 20, 30, 40]);
    });
    expect(seen).toEqual([10, 10, 20, 20, 30, 30]);
    expect(typeof (globalThis as { requestAnimationFrame?: unknown }).requestAnimationFrame).toBe(
      'undefined',
    );
    expect(performance.now()).toBeGreaterThan(0);
  });
});

describe('displayed motion', () => {
  const rows = measureMotion(motionTraces(0.05));
  const column = (name: string) => MOVERS.findIndex((m) => m.name === name);

  it('is exact for @loop/core with interpolation on every trace', () => {
    const i = column('@loop/core interpolated');
    for (const row of rows) expect(row.results[i]!.max).toBeLessThan(1e-4);
  });

  it('stutters without interpolation on a 144 Hz display', () => {
    const i = column('@loop/core (alpha ignored)');
    expect(rows.find((r) => r.trace === '144 Hz')!.results[i]!.rms).toBeGreaterThan(1);
  });

  it('reports the hidden-tab gap as dropped time, beyond what maxDelta lets through', () => {
    const gap = rows.find((r) => r.trace.startsWith('hidden tab'))!;
    // 5000 ms gap - 250 ms maxDelta, then maxSteps 10 drops 5 of the 15 steps owed.
    expect(gap.results[column('@loop/core interpolated')]!.dropped).toBeCloseTo(
      4750 + 5000 / 60,
      6,
    );
  });
});

describe('FPS cap', () => {
  it('@loop/core achieves 30.0 fps capped at 30 on a 60 Hz display with jitter', () => {
    const stamps = capTraces(10)[0]!.stamps;
    expect(Math.abs(scoreCap(CAPPED[0]!.start, 30, stamps).fps - 30)).toBeLessThan(0.01);
  });

  it('measures both loops on every display', () => {
    for (const row of measureCap(30, capTraces(2))) {
      for (const r of row.results) expect(r.fps).toBeGreaterThan(20);
    }
  });
});

describe('blending', () => {
  it('matches three.js and gl-matrix within 1e-6 at many alphas, ends included', () => {
    const d = makeBlendData(2000);
    for (const t of [0, 1e-9, 0.25, 0.5, 0.618, 0.999, 1]) {
      blendCore(d, t);
      blendThree(d, t);
      blendGl(d, t);
      const diff = maxDifference(d);
      expect(diff.three).toBeLessThanOrEqual(TOLERANCE);
      expect(diff.gl).toBeLessThanOrEqual(TOLERANCE);
    }
  });

  it('agrees component for component, sign included, for alpha inside (0, 1)', () => {
    const d = makeBlendData(2000);
    for (const t of [1e-9, 0.3, 0.999999]) {
      blendCore(d, t);
      blendThree(d, t);
      for (let i = 0; i < d.n; i++) {
        const q = d.three.qOut[i]!;
        const ours = d.flat.qOut.subarray(i * 4, i * 4 + 4);
        expect(Math.abs(ours[0]! - q.x) + Math.abs(ours[3]! - q.w)).toBeLessThan(4 * TOLERANCE);
      }
    }
  });

  it('notices a wrong result', () => {
    const d = makeBlendData(10);
    blendCore(d, 0.5);
    blendThree(d, 0.5);
    blendGl(d, 0.5);
    d.flat.qOut[5]! += 1e-5;
    expect(maxDifference(d).three).toBeGreaterThan(TOLERANCE);
  });
});

describe('overhead and allocation runs', () => {
  it('run every loop and give finite figures, one update per 60 Hz frame', () => {
    const rows = measureOverhead({ frames: 4000, rounds: 2, warmup: 2000 });
    expect(rows.map((r) => r.name)).toHaveLength(5);
    for (const r of rows) {
      expect(Number.isFinite(r.nsPerFrame)).toBe(true);
      expect(r.updatesPerFrame).toBeCloseTo(1, 2);
    }
    for (const r of measureAllocation({ frames: 2000, warmup: 2000 })) {
      expect(Number.isFinite(r.allocatedPerFrame)).toBe(true);
    }
  });
});

describe('template frame paths', () => {
  it('draw the same matrices instanced as with a Mesh per body, and notice a wrong one', () => {
    const paths = makeRenderPaths(10);
    for (const alpha of [0, 0.5, 1]) {
      paths.meshes.frame(alpha);
      paths.instanced.frame(alpha);
      expect(paths.maxDifference()).toBeLessThanOrEqual(MATRIX_TOLERANCE);
    }
    paths.instanced.frame(0.25); // the Mesh path still shows alpha 1
    expect(paths.maxDifference()).toBeGreaterThan(MATRIX_TOLERANCE);
  });

  it('give finite figures for every row', () => {
    const t = measureTemplates({ n: 40, frames: 5, rounds: 1, allocMs: 5 });
    expect(t.render.map((r) => r.name)).toHaveLength(3);
    expect(t.maxDifference).toBeLessThanOrEqual(MATRIX_TOLERANCE);
    for (const r of [...t.render, ...t.normalize.flatMap((k) => k.rows)]) {
      expect(Number.isFinite(r.nsPerFrame) && Number.isFinite(r.bytesPerFrame)).toBe(true);
    }
  });
});
