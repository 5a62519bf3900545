import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Lane } from '../lanes.js';
import { PLOTS, type PlotName, type Session } from '../session.js';
import { LANE_COLORS } from './colors.js';

/** Title of each plot. */
const TITLES: Readonly<Record<PlotName, string>> = {
  offset: 'displayed − true position of the body (m)',
  steps: 'steps per frame',
  alpha: 'alpha (leftover / timestep)',
  interval: 'frame interval (ms)',
};

/**
 * Charts redrawn per screen refresh, in turn: a uPlot redraw of 8 series of 720 points costs
 * about half a millisecond here, so each chart redraws at half the refresh rate (30 Hz on a
 * 60 Hz screen, still live) and a frame's plotting stays near a millisecond.
 */
const CHARTS_PER_FRAME = 2;

/** Height of each plot in CSS pixels. */
const PLOT_HEIGHT = 150;

/**
 * The live plots: one uPlot chart per quantity, one series per lane, over the session's
 * sliding windows. The windows are typed arrays the session fills in place; a redraw hands
 * uPlot the same arrays (views of the filled part only while a window is still filling), so a
 * steady-state redraw allocates nothing of ours.
 */
export class Plots {
  private charts: uPlot[] = [];
  private data: Float64Array[][] = [];
  private versions: number[] = [];
  /** One setData call per chart, made once: uPlot.batch redraws now, not in a microtask. */
  private commits: (() => void)[] = [];
  private session: Session | undefined;
  private readonly observer: ResizeObserver;

  constructor(private readonly container: HTMLElement) {
    this.observer = new ResizeObserver(() => this.resize());
    this.observer.observe(container);
  }

  /** Makes the charts for a session's lanes. */
  setSession(session: Session): void {
    for (const chart of this.charts) chart.destroy();
    this.container.replaceChildren();
    this.session = session;
    this.charts = [];
    this.data = [];
    this.versions = [];
    this.commits = [];
    const width = this.width();
    for (const name of PLOTS) {
      const series = session.plots[name];
      // The chart's data is this array, refilled in place by draw(): empty views until the
      // window holds two samples.
      const data = [series.x.subarray(0, 0), ...series.ys.map((y) => y.subarray(0, 0))];
      const figure = document.createElement('figure');
      figure.className = 'plot';
      figure.dataset.plot = name;
      this.container.appendChild(figure);
      const chart = new uPlot(chartOptions(name, session.lanes, width), data, figure);
      this.charts.push(chart);
      this.data.push(data);
      this.commits.push(() => chart.setData(data));
      // Not a version a window can have: the first draw with two samples draws.
      this.versions.push(Number.NaN);
    }
  }

  /** The chart of one quantity, for the tests and tools that read what is plotted. */
  chart(name: PlotName): uPlot | undefined {
    return this.charts[PLOTS.indexOf(name)];
  }

  /** The chart to redraw next. */
  private turn = 0;

  /** Redraws the next {@link CHARTS_PER_FRAME} charts, those whose window changed since. */
  draw(): void {
    const session = this.session;
    if (!session) return;
    for (let n = 0; n < CHARTS_PER_FRAME; n++) {
      const i = this.turn;
      this.turn = (i + 1) % PLOTS.length;
      const series = session.plots[PLOTS[i]!];
      if (series.version === this.versions[i] || series.count < 2) continue;
      this.versions[i] = series.version;
      const data = this.data[i]!;
      const full = series.count === series.capacity;
      data[0] = full ? series.x : series.x.subarray(0, series.count);
      for (let j = 0; j < series.ys.length; j++) {
        data[j + 1] = full ? series.ys[j]! : series.ys[j]!.subarray(0, series.count);
      }
      // Inside batch() the redraw happens before draw() returns (so the bench times it),
      // instead of in a microtask after it.
      this.charts[i]!.batch(this.commits[i]!);
    }
  }

  /** Destroys the charts and stops following the container's width; draws nothing after. */
  dispose(): void {
    this.observer.disconnect();
    this.session = undefined;
    for (const chart of this.charts) chart.destroy();
  }

  private width(): number {
    return Math.max(200, Math.floor(this.container.clientWidth));
  }

  private resize(): void {
    const width = this.width();
    for (const chart of this.charts) {
      if (chart.width !== width) chart.setSize({ width, height: PLOT_HEIGHT });
    }
  }
}

/** A chart of `name` with one series per lane, `width` CSS pixels wide. */
function chartOptions(name: PlotName, lanes: readonly Lane[], width: number): uPlot.Options {
  return {
    title: TITLES[name],
    width,
    height: PLOT_HEIGHT,
    cursor: { show: false },
    legend: { show: false },
    scales: { x: { time: false } },
    axes: [axis(), { ...axis(), size: 56 }],
    series: [{ label: 'time (s)' }, ...lanes.map((lane) => seriesOf(lane))],
  };
}

/** An axis in the page's colours (a new object each: uPlot keeps what it is given). */
function axis(): uPlot.Axis {
  return { stroke: '#9fb0d0', grid: { stroke: '#243049' }, ticks: { stroke: '#243049' } };
}

/** A lane's series: its name and its colour, as in the lanes and the figures table. */
function seriesOf(lane: Lane): uPlot.Series {
  return { label: lane.spec.label, stroke: LANE_COLORS[lane.spec.id], width: 1.25 };
}
