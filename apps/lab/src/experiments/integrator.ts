import { type Experiment, type FigureRow, manualLoop, param, withDefaults } from './types.js';

/** Luke Palmer's ball (Game Loops): 1 kg at +3 m/s, a force of -1 N, from 0 m at 0 s, to 1 s. */
const V0 = 3;
const FORCE = -1;
const MASS = 1;

const PARAMS = [
  param('small', 'small step (ms)', 250, 1, 1000, 1),
  param('large', 'large step (ms)', 1000, 1, 1000, 1),
  param('until', 'integrate until (s)', 1, 0.1, 10),
];

/** One row of the integrator's table. */
export interface IntegratorRow {
  readonly time: number;
  readonly position: number;
  readonly velocity: number;
}

/**
 * Integrates Luke Palmer's ball with explicit Euler (position from the old velocity, then the
 * velocity) at a fixed `stepMs`, run by @loop/core on a 60 Hz display of `until` seconds
 * through the manual scheduler. Returns the state after every step, from time 0.
 */
export function integrate(stepMs: number, until: number): IntegratorRow[] {
  let x = 0;
  let v = V0;
  const rows: IntegratorRow[] = [{ time: 0, position: x, velocity: v }];
  // Stryker disable next-line ArithmeticOperator: MASS is 1, so FORCE / MASS is FORCE * MASS
  const acceleration = FORCE / MASS;
  const loop = manualLoop({
    timestep: stepMs,
    maxDelta: 10_000,
    maxSteps: 100_000,
    update: (dt, state) => {
      x += v * dt;
      v += acceleration * dt;
      rows.push({ time: (state.tick + 1) * dt, position: x, velocity: v });
    },
  });
  const end = until * 1000;
  // Stryker disable next-line ArithmeticOperator: maxDelta (10 s) is the longest `until` the parameter takes, and the core counts time in whole units, so frames of any spacing run the same steps
  const frameMs = 1000 / 60;
  // Stryker disable next-line EqualityOperator: a frame at exactly `end` is followed by the frame at `end`, which runs no step (the >= sibling is killed)
  for (let t = 0; t < end; t += frameMs) loop.frame(t);
  loop.frame(end);
  return rows;
}

/** The exact position at `t` s: ∫(3 − t) dt = 3t − t²/2 (2.5 m at 1 s). */
export function exactPosition(t: number): number {
  // Stryker disable next-line ArithmeticOperator: MASS is 1, so FORCE / MASS is FORCE * MASS
  const acceleration = FORCE / MASS;
  return V0 * t + (acceleration * t * t) / 2;
}

/** Game Loops (Luke Palmer): a bigger integrator step, a bigger error. */
export const integrator: Experiment = {
  id: 'integrator',
  title: 'The integrator table: step size and error',
  seed: '“Game Loops” by Luke Palmer',
  explain:
    'Luke Palmer pushes a 1 kg ball at 3 m/s against a 1 N force and integrates to 1 s: 0.25 s ' +
    'steps give 2.63 m, one 1 s step gives 3 m, the exact answer is 2.5 m. Bigger step, bigger ' +
    'error; and a variable step is a step size that changes with the frame rate, so its error ' +
    'changes with it. Here @loop/core runs the same explicit Euler update at each fixed ' +
    'timestep on a 60 Hz display; where the steps do not divide the time, each error is ' +
    'taken against the exact position at the time its last step reached.',
  params: PARAMS,
  run(values): FigureRow[] {
    const { small, large, until } = withDefaults(PARAMS, values);
    const fine = integrate(small, until);
    const coarse = integrate(large, until);
    const last = (rows: IntegratorRow[]) => rows[rows.length - 1]!;
    const rows: FigureRow[] = [
      {
        key: 'exact',
        label: `exact position at ${until} s (m)`,
        seed: '2.5 at 1 s',
        ours: exactPosition(until).toFixed(4),
      },
    ];
    for (const [key, step, run, seed] of [
      ['small', small, fine, '2.63 (0.25 s steps, 1 s)'],
      ['large', large, coarse, '3 (one 1 s step)'],
    ] as const) {
      // The last step may end before `until` (300 ms steps to 1 s end at 0.9 s): its error is
      // against the exact position at that same time, not at `until`.
      const end = last(run);
      const time = end.time.toFixed(3);
      rows.push(
        {
          key,
          label: `${step} ms steps: position at ${time} s (m)`,
          seed,
          ours: end.position.toFixed(4),
        },
        {
          key: `${key}-error`,
          label: `${step} ms steps: error against the exact position at ${time} s (m)`,
          seed: null,
          ours: (end.position - exactPosition(end.time)).toFixed(4),
        },
      );
    }
    const published = ['0.0, 3.0', '0.75, 2.75', '1.44, 2.5', '2.06, 2.25', '2.63, 2.0'];
    const table = fine.length <= 12 ? fine : [];
    table.forEach((row, i) => {
      rows.push({
        key: `row-${i}`,
        label: `${small} ms steps, t = ${(row.time).toFixed(3)} s: position, velocity`,
        seed: published[i] ? `${published[i]} (t = ${i * 0.25} s)` : null,
        ours: `${(row.position).toFixed(4)}, ${(row.velocity).toFixed(4)}`,
      });
    });
    return rows;
  },
};
