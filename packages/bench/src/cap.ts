/**
 * FPS cap accuracy: a cap of 30 on 60, 120 and 144 Hz displays with ±0.3 ms vsync jitter.
 * Achieved fps is rendered frames over the time they span; the spread is the standard
 * deviation and the range of the intervals between rendered frames. @loop/core's `maxFps`
 * against PixiJS's `Ticker.maxFPS` (kontra has no render cap).
 */
import { createLoop } from '@loop/core';
import { Ticker } from '@pixi/ticker';
import { FakeRaf, withFake } from './fake-clock.js';
import { capTraces, type Trace } from './traces.js';

/** How one capped loop did on one trace. */
export interface CapResult {
  /** Rendered frames per second. */
  readonly fps: number;
  /** Mean interval between rendered frames, ms. */
  readonly mean: number;
  /** Standard deviation of those intervals, ms. */
  readonly sd: number;
  readonly min: number;
  readonly max: number;
}

/** A capped loop: starts on the installed display and calls `rendered` per rendered frame. */
type Capped = (cap: number, rendered: () => void) => () => void;

const core: Capped = (cap, rendered) => {
  const loop = createLoop({ scheduler: 'raf', maxFps: cap, render: rendered }).start();
  return () => loop.stop();
};

const pixi: Capped = (cap, rendered) => {
  const ticker = new Ticker();
  ticker.maxFPS = cap;
  ticker.add(rendered);
  ticker.start();
  return () => ticker.destroy();
};

/** The capped loops compared, in table order. */
export const CAPPED: readonly { name: string; start: Capped }[] = [
  { name: '@loop/core maxFps', start: core },
  { name: 'PixiJS maxFPS', start: pixi },
];

/** Replays `stamps` through one capped loop and summarizes the rendered frames. */
export function scoreCap(start: Capped, cap: number, stamps: Float64Array): CapResult {
  const raf = new FakeRaf();
  const times: number[] = [];
  withFake(raf, () => {
    raf.now = stamps[0]!;
    const stop = start(cap, () => times.push(raf.now));
    raf.play(stamps);
    stop();
  });
  const intervals = times.slice(1).map((t, i) => t - times[i]!);
  const n = intervals.length;
  const mean = intervals.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(intervals.reduce((a, b) => a + (b - mean) ** 2, 0) / n);
  return {
    fps: 1000 / mean,
    mean,
    sd,
    min: Math.min(...intervals),
    max: Math.max(...intervals),
  };
}

/** One trace's results, in {@link CAPPED} order. */
export interface CapRow {
  readonly trace: string;
  readonly results: readonly CapResult[];
}

/** Caps every loop at `cap` on every trace. */
export function measureCap(cap = 30, traces: readonly Trace[] = capTraces()): CapRow[] {
  return traces.map((trace) => ({
    trace: trace.name,
    results: CAPPED.map((c) => scoreCap(c.start, cap, trace.stamps)),
  }));
}
