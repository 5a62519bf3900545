/**
 * Displayed-motion error: how far each rendered frame's on-screen movement is from the
 * movement real time called for. An object moves at a constant 1000 px/s (1 px per ms) and
 * every render samples where it is drawn. For consecutive renders k-1 and k:
 *
 *     error_k = (drawn_k - drawn_{k-1}) - speed × (Δt_k - dropped_k)
 *
 * where Δt_k is the real time between the two renders and dropped_k the real time the loop
 * chose not to simulate in between (its stall guards): @loop/core reports it through `onDrop`
 * (maxDelta clamp + maxSteps); kontra skips any frame longer than 1000 ms outright; PixiJS
 * clamps a frame to 100 ms (minFPS 10). So the reference is the time the game actually
 * advanced, and the error measures stutter, not lost time (reported beside it). The figure is
 * the RMS of error_k in px.
 */
import { createLoop, lerp } from '@loop/core';
import { Ticker } from '@pixi/ticker';
import { GameLoop } from 'kontra/kontra.mjs';
import { FakeRaf, withFake } from './fake-clock.js';
import { motionTraces, type Trace } from './traces.js';

/** Pixels per millisecond. */
const SPEED = 1;

/** Called at each render with the drawn position. */
type Sample = (drawn: number) => void;
/** Called when the loop reports dropped real time, in ms. */
type Drop = (ms: number) => void;

/** One way of drawing the moving object. */
interface Mover {
  readonly name: string;
  /** Starts a loop on the installed fake display; returns its stop function. */
  start(sample: Sample, drop: Drop): () => void;
  /** For loops that do not report dropped time: the part of a frame of `dt` ms they discard. */
  readonly modelDrop?: (dt: number) => number;
}

function core(interpolate: boolean): Mover {
  return {
    name: interpolate ? '@loop/core interpolated' : '@loop/core (alpha ignored)',
    start(sample, drop) {
      // Constant velocity since before the start: previous is one step behind current.
      let current = 0;
      let previous = -SPEED * (1000 / 60);
      const loop = createLoop({
        scheduler: 'raf',
        update(dt) {
          previous = current;
          current += SPEED * dt * 1000;
        },
        render(alpha) {
          sample(interpolate ? lerp(previous, current, alpha) : current);
        },
        onDrop: drop,
      }).start();
      return () => loop.stop();
    },
  };
}

const kontra: Mover = {
  name: 'kontra GameLoop',
  start(sample) {
    let position = 0;
    const loop = GameLoop({
      blur: true,
      clearCanvas: false,
      update(dt) {
        position += SPEED * dt * 1000;
      },
      render() {
        sample(position);
      },
    });
    loop.start();
    return () => loop.stop();
  },
  // kontra's frame(): `if (dt > 1e3) return;` — the whole frame is skipped, time and render.
  modelDrop: (dt) => (dt > 1000 ? dt : 0),
};

const pixi: Mover = {
  name: 'PixiJS Ticker',
  start(sample) {
    let position = 0;
    const ticker = new Ticker();
    ticker.add(() => {
      position += SPEED * ticker.deltaMS;
      sample(position);
    });
    ticker.start();
    return () => ticker.destroy();
  },
  // Ticker.update(): elapsedMS is clamped to _maxElapsedMS, 100 ms with the default minFPS 10.
  modelDrop: (dt) => Math.max(0, dt - 100),
};

/** The movers compared, in table order. */
export const MOVERS: readonly Mover[] = [core(true), core(false), kontra, pixi];

/** One mover on one trace. */
export interface MotionResult {
  /** RMS of the per-frame movement error in px (1000 px/s). */
  readonly rms: number;
  /** Largest single-frame error in px. */
  readonly max: number;
  /** Real time the loop did not simulate, in ms. */
  readonly dropped: number;
  /** Frames rendered. */
  readonly renders: number;
}

/** Replays `stamps` through `mover` and scores the drawn movement. */
export function scoreMotion(mover: Mover, stamps: Float64Array): MotionResult {
  const raf = new FakeRaf();
  let droppedSince = 0;
  let dropped = 0;
  let lastT = Number.NaN;
  let lastDrawn = Number.NaN;
  let sum = 0;
  let max = 0;
  let n = 0;
  let renders = 0;
  const sample: Sample = (drawn) => {
    renders++;
    const t = raf.now;
    if (!Number.isNaN(lastT)) {
      const error = drawn - lastDrawn - SPEED * (t - lastT - droppedSince);
      sum += error * error;
      max = Math.max(max, Math.abs(error));
      n++;
    }
    lastT = t;
    lastDrawn = drawn;
    droppedSince = 0;
  };
  const drop: Drop = (ms) => {
    droppedSince += ms;
    dropped += ms;
  };
  withFake(raf, () => {
    raf.now = stamps[0]!;
    const stop = mover.start(sample, drop);
    for (let i = 0; i < stamps.length; i++) {
      if (mover.modelDrop && i > 0) drop(mover.modelDrop(stamps[i]! - stamps[i - 1]!));
      raf.fire(stamps[i]!);
    }
    stop();
  });
  return { rms: n ? Math.sqrt(sum / n) : 0, max, dropped, renders };
}

/** One trace's results, one per mover in {@link MOVERS} order. */
export interface MotionRow {
  readonly trace: string;
  readonly frames: number;
  readonly results: readonly MotionResult[];
}

/** Scores every mover on every motion trace (`scale` shortens the traces). */
export function measureMotion(traces: readonly Trace[] = motionTraces()): MotionRow[] {
  return traces.map((trace) => ({
    trace: trace.name,
    frames: trace.stamps.length,
    results: MOVERS.map((mover) => scoreMotion(mover, trace.stamps)),
  }));
}
