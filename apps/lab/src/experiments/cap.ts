import { SimDisplay } from '../displays.js';
import { type Experiment, type FigureRow, manualLoop, param, withDefaults } from './types.js';

const PARAMS = [
  param('cap', 'cap (fps)', 30, 1, 240),
  param('jitter', 'vsync jitter (± ms)', 0.3, 0, 4),
  param('seconds', 'run for (s)', 10, 1, 60, 1),
];

/** The display rates the cap is tried on. */
export const CAP_RATES: readonly number[] = [60, 120, 144];

/** Rendered frames per second over the run. */
function rate(times: number[]): number {
  const n = times.length;
  return n > 1 ? ((n - 1) * 1000) / (times[n - 1]! - times[0]!) : 0;
}

/** The frames a display of `hz` with `jitter` shows in `seconds`, as timestamps (ms). */
export function capStamps(hz: number, jitter: number, seconds: number): number[] {
  const display = new SimDisplay({ kind: 'jitter', hz, jitter, spike: 0, gap: 0, back: 0 });
  const stamps: number[] = [];
  const end = display.next(0) + seconds * 1000;
  while (display.real <= end) {
    stamps.push(display.stamp);
    display.next(0);
  }
  return stamps;
}

/** fps @loop/core renders with `maxFps: cap` on these frames (manual scheduler). */
export function coreCap(cap: number, stamps: readonly number[]): number {
  const times: number[] = [];
  const loop = manualLoop({
    maxFps: cap,
    render: (_alpha, state) => {
      times.push(state.now);
    },
  });
  for (const t of stamps) loop.frame(t);
  return rate(times);
}

/**
 * fps of the naive cap every issue tracker reports: skip a frame that comes less than one
 * interval after the last rendered one. A frame a hair early (vsync jitter) is skipped, so the
 * next render waits a whole refresh more.
 */
export function naiveCap(cap: number, stamps: readonly number[]): number {
  const times: number[] = [];
  const interval = 1000 / cap;
  let last = Number.NEGATIVE_INFINITY;
  for (const t of stamps) {
    if (t - last < interval) continue;
    last = t;
    times.push(t);
  }
  return rate(times);
}

/** The FPS cap: exact with @loop/core's deadline, low with skip-if-early. */
export const fpsCap: Experiment = {
  id: 'cap',
  title: 'An FPS cap of 30 on 60, 120 and 144 Hz displays',
  seed: '“The Game Loop” by Gilles Bellot (bell0bytes)',
  explain:
    'Koen Witters (deWiTTERS Game Loop) and Gilles Bellot (The Game Loop) cap the frame rate by ' +
    "sleeping to the frame budget (Bellot's " +
    '"constant FPS": sleep 1000/x − Δt ms); a browser cannot sleep in requestAnimationFrame, so ' +
    'a cap skips frames instead. The naive way, skip any frame less than one interval after the ' +
    'last, loses a whole refresh whenever vsync comes a hair early: issue trackers report 20–23 ' +
    'fps for a cap of 30 on 60 Hz. @loop/core advances a deadline by one interval per frame and ' +
    'accepts a frame up to half a vsync early, so it renders the cap.',
  params: PARAMS,
  run(values): FigureRow[] {
    const { cap, jitter, seconds } = withDefaults(PARAMS, values);
    const rows: FigureRow[] = [];
    for (const hz of CAP_RATES) {
      const stamps = capStamps(hz, jitter, seconds);
      rows.push(
        {
          key: `core-${hz}`,
          label: `${hz} Hz: @loop/core maxFps ${cap} (fps)`,
          seed: '30 (sleep to the budget)',
          ours: coreCap(cap, stamps).toFixed(3),
        },
        {
          key: `naive-${hz}`,
          label: `${hz} Hz: naive skip-if-early cap ${cap} (fps)`,
          seed: null,
          ours: naiveCap(cap, stamps).toFixed(3),
        },
      );
    }
    return rows;
  },
};
