/**
 * The step-cadence table (`pnpm bench`): one row per display and step rate from
 * {@link measureCadence}, so the choice of the default timestep can be read off figures
 * instead of argued (the package README states the decision and the ranges).
 */
import {
  BUDGET_MS,
  type CadenceRow,
  type CadenceRun,
  type Picture,
  RENDER_MS,
  STEP_MS,
} from './cadence.js';
import { fixed, table } from './table.js';

type Runs = readonly CadenceRun[];
type Of = (r: CadenceRun) => number;

const mean = (runs: Runs, of: Of) => runs.reduce((s, r) => s + of(r), 0) / runs.length;
const worst = (runs: Runs, of: Of) => Math.max(...runs.map(of));
const percent = (count: number, run: CadenceRun) => (100 * count) / run.frames;
const pairs: Of = (r) => percent(r.pairs02, r);
const over: Of = (r) => percent(r.overBudget, r);
const cpuMax: Of = (r) => r.cpuMax;
const latestJudder: Of = (r) => r.latest.judder;
/** A figure of one way of drawing, read from a run. */
function drawn(way: 'interpolated' | 'latest', of: (p: Picture) => number): Of {
  return (r) => of(r[way]);
}
const join = (digits: number, ...values: number[]) => values.map((v) => fixed(v, digits)).join('/');

/** The cells of one row. */
function cells(row: CadenceRow): string[] {
  const { sweep, starts, halfStarts } = row;
  const all = (of: Of) => mean(sweep, of);
  const show = (digits: number, of: Of) => fixed(all(of), digits);
  const share = (i: number) => all((r) => percent(r.counts[i]!, r));
  const picture = (digits: number, of: (p: Picture) => number) =>
    join(digits, all(drawn('interpolated', of)), all(drawn('latest', of)));
  const judderAtStart = mean(starts, latestJudder);
  return [
    row.display,
    String(row.stepHz),
    show(2, (r) => r.stepsPerSecond),
    join(1, share(0), share(1), share(2), share(3)),
    join(1, mean(starts, pairs), mean(halfStarts, pairs), all(pairs), worst(sweep, pairs)),
    `${show(2, (r) => r.cpuMean)}±${show(2, (r) => r.cpuSd)}`,
    fixed(worst(sweep, cpuMax), 0),
    join(1, mean(starts, over), mean(halfStarts, over), all(over)),
    picture(1, (p) => p.lag),
    picture(2, (p) => p.wobble),
    `${picture(2, (p) => p.judder)}/${fixed(judderAtStart, 2)}`,
  ];
}

/** The printed table: one row per display and step rate. */
export function cadenceTable(rows: readonly CadenceRow[]): string {
  const first = rows[0];
  return table(
    `Step cadence: ${first?.sweep[0]?.frames ?? 0} frames a run, ${first?.sweep.length ?? 0} ` +
      `phases and ${first?.starts.length ?? 0} starts a row; CPU = ${RENDER_MS} ms render + ` +
      `${STEP_MS} ms a step; body at 1000 px/s`,
    [
      'display',
      'step Hz',
      'steps/s',
      'steps 0/1/2/3+ %',
      '0↔2 % start/+½/all/worst',
      'CPU ms mean±sd',
      'worst',
      `>${fixed(BUDGET_MS, 1)} ms % start/+½/all`,
      'lag ms i/l',
      'wobble px i/l',
      'judder px i/l/l start',
    ],
    rows.map(cells),
  );
}

/** The notes printed under the table: how to read each column. */
export const CADENCE_NOTES =
  'Means over the phase sweep (all; worst = its worst phase) unless marked. start: runs whose\n' +
  'baseline is a frame of the trace, as start() makes it, so the step boundaries sit on that\n' +
  'vsync give or take its jitter (mean of the starts); +½: the same with the baseline half a\n' +
  'step earlier, boundaries between vsyncs. 0↔2: neighbouring frames that ran 0 then 2 steps\n' +
  'or 2 then 0, pairs per 100 frames. i = interpolated, lerp(previous, current, alpha); l =\n' +
  'latest state (alpha ignored). lag: real time minus the time the drawn position shows, at the\n' +
  'vsync that shows it; wobble: its standard deviation; judder: standard deviation of each\n' +
  "frame's movement against what its vsync interval calls for (0 = steady).";
