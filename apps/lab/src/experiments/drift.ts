import { type Experiment, type FigureRow, manualLoop, param, withDefaults } from './types.js';

/** The student of The Game Loop (Gilles Bellot) walks 3 km/h: 5/6 m/s. */
const SPEED = 5 / 6;

/**
 * The rates as the experiment opens: 30 and 240 fps, where `t += dt` in JavaScript doubles
 * runs one step too many (301 and 2401), as the article's 38-digit loop does at 60 and 120. At
 * the article's own rates doubles happen to land on 10 s exactly, and the experiment would
 * open showing no drift at all.
 */
const PARAMS = [
  param('a', 'first frame rate (fps)', 30, 1, 1000, 1),
  param('b', 'second frame rate (fps)', 240, 1, 1000, 1),
  param('seconds', 'walk for (s)', 10, 1, 100, 1),
];

/** A maxDelta above the longest frame the parameters allow (1 fps: 1000 ms). */
const UNGUARDED_DELTA = 10_000;

/** What one frame rate gives, both ways. */
export interface DriftResult {
  /** Steps of the article's `while (t < seconds) t += dt` loop in double precision. */
  readonly floatSteps: number;
  /** Distance walked by that loop (m). */
  readonly floatDistance: number;
  /** Fixed steps @loop/core ran for the same frames. */
  readonly ticks: number;
  /** Distance walked in those steps (m). */
  readonly distance: number;
}

/**
 * Walks the student at `fps` for `seconds`: the article's float loop (time summed as `t += dt`),
 * and @loop/core with a timestep of 1000/fps ms fed a frame every 1000/fps ms through the
 * manual scheduler, whose time is an integer count of ticks.
 */
export function walk(fps: number, seconds: number): DriftResult {
  const dt = 1 / fps;
  let t = 0;
  let floatDistance = 0;
  let floatSteps = 0;
  while (t < seconds) {
    floatDistance += SPEED * dt;
    t += dt;
    floatSteps++;
  }
  let distance = 0;
  const loop = manualLoop({
    timestep: 1000 / fps,
    // Unguarded, as the article's loop is: a frame at 1 fps is 1000 ms, which core's default
    // maxDelta (250 ms) would clamp to a quarter of a step.
    maxDelta: UNGUARDED_DELTA,
    maxSteps: 1000,
    update: (step) => {
      distance += SPEED * step;
    },
  });
  const frames = Math.round(fps * seconds);
  for (let i = 0; i <= frames; i++) loop.frame((i * 1000) / fps);
  return { floatSteps, floatDistance, ticks: loop.tick, distance };
}

/** The Game Loop (Gilles Bellot): summing time in floating point drifts; integer ticks do not. */
export const drift: Experiment = {
  id: 'drift',
  title: "The student's drift: time summed in floating point",
  seed: '“The Game Loop” by Gilles Bellot (bell0bytes)',
  explain:
    'Gilles Bellot walks a student at 3 km/h for ten seconds with `t += dt`, in 38-digit ' +
    'PARI/GP, and gets 8.3472 m at 60 fps and 8.3403 m at 120 fps where 8.3333 m is exact: the ' +
    'loop runs one step too many, at a different rate, so two players see different games. ' +
    "Ours runs the article's loop again in JavaScript doubles: at 30 and 240 fps it too runs " +
    'one step too many (at 60 and 120 doubles happen to land on 10 s: try them). @loop/core ' +
    'counts time as integer ticks from absolute timestamps, so the same frames always run ' +
    'exactly seconds × fps steps, at any rate.',
  params: PARAMS,
  run(values): FigureRow[] {
    const all = withDefaults(PARAMS, values);
    const seconds = all.seconds;
    const rows: FigureRow[] = [
      {
        key: 'exact',
        label: 'exact distance (m)',
        seed: '8.3333',
        ours: (SPEED * seconds).toFixed(4),
      },
    ];
    for (const key of ['a', 'b'] as const) {
      const fps = all[key];
      const result = walk(fps, seconds);
      const published = key === 'a' ? '601, 8.3472 at 60 fps' : '1201, 8.3403 at 120 fps';
      rows.push(
        {
          key: `${key}-float`,
          label: `${fps} fps: t += dt, the article's loop (steps, m)`,
          seed: `${published} (38 digits, 10 s)`,
          ours: `${result.floatSteps}, ${result.floatDistance.toFixed(4)}`,
        },
        {
          key: `${key}-distance`,
          label: `${fps} fps: @loop/core's integer ticks (m)`,
          seed: null,
          ours: result.distance.toFixed(4),
        },
        {
          key: `${key}-ticks`,
          label: `${fps} fps: steps run`,
          seed: null,
          ours: String(result.ticks),
        },
      );
    }
    return rows;
  },
};
