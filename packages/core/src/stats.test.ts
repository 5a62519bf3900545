import { describe, expect, it } from 'vitest';
import { FrameStats } from './stats.js';

/** Records a rendered frame at each clock reading (in ms), its timestamp the same number. */
function frames(stats: FrameStats, clocks: readonly number[]): FrameStats {
  for (const t of clocks) stats.frame(t, t, 1);
  return stats;
}

const at60 = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + (i * 1000) / 60);

describe('FrameStats', () => {
  it('has finite figures before any frame and none measured before two', () => {
    const stats = new FrameStats();
    expect([stats.now, stats.frameTime, stats.fps, stats.droppedLast]).toEqual([0, 0, 0, 0]);
    stats.frame(100, 100, 3);
    expect([stats.now, stats.frameTime, stats.fps, stats.rendered, stats.updates]).toEqual([
      100, 0, 0, 1, 3,
    ]);
  });

  it('measures 60 fps and a 16.7 ms frame time on a 60 Hz trace', () => {
    const stats = frames(new FrameStats(), at60(300));
    expect(stats.fps).toBeCloseTo(60, 9);
    expect(stats.frameTime).toBeCloseTo(1000 / 60, 9);
    expect(stats.rendered).toBe(300);
  });

  it('reads the clock in units of perMs', () => {
    const stats = new FrameStats(4);
    stats.frame(0, 0, 1);
    stats.frame(20, 80, 1);
    expect(stats.frameTime).toBe(20);
    expect(stats.fps).toBe(50);
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
    // 31 frame times at 30 Hz, one of them at 60 Hz: the window is 31 long, not 30 or 32
    const mixed = frames(new FrameStats(), [
      ...at60(2),
      ...Array.from({ length: 31 }, (_, i) => 1000 / 60 + ((i + 1) * 1000) / 30),
    ]);
    expect(mixed.fps).toBeCloseTo(30, 9);
    const longer = frames(new FrameStats(), [
      ...at60(2),
      ...Array.from({ length: 30 }, (_, i) => 1000 / 60 + ((i + 1) * 1000) / 30),
    ]);
    expect(longer.fps).toBeCloseTo((31 * 1000) / (1000 / 60 + 1000), 9);
  });

  it('does not measure a pause: after resync the old fps shows until two new frames', () => {
    const stats = frames(new FrameStats(), at60(50));
    stats.resync();
    stats.frame(60_000, 60_000, 1);
    expect(stats.fps).toBeCloseTo(60, 9);
    expect(stats.frameTime).toBe(0);
    expect(stats.now).toBe(60_000);
    stats.frame(60_020, 60_020, 1);
    expect(stats.fps).toBeCloseTo(50, 9);
    expect(stats.frameTime).toBeCloseTo(20, 9);
  });

  it('shows a zero-length frame as a frame time of 0 and keeps fps finite', () => {
    const stats = frames(new FrameStats(), at60(10));
    const clock = (9 * 1000) / 60;
    stats.frame(5, clock, 0);
    expect(stats.frameTime).toBe(0);
    expect(stats.fps).toBeCloseTo((10 * 1000) / (clock - 0), 9);
    expect(stats.now).toBe(5);
    stats.frame(20, clock + 16, 1);
    expect(stats.frameTime).toBe(16);
  });

  it('keeps droppedLast for the frame recorded after the drop, and adds up dropped', () => {
    const stats = frames(new FrameStats(), [0]);
    stats.drop(5);
    stats.drop(7);
    expect(stats.droppedLast).toBe(0);
    stats.frame(16, 16, 1);
    expect([stats.droppedLast, stats.dropped]).toEqual([12, 12]);
    stats.frame(32, 32, 1);
    expect([stats.droppedLast, stats.dropped]).toEqual([0, 12]);
    stats.drop(3);
    stats.frame(48, 48, 1);
    expect([stats.droppedLast, stats.dropped]).toEqual([3, 15]);
  });

  it('tells the time since the last frame, and Infinity when none rendered since a resync', () => {
    const stats = new FrameStats(4);
    expect(stats.sinceFrame(100)).toBe(Number.POSITIVE_INFINITY);
    stats.frame(0, 40, 1);
    expect(stats.sinceFrame(100)).toBe(15);
    stats.resync();
    expect(stats.sinceFrame(100)).toBe(Number.POSITIVE_INFINITY);
  });
});
