import { snapTimestep } from '../url-state.js';
import { type Experiment, type FigureRow, manualLoop, param, withDefaults } from './types.js';

const PARAMS = [
  param('d1', 'frame 1 delta (ms)', 10, 0, 1000),
  param('d2', 'frame 2 delta (ms)', 15, 0, 1000),
  param('d3', 'frame 3 delta (ms)', 18, 0, 1000),
  param('d4', 'frame 4 delta (ms)', 16, 0, 1000),
  param('timestep', 'timestep (ms)', 1000 / 30, 1, 1000),
];

/** What the loop did in one frame of the trace. */
export interface TraceFrame {
  readonly delta: number;
  /** Fixed steps run in the frame. */
  readonly ticks: number;
  /** Leftover after the frame (ms). */
  readonly leftover: number;
}

/**
 * Replays frame deltas through @loop/core (manual scheduler, fixed step of `timestep` ms,
 * starting at 0, no maxDelta or maxSteps guard in reach): one row per delta with the ticks it ran and the leftover it carried.
 */
export function replay(deltas: readonly number[], timestep: number): TraceFrame[] {
  // The article's accumulator has no guard: a 1000 ms delta is 1000 ms (core's defaults would
  // clamp it to 250 ms and 10 steps).
  const loop = manualLoop({ timestep, maxDelta: 10_000, maxSteps: 100_000 });
  let now = 0;
  loop.frame(now);
  return deltas.map((delta) => {
    const before = loop.tick;
    now += delta;
    loop.frame(now);
    return { delta, ticks: loop.tick - before, leftover: loop.lag * 1000 };
  });
}

/**
 * Interpolated Physics Rendering (Andrew Petersen): dirty frame deltas against a 30 Hz step;
 * the leftover carries, one tick at frame 3.
 */
export const trace: Experiment = {
  id: 'trace',
  title: 'A trace of the accumulator, frame by frame',
  seed: '“Interpolated Physics Rendering” by Andrew Petersen',
  explain:
    'Andrew Petersen feeds real-world frame deltas of 10, 15, 18 and 16 ms to a 33.33 ms step: ' +
    'the first two frames are not enough for a step, the third runs one tick and carries about ' +
    '9.67 ms, the fourth is again not enough. The leftover is never thrown away; it is alpha ' +
    'for interpolation. Change a delta or the timestep and the ticks move.',
  params: PARAMS,
  run(values): FigureRow[] {
    const all = withDefaults(PARAMS, values);
    const deltas = [all.d1, all.d2, all.d3, all.d4];
    const timestep = snapTimestep(all.timestep);
    const frames = replay(deltas, timestep);
    const published = [
      '10ms total: not enough for physics update',
      '25ms: not enough for physics update',
      '43ms: physics tick, leaving ~9.666666 remaining',
      '~25ms: not enough for physics update',
    ];
    const rows: FigureRow[] = frames.map((frame, i) => ({
      key: `frame-${i + 1}`,
      label: `frame ${i + 1}: +${(frame.delta).toFixed(2)} ms → ticks, leftover`,
      seed: published[i] ?? null,
      ours: `${frame.ticks}, ${(frame.leftover).toFixed(2)} ms`,
    }));
    const first = frames.findIndex((frame) => frame.ticks > 0);
    rows.push({
      key: 'first-tick',
      label: 'first tick at frame',
      seed: '3',
      ours: first < 0 ? 'none' : String(first + 1),
    });
    return rows;
  },
};
