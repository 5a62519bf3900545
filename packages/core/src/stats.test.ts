import { describe, expect, it } from 'vitest';
import { FrameStats } from './stats.js';

/** Begins a frame at each timestamp. */
function frames(stats: FrameStats, stamps: readonly number[]): FrameStats {
  for (const t of stamps) stats.begin(t);
  return stats;
}

const at60 = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + (i * 1000) / 60);

describe('FrameStats', () => {
  it('has no figures before two frames', () => {
    const stats = new FrameStats();
    expect([stats.now, stats.frameTime, stats.fps]).toEqual([Number.NaN, 0, 0]);
    stats.begin(100);
    expect([stats.now, stats.frameTime, stats.fps, stats.rendered]).toEqual([100, 0, 0, 1]);
  });

  it('measures 60 fps and a 16.7 ms frame time on a 60 Hz trace', () => {
    const stats = frames(new FrameStats(), at60(300));
    expect(stats.fps).toBeCloseTo(60, 9);
    expect(stats.frameTime).toBeCloseTo(1000 / 60, 9);
    expect(stats.rendered).toBe(300);
  });

  it('averages fps over the last 31 frame times only', () => {
    const stats = frames(new FrameStats(), at60(100));
    // then 40 frames at 30 Hz: the window holds only those
    const last = (99 * 1000) / 60;
    frames(
      stats,
      Array.from({ length: 40 }, (_, i) => last + ((i + 1) * 1000) / 30),
    );
    expect(stats.fps).toBeCloseTo(30, 9);
  });

  it('does not measure a pause: after resync the old fps shows until two new frames', () => {
    const stats = frames(new FrameStats(), at60(50));
    stats.resync();
    stats.begin(60_000);
    expect(stats.fps).toBeCloseTo(60, 9);
    expect(stats.frameTime).toBe(0);
    expect(stats.now).toBe(60_000);
    stats.begin(60_020);
    expect(stats.fps).toBeCloseTo(50, 9);
    expect(stats.frameTime).toBeCloseTo(20, 9);
  });

  it('gives 0, not NaN or a negative figure, around a bad or backwards timestamp', () => {
    const stats = frames(new FrameStats(), at60(10));
    stats.begin(Number.NaN);
    expect([stats.fps, stats.frameTime]).toEqual([0, 0]);
    stats.begin(100);
    expect(stats.frameTime).toBe(0);
    expect(Number.isFinite(stats.fps)).toBe(true);
    stats.begin(116);
    expect(stats.frameTime).toBe(16);
  });

  it('keeps droppedLast for the frame that dropped and adds up dropped', () => {
    const stats = frames(new FrameStats(), [0]);
    stats.drop(5);
    stats.drop(7);
    expect([stats.droppedLast, stats.dropped]).toEqual([12, 12]);
    stats.begin(16);
    expect([stats.droppedLast, stats.dropped]).toEqual([0, 12]);
  });
});
