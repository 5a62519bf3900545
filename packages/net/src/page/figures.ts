import type { Conditioner } from '../link/conditioner.js';
import type { NetClient } from './net-client.js';

/** The counters a refresh compares with the previous one, to turn totals into rates. */
interface Totals {
  at: number;
  snapshots: number;
  lost: number;
  corrections: number;
  correctionTotal: number;
  starved: number;
}

const read = (client: NetClient<unknown>, at: number): Totals => ({
  at,
  snapshots: client.counts.snapshots,
  lost: client.delay.lost,
  corrections: client.predictor.corrections,
  correctionTotal: client.predictor.correctionTotal,
  starved: client.counts.starved,
});

const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(0)} ms` : '–');

/**
 * The network figures of the overlay, rates over the last one to two seconds (a window of a
 * quarter second holds five snapshots: a loss rate of 0 or 20 %). The overlay asks about four
 * times a second, so nothing here runs per frame. Shown: round trip,
 * interpolation delay, snapshot rate and loss, prediction corrections per second and their
 * mean size (in the game's units), and what the conditioner is doing. A class of its own,
 * without the DOM, so the numbers a player reads are tested in Node; a page shows them in
 * `@loop/core/dom`'s stats overlay (`lines: () => figures.lines(performance.now())`).
 */
export class NetFigures {
  /** Totals at the start of the window the rates cover (1 to 2 s), and at its middle. */
  #base: Totals | undefined;
  #middle: Totals | undefined;

  constructor(
    readonly client: NetClient<unknown>,
    readonly conditioner?: Conditioner,
  ) {}

  /** The lines at local time `now` (ms). */
  lines(now: number): string {
    const c = this.client;
    const totals = read(c, now);
    this.#base ??= totals;
    this.#middle ??= totals;
    const last = this.#base;
    if (now - this.#middle.at >= 1000) {
      this.#base = this.#middle;
      this.#middle = totals;
    }
    const seconds = (totals.at - last.at) / 1000;
    const rate = (d: number) => (seconds > 0 ? d / seconds : 0);
    const snapshots = totals.snapshots - last.snapshots;
    const lost = totals.lost - last.lost;
    const corrections = totals.corrections - last.corrections;
    const size =
      corrections > 0 ? (totals.correctionTotal - last.correctionTotal) / corrections : 0;
    const loss = snapshots + lost > 0 ? (100 * lost) / (snapshots + lost) : 0;
    const n = this.conditioner;
    // Each line at most 44 characters: the overlay fits a phone's 390 CSS pixels.
    const up = n?.up.settings;
    const down = n?.down.settings;
    const path =
      n?.enabled && up && down
        ? `up +${up.latency}±${up.jitter} ms, ${(100 * up.loss).toFixed(0)} % loss\n` +
          `             down +${down.latency}±${down.jitter} ms, ${(100 * down.loss).toFixed(0)} % loss`
        : 'off';
    return [
      `round trip   ${ms(c.clock.rtt)} (best ${ms(c.clock.minRtt)})`,
      `interp delay ${ms(c.delay.current)} → ${ms(c.delay.target)}${c.interpolate ? '' : ' (off)'}`,
      `jitter       ${ms(c.delay.jitter)}`,
      `snapshots    ${rate(snapshots).toFixed(1)}/s, loss ${loss.toFixed(1)} %`,
      `starved      ${rate(totals.starved - last.starved).toFixed(1)}/s`,
      `corrections  ${rate(corrections).toFixed(1)}/s, mean ${size.toFixed(1)} units${c.predict ? '' : ' (off)'}`,
      `ticks        predicted ${c.predictor.tick}, lead ${c.lead}`,
      `server       missed ${c.counts.serverMissed} of our ticks`,
      `conditioner  ${path}`,
    ].join('\n');
  }
}
