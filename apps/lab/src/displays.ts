import { Random } from '@loop/core';

/**
 * The display clocks every lane is driven by. A simulated display hands out frame timestamps
 * computed from a refresh rate and a seeded {@link Random}, never from the machine's own
 * monitor or clock, so what the lab shows (and what its tests read) is the same everywhere.
 */

/** Where frames come from: the real display (requestAnimationFrame) or a simulated one. */
export type DisplayKind = 'raf' | 'hz' | 'vrr' | 'jitter' | 'spikes' | 'hidden' | 'backstep';

/** Every kind, in menu order. */
export const DISPLAY_KINDS: readonly DisplayKind[] = [
  'raf',
  'hz',
  'vrr',
  'jitter',
  'spikes',
  'hidden',
  'backstep',
];

/** The refresh rates offered for simulated displays, in Hz. */
export const RATES: readonly number[] = [30, 50, 60, 75, 90, 120, 144, 240];

/** How each kind is named in the menu. */
export const DISPLAY_LABELS: Readonly<Record<DisplayKind, string>> = {
  raf: 'real display (requestAnimationFrame)',
  hz: 'simulated display, steady refresh',
  vrr: 'variable refresh (48 Hz up to the rate)',
  jitter: 'vsync jitter',
  spikes: 'periodic spikes (a GC pause each second)',
  hidden: 'hidden-tab gap every 5 s',
  backstep: 'clock that steps back every 2 s',
};

/** A simulated display: its kind and the sizes its kind uses (all times in ms). */
export interface DisplaySpec {
  readonly kind: DisplayKind;
  /** Refresh rate in Hz (the top rate of a variable-refresh display). */
  readonly hz: number;
  /** Jitter: each vsync moves by up to ± this many ms. */
  readonly jitter: number;
  /** Spikes: length of the pause once a second. */
  readonly spike: number;
  /** Hidden tab: length of the gap every 5 s. */
  readonly gap: number;
  /** Clock step back: how far the clock jumps back every 2 s. */
  readonly back: number;
}

/** The time of the first frame: a page that has been open a second, as in the bench traces. */
export const START_MS = 1000;
/** Slowest rate of the variable-refresh display, in Hz (a common VRR floor). */
const VRR_FLOOR_HZ = 48;
/** Every display uses the same seed, so every run of the lab sees the same frames. */
const SEED = 9;

/**
 * A simulated display. `next(earliest)` moves to the next frame that can be shown no sooner
 * than `earliest` (the end of the work the last frame did): with no work that is the next
 * vsync; with more work than a refresh, frames are missed, as on a real display. `real` is the
 * time the frame really happens; `stamp` is what the clock says (they differ only for the clock
 * that steps back), so the lanes get `stamp` and the ghosts follow `real`.
 */
export class SimDisplay {
  /** Frames so far (0 before the first call of next()). */
  frames = 0;
  /** Real time of the current frame in ms. */
  real = 0;
  /** Timestamp the clock reports for the current frame in ms. */
  stamp = 0;
  /** Index of the current vsync on the grid of `1000 / hz`. */
  // Stryker disable next-line UnaryOperator: the first frame sets it to 0 before it is read
  private vsync = -1;
  /** How far the clock has stepped back so far, in ms. */
  private offset = 0;
  private readonly period: number;
  private readonly random = new Random(SEED);

  constructor(readonly spec: DisplaySpec) {
    this.period = 1000 / spec.hz;
  }

  /** Moves to the next frame not before `earliest` ms (real time) and returns its real time. */
  next(earliest: number): number {
    const { spec, period } = this;
    const first = this.frames === 0;
    this.frames++;
    if (first) {
      this.vsync = 0;
      this.real = START_MS;
      this.stamp = START_MS;
      return this.real;
    }
    let ready = Math.max(earliest, this.real);
    const perSecond = Math.round(spec.hz);
    if (spec.kind === 'spikes' && this.frames % perSecond === 0) ready += spec.spike;
    if (spec.kind === 'hidden' && this.frames % (5 * perSecond) === 0) ready += spec.gap;
    if (spec.kind === 'backstep' && this.frames % (2 * perSecond) === 0) this.offset += spec.back;
    if (spec.kind === 'vrr') {
      // Variable refresh: the panel shows a frame when it is ready, any time between the top
      // rate and the floor; here the content takes a seeded random time in that range.
      const slowest = 1000 / VRR_FLOOR_HZ;
      const interval = period + this.random.next() * (slowest - period);
      this.real = Math.max(this.real + interval, ready);
    } else {
      // A fixed refresh: the first vsync after the frame is ready (strictly after the last).
      const k = Math.ceil((ready - START_MS) / period - 1e-9);
      this.vsync = Math.max(this.vsync + 1, k);
      let t = START_MS + this.vsync * period;
      if (spec.kind === 'jitter') {
        // Each vsync moves by up to ± jitter, not cumulatively (a real vsync clock does not
        // drift), and never before the previous frame.
        t = Math.max(this.real + 0.01, t + (this.random.next() * 2 - 1) * spec.jitter);
      }
      this.real = t;
    }
    this.stamp = this.real - this.offset;
    return this.real;
  }
}
