import type uPlot from 'uplot';
import { afterEach, describe, expect, it } from 'vitest';
import type { LaneId } from '../lane-specs.js';
import { PLOT_CAPACITY, PLOTS, type PlotName, Session } from '../session.js';
import { DEFAULT_STATE } from '../url-state.js';
import { LANE_COLORS } from './colors.js';
import { Plots } from './plots.js';

const LANE_IDS: readonly LaneId[] = ['naive', 'interp', 'capped'];

/** A session of three lanes on a simulated 60 Hz display, `frames` frames in. */
function session(frames = 0, lanes: readonly LaneId[] = LANE_IDS): Session {
  const state = { ...DEFAULT_STATE };
  const s = new Session(lanes, state, { ...state, kind: 'hz', hz: 60 });
  s.stepFrames(frames);
  return s;
}

/** A container `width` CSS pixels wide, in the page. */
function container(width: number): HTMLElement {
  const element = document.createElement('div');
  element.style.width = `${width}px`;
  document.body.appendChild(element);
  return element;
}

/** The charts of `plots`, in {@link PLOTS} order. */
function charts(plots: Plots): uPlot[] {
  return PLOTS.map((name) => plots.chart(name)!);
}

/** Counts what each chart does from now on: data set, draws, size changes. */
function watch(all: readonly uPlot[]) {
  const counts = all.map(() => ({ setData: 0, draw: 0, setSize: 0 }));
  all.forEach((chart, i) => {
    for (const hook of ['setData', 'draw', 'setSize'] as const) {
      chart.hooks[hook] = [() => void counts[i]![hook]++];
    }
  });
  return counts;
}

/** Resolves after `n` animation frames: resize observers have reported by then. */
async function frames(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
}

/** What a uPlot option became: uPlot turns strings and numbers into functions of the chart. */
function value(chart: uPlot, option: unknown): unknown {
  return typeof option === 'function' ? option(chart, 1) : option;
}

let made: Plots[] = [];
function plots(element: HTMLElement): Plots {
  const p = new Plots(element);
  made.push(p);
  return p;
}

afterEach(() => {
  for (const p of made) p.dispose();
  made = [];
  document.body.replaceChildren();
});

