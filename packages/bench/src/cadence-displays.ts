/**
 * Display traces for the step-cadence bench (`cadence.ts`): what requestAnimationFrame hands a
 * loop on a "60 Hz" display that is not quite 60 Hz and not quite regular. Each frame has two
 * times: the rAF timestamp the loop sees (the vsync plus jitter: browsers stamp the frame when
 * their refresh driver runs, not at the exact vsync) and the vsync at which the picture is
 * shown, which is what the eye sees. A missed vsync is a vsync with no frame at all (the
 * previous picture stays up: a 33 ms frame at 60 Hz). Seeded with @loop/core's `Random`
 * (mulberry32), so every figure can be reproduced.
 */
import { Random } from '@loop/core';

/** How the rAF timestamps scatter around the vsync. */
export type JitterShape = 'uniform' | 'gaussian';

/** One simulated display. */
export interface DisplaySpec {
  /** The row label in the table. */
  readonly name: string;
  /** Refresh rate in Hz. */
  readonly hz: number;
  /** `uniform`: ±`jitterMs`; `gaussian`: standard deviation `jitterMs` (bounded at ±3.5 σ). */
  readonly shape: JitterShape;
  /** The jitter of each rAF timestamp around its vsync, in ms (per frame, never cumulative). */
  readonly jitterMs: number;
  /** Chance that a vsync passes with no frame (the loop sees one frame twice as long). */
  readonly missed: number;
}

/** The frames of one display run, both as plain arrays so a replay allocates nothing. */
export interface DisplayTrace {
  /** The rAF timestamps, ms: what `loop.frame(t)` is given. */
  readonly stamps: Float64Array;
  /** The vsync at which each frame's picture is shown, ms: the reference for motion. */
  readonly vsyncs: Float64Array;
}

/** Where every trace starts, like a page that has been open a second. */
const START = 1000;

/**
 * Irwin–Hall: the sum of four uniform numbers, scaled to standard deviation 1. Close enough to
 * a normal distribution for timing noise, bounded (±3.46), and needs no logarithm, so it is the
 * same on every engine.
 */
function gaussianish(random: Random): number {
  let sum = 0;
  for (let i = 0; i < 4; i++) sum += random.next() * 2 - 1;
  // Each uniform on [-1, 1) has variance 1/3; four have 4/3.
  return sum / Math.sqrt(4 / 3);
}

/** The largest displacement a spec can give a timestamp, in ms. */
export function jitterBound(spec: DisplaySpec): number {
  return spec.shape === 'uniform' ? spec.jitterMs : spec.jitterMs * 4 * Math.sqrt(3 / 4);
}

/**
 * `frames` frames of `spec`, from a fixed `seed`. Throws a RangeError when the jitter could
 * reorder two frames (more than half a refresh period), which no real display does.
 */
export function displayTrace(spec: DisplaySpec, frames: number, seed = 1): DisplayTrace {
  const period = 1000 / spec.hz;
  if (jitterBound(spec) >= period / 2) {
    throw new RangeError(`jitter of ${spec.name} can reorder frames`);
  }
  const random = new Random(seed);
  const stamps = new Float64Array(frames);
  const vsyncs = new Float64Array(frames);
  let vsync = 0;
  for (let k = 0; k < frames; k++) {
    // The first frame is never missed: it is the one the loop starts on.
    while (k > 0 && spec.missed > 0 && random.next() < spec.missed) vsync++;
    const at = START + vsync * period;
    const noise = spec.shape === 'uniform' ? random.next() * 2 - 1 : gaussianish(random);
    vsyncs[k] = at;
    stamps[k] = at + noise * spec.jitterMs;
    vsync++;
  }
  return { stamps, vsyncs };
}

/**
 * The displays compared: a jitter-free 60 Hz panel (the textbook case); rAF jitter as browsers
 * show it (±0.25 ms when the stamp is the vsync time, about 1 ms when it is taken when the
 * refresh driver runs, ±2 ms on a loaded machine); a missed vsync in a hundred frames; and
 * refresh rates that are only almost 60 (NTSC's 59.94 Hz, with both jitters; a 60.5 Hz panel), on which the
 * step's phase relative to vsync drifts instead of standing still.
 */
export const CADENCE_DISPLAYS: readonly DisplaySpec[] = [
  { name: '60 Hz exact', hz: 60, shape: 'uniform', jitterMs: 0, missed: 0 },
  { name: '60 Hz ±0.25 ms', hz: 60, shape: 'uniform', jitterMs: 0.25, missed: 0 },
  { name: '60 Hz σ 1 ms', hz: 60, shape: 'gaussian', jitterMs: 1, missed: 0 },
  { name: '60 Hz ±2 ms', hz: 60, shape: 'uniform', jitterMs: 2, missed: 0 },
  { name: '60 Hz σ 1 ms, 1 % missed', hz: 60, shape: 'gaussian', jitterMs: 1, missed: 0.01 },
  { name: '59.94 Hz ±0.25 ms', hz: 60000 / 1001, shape: 'uniform', jitterMs: 0.25, missed: 0 },
  { name: '59.94 Hz σ 1 ms', hz: 60000 / 1001, shape: 'gaussian', jitterMs: 1, missed: 0 },
  { name: '60.5 Hz ±0.25 ms', hz: 60.5, shape: 'uniform', jitterMs: 0.25, missed: 0 },
];
