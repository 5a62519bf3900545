import { describe, expect, it } from 'vitest';
import { DISPLAY_LABELS, type DisplaySpec, SimDisplay, START_MS } from './displays.js';
import { parseState } from './url-state.js';

const spec = (over: Partial<DisplaySpec>): DisplaySpec => ({
  kind: 'hz',
  hz: 60,
  jitter: 0,
  spike: 0,
  gap: 0,
  back: 0,
  ...over,
});

/** The first `n` frames of a display with no work: [real, stamp] pairs. */
function frames(display: SimDisplay, n: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    display.next(display.real);
    out.push([display.real, display.stamp]);
  }
  return out;
}

const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);

describe('simulated displays', () => {
  it('a steady display frames every 1000/hz ms from the start', () => {
    const times = frames(new SimDisplay(spec({ hz: 144 })), 145).map(([real]) => real);
    expect(times[0]).toBe(START_MS);
    expect(times[144]).toBeCloseTo(START_MS + 1000, 9);
    for (const gap of gaps(times)) expect(gap).toBeCloseTo(1000 / 144, 9);
  });

  it('work longer than a refresh skips to the next vsync after it', () => {
    const display = new SimDisplay(spec({}));
    display.next(0);
    display.next(display.real + 20);
    expect(display.real).toBeCloseTo(START_MS + 2000 / 60, 9);
    display.next(display.real + 1);
    expect(display.real).toBeCloseTo(START_MS + 3000 / 60, 9);
  });

  it('jitter moves each vsync by at most its size, reproducibly, never backwards', () => {
    const a = frames(new SimDisplay(spec({ kind: 'jitter', jitter: 2 })), 600);
    const b = frames(new SimDisplay(spec({ kind: 'jitter', jitter: 2 })), 600);
    expect(a).toEqual(b);
    let moved = 0;
    a.forEach(([real], i) => {
      const offset = real - (START_MS + (i * 1000) / 60);
      expect(Math.abs(offset)).toBeLessThanOrEqual(2 + 1e-9);
      moved = Math.max(moved, Math.abs(offset));
    });
    expect(moved).toBeGreaterThan(1.5);
    for (const gap of gaps(a.map(([real]) => real))) expect(gap).toBeGreaterThan(0);
    // The first frame is the start itself; the offsets centre on the grid, early and late.
    expect(a[0]![0]).toBe(START_MS);
    const counted = new SimDisplay(spec({ kind: 'jitter', jitter: 2 }));
    for (let i = 0; i < 5; i++) counted.next(0);
    expect(counted.frames).toBe(5);
    const offsets = a.map(([real], i) => real - (START_MS + (i * 1000) / 60));
    expect(Math.abs(offsets.reduce((s, o) => s + o, 0) / offsets.length)).toBeLessThan(0.3);
    expect(offsets.slice(1, 9).map(Math.sign)).toEqual(SIGNS);
  });

  it('a jitter as large as the refresh period still never goes back', () => {
    const a = frames(new SimDisplay(spec({ kind: 'jitter', jitter: 16 })), 600);
    for (const gap of gaps(a.map(([real]) => real))) expect(gap).toBeGreaterThan(0);
  });

  it('spikes add a pause once a second', () => {
    const times = frames(new SimDisplay(spec({ kind: 'spikes', spike: 150 })), 180).map(([r]) => r);
    const long = gaps(times).filter((gap) => gap > 100);
    expect(long.length).toBe(3);
    for (const gap of long) expect(gap).toBeGreaterThanOrEqual(150);
  });

  it('a hidden tab leaves a gap every 5 s', () => {
    const times = frames(new SimDisplay(spec({ kind: 'hidden', gap: 2000 })), 601).map(([r]) => r);
    const long = gaps(times).filter((gap) => gap > 1000);
    expect(long.length).toBe(2);
    expect(long[0]).toBeGreaterThanOrEqual(2000);
  });

  it('a clock that steps back reports earlier stamps while real time goes on', () => {
    const list = frames(new SimDisplay(spec({ kind: 'backstep', back: 50 })), 300);
    const stamps = list.map(([, stamp]) => stamp);
    const backs = gaps(stamps).filter((gap) => gap < 0);
    expect(backs.length).toBe(2);
    for (const gap of gaps(list.map(([real]) => real))) expect(gap).toBeGreaterThan(0);
    const [real, stamp] = list[list.length - 1]!;
    expect(real - stamp).toBe(100);
  });

  it('variable refresh frames between the top rate and 48 Hz', () => {
    const times = frames(new SimDisplay(spec({ kind: 'vrr', hz: 144 })), 500).map(([r]) => r);
    const intervals = gaps(times);
    for (const gap of intervals) {
      expect(gap).toBeGreaterThanOrEqual(1000 / 144 - 1e-9);
      expect(gap).toBeLessThanOrEqual(1000 / 48 + 1e-9);
    }
    expect(Math.max(...intervals) - Math.min(...intervals)).toBeGreaterThan(5);
  });
});

describe('the display menu', () => {
  /** Every kind, written out apart from DISPLAY_KINDS. */
  const KINDS = ['raf', 'hz', 'vrr', 'jitter', 'spikes', 'hidden', 'backstep'] as const;

  it('a link opens each kind, and only those; each has its label', () => {
    for (const kind of KINDS) {
      expect(parseState(`display=${kind}`).display).toBe(kind);
      expect(DISPLAY_LABELS[kind]).toMatch(/display|refresh|jitter|spike|tab|clock/);
    }
    expect(parseState('display=vsync').display).toBe('hz');
  });
});

/** Early (-1) or late (1) against the grid, frames 1 to 8 of the seeded jitter. */
const SIGNS = [-1, 1, -1, 1, 1, 1, -1, 1];