describe('the plots', () => {
  it('make one figure and chart per quantity, titled, in order', () => {
    const element = container(640);
    const p = plots(element);
    expect(p.chart('offset')).toBeUndefined();
    p.setSession(session());
    const figures = [...element.children] as HTMLElement[];
    expect(figures.map((f) => f.tagName)).toEqual(['FIGURE', 'FIGURE', 'FIGURE', 'FIGURE']);
    expect(figures.map((f) => f.dataset.plot)).toEqual([...PLOTS]);
    for (const f of figures) expect(f.className).toBe('plot');
    expect(figures.map((f) => f.querySelector('.u-title')?.textContent)).toEqual([
      'displayed − true position of the body (m)',
      'steps per frame',
      'alpha (leftover / timestep)',
      'frame interval (ms)',
    ]);
    charts(p).forEach((chart, i) => {
      expect(figures[i]!.contains(chart.root)).toBe(true);
    });
  });

  it('plot one series per lane against time, in the lane colours, over an x scale of seconds', () => {
    const p = plots(container(640));
    const s = session();
    p.setSession(s);
    for (const chart of charts(p)) {
      expect(chart.series.map((series) => series.label)).toEqual([
        'time (s)',
        ...s.lanes.map((lane) => lane.spec.label),
      ]);
      s.lanes.forEach((lane, i) => {
        const series = chart.series[i + 1]!;
        expect(value(chart, series.stroke)).toBe(LANE_COLORS[lane.spec.id]);
        expect(series.width).toBe(1.25);
      });
      expect(chart.scales.x?.time).toBe(false);
      expect(chart.cursor.show).toBe(false);
      expect(chart.legend.show).toBe(false);
      expect(chart.root.querySelector('.u-legend')).toBeNull();
      expect(chart.height).toBe(150);
    }
  });

  it('draw their axes in the page colours, the value axis 56 px wide', () => {
    const p = plots(container(640));
    p.setSession(session());
    for (const chart of charts(p)) {
      expect(chart.axes).toHaveLength(2);
      for (const axis of chart.axes) {
        expect(value(chart, axis.stroke)).toBe('#9fb0d0');
        expect(value(chart, axis.grid?.stroke)).toBe('#243049');
        expect(value(chart, axis.ticks?.stroke)).toBe('#243049');
      }
      expect(value(chart, chart.axes[1]!.size)).toBe(56);
    }
  });

  it('are as wide as their container, and never under 200 px', () => {
    const wide = plots(container(640));
    wide.setSession(session());
    for (const chart of charts(wide)) expect(chart.width).toBe(640);
    const narrow = plots(container(120));
    narrow.setSession(session());
    for (const chart of charts(narrow)) expect(chart.width).toBe(200);
  });

  it('follow a change of width, and only of width', async () => {
    const element = container(640);
    const p = plots(element);
    p.setSession(session());
    await frames(2);
    const counts = watch(charts(p));
    element.style.height = '2000px';
    await frames(3);
    expect(counts.map((c) => c.setSize)).toEqual([0, 0, 0, 0]);
    element.style.width = '500px';
    await expect.poll(() => charts(p).map((chart) => chart.width)).toEqual([500, 500, 500, 500]);
    for (const chart of charts(p)) expect(chart.height).toBe(150);
    element.style.width = '50px';
    await expect.poll(() => charts(p).map((chart) => chart.width)).toEqual([200, 200, 200, 200]);
  });

  it('start empty: an empty array for time and per lane until a window holds two samples', () => {
    const p = plots(container(640));
    const s = session(1);
    p.setSession(s);
    const all = charts(p);
    for (const chart of all) {
      expect(chart.data).toHaveLength(4);
      for (const column of chart.data) expect(column).toHaveLength(0);
    }
    const counts = watch(all);
    p.draw();
    p.draw();
    expect(counts.map((c) => c.setData)).toEqual([0, 0, 0, 0]);
    for (const chart of all) expect(chart.data[0]).toHaveLength(0);
  });

  it('draw nothing without a session, or after dispose', () => {
    const p = plots(container(640));
    expect(() => p.draw()).not.toThrow();
    const s = session(10);
    p.setSession(s);
    const all = charts(p);
    const counts = watch(all);
    p.dispose();
    s.stepFrames(5);
    p.draw();
    p.draw();
    expect(counts.map((c) => c.setData)).toEqual([0, 0, 0, 0]);
    for (const chart of all) expect(chart.root.isConnected).toBe(false);
  });

  it('stop following the width after dispose', async () => {
    const element = container(640);
    const p = plots(element);
    p.setSession(session(10));
    await frames(2);
    const counts = watch(charts(p));
    p.dispose();
    element.style.width = '500px';
    await frames(3);
    expect(counts.map((c) => c.setSize)).toEqual([0, 0, 0, 0]);
  });

  it('redraw two charts a call, in turn, each at once with the samples so far', () => {
    const p = plots(container(640));
    const s = session(2);
    p.setSession(s);
    const all = charts(p);
    const counts = watch(all);
    p.draw();
    expect(counts.map((c) => c.setData)).toEqual([1, 1, 0, 0]);
    // The redraw happened inside draw(), not in a microtask after it.
    expect(counts.map((c) => c.draw)).toEqual([1, 1, 0, 0]);
    p.draw();
    expect(counts.map((c) => c.setData)).toEqual([1, 1, 1, 1]);
    expect(counts.map((c) => c.draw)).toEqual([1, 1, 1, 1]);
    PLOTS.forEach((name, i) => {
      const series = s.plots[name];
      const data = all[i]!.data;
      expect(data).toHaveLength(4);
      expect([...data[0]!]).toEqual([...series.x.subarray(0, 2)]);
      series.ys.forEach((y, lane) => {
        expect([...data[lane + 1]!]).toEqual([...y.subarray(0, 2)]);
      });
    });
    expect(all[0]!.data[0]![1]).toBeGreaterThan(all[0]!.data[0]![0]!);
  });

  it('skip a chart whose window has not changed since its last redraw', () => {
    const p = plots(container(640));
    const s = session(5);
    p.setSession(s);
    const counts = watch(charts(p));
    p.draw();
    p.draw();
    p.draw();
    p.draw();
    expect(counts.map((c) => c.setData)).toEqual([1, 1, 1, 1]);
    s.step();
    p.draw();
    expect(counts.map((c) => c.setData)).toEqual([2, 2, 1, 1]);
    expect(charts(p).map((chart) => chart.data[0]!.length)).toEqual([6, 6, 5, 5]);
  });

  it('plot views of the filled part while a window fills, the windows themselves once full', () => {
    const p = plots(container(640));
    const s = session(PLOT_CAPACITY - 1);
    p.setSession(s);
    p.draw();
    p.draw();
    const name: PlotName = 'alpha';
    const chart = p.chart(name)!;
    expect(chart.data[0]).toHaveLength(PLOT_CAPACITY - 1);
    expect(chart.data[0]).not.toBe(s.plots[name].x);
    s.step();
    p.draw();
    p.draw();
    expect(chart.data[0]).toBe(s.plots[name].x);
    s.plots[name].ys.forEach((y, lane) => {
      expect(chart.data[lane + 1]).toBe(y);
    });
    s.step();
    p.draw();
    p.draw();
    expect(chart.data[0]).toBe(s.plots[name].x);
    expect(chart.data[0]).toHaveLength(PLOT_CAPACITY);
  });

  it('a new session replaces the charts and their figures, with its own lanes', () => {
    const element = container(640);
    const p = plots(element);
    const first = session(5);
    p.setSession(first);
    p.draw();
    p.draw();
    const old = charts(p);
    const second = session(5, ['fixed']);
    p.setSession(second);
    expect(element.children).toHaveLength(4);
    for (const chart of old) expect(chart.root.isConnected).toBe(false);
    const all = charts(p);
    for (const chart of all) {
      expect(old).not.toContain(chart);
      expect(chart.series).toHaveLength(2);
    }
    const counts = watch(all);
    p.draw();
    p.draw();
    expect(counts.map((c) => c.setData)).toEqual([1, 1, 1, 1]);
    expect(counts.map((c) => c.draw)).toEqual([1, 1, 1, 1]);
    PLOTS.forEach((name, i) => {
      expect([...all[i]!.data[1]!]).toEqual([...second.plots[name].ys[0]!.subarray(0, 5)]);
    });
  });
});
