import type { DesyncReport } from './desync.js';
import type { StatePart } from './game.js';
import type { StateHistory } from './history.js';

/** Confirmed checksums kept to compare with late reports: about two seconds at one a tick. */
export const CHECKSUM_HISTORY = 128;

/**
 * The checksums of confirmed ticks (every peer holds every input before them, so their state is
 * final), kept to compare with the other peers' reports of the same ticks. Only confirmed ticks
 * are ever compared: a predicted tick's checksum differs whenever a prediction was wrong, and
 * comparing those is what gives GGRS (#86) and bevy_ggrs (#112) users false desync alarms.
 *
 * Each entry holds the total and one hash per part, so a report that differs names the first
 * part that does: a real session cannot send whole states, but a vector of part hashes says
 * where to look.
 */
export class ConfirmedChecksums {
  readonly #ticks = new Int32Array(CHECKSUM_HISTORY).fill(-1);
  readonly #totals = new Uint32Array(CHECKSUM_HISTORY);
  readonly #parts: Uint32Array;
  /** The newest tick held; −1 none. */
  newest = -1;
  /** Reports compared, and reports of ticks too old to compare (skipped). */
  compared = 0;
  uncompared = 0;

  constructor(
    readonly partCount: number,
    readonly interval: number,
  ) {
    this.#parts = new Uint32Array(CHECKSUM_HISTORY * partCount);
  }

  #slot(tick: number): number {
    return Math.floor(tick / this.interval) % CHECKSUM_HISTORY;
  }

  /** Keeps the checksum of confirmed tick `tick` (a multiple of the interval), from the history. */
  add(tick: number, history: StateHistory): void {
    const slot = this.#slot(tick);
    const from = history.slotOf(tick);
    const n = this.partCount;
    this.#ticks[slot] = tick;
    this.#totals[slot] = history.totals[from]!;
    for (let p = 0; p < n; p++) this.#parts[slot * n + p] = history.hashes[from * n + p]!;
    if (tick > this.newest) this.newest = tick;
  }

  /** True while tick `tick`'s checksum is held. */
  holds(tick: number): boolean {
    return tick >= 0 && this.#ticks[this.#slot(tick)] === tick;
  }

  /** The total checksum of confirmed tick `tick`; −1 when not held. */
  total(tick: number): number {
    return this.holds(tick) ? this.#totals[this.#slot(tick)]! : -1;
  }

  /**
   * The first checksum tick to report to a peer that has compared up to `ack`: the next
   * multiple of the interval after it, or the oldest held when that one is gone. −1 when none
   * is newer than `ack`.
   */
  nextAfter(ack: number): number {
    let tick = ack < 0 ? 0 : (Math.floor(ack / this.interval) + 1) * this.interval;
    if (tick > this.newest) return -1;
    const oldest = this.newest - (CHECKSUM_HISTORY - 1) * this.interval;
    if (tick < oldest) tick = oldest;
    return this.holds(tick) ? tick : -1;
  }

  /** Writes tick `tick`'s total into `out[i]` (the tick must be held). */
  writeTotal(tick: number, out: Uint32Array, i: number): void {
    out[i] = this.#totals[this.#slot(tick)]!;
  }

  /** Whether a report's total `totals[i]` for held tick `tick` equals this peer's. */
  sameTotal(tick: number, totals: Uint32Array, i: number): boolean {
    return this.#totals[this.#slot(tick)] === totals[i];
  }

  /** Writes tick `tick`'s part hashes into `out` (the tick must be held). */
  writeParts(tick: number, out: Uint32Array): void {
    const from = this.#slot(tick) * this.partCount;
    for (let p = 0; p < this.partCount; p++) out[p] = this.#parts[from + p]!;
  }

  /**
   * Compares a peer's report of `tick` (its total `totals[i]`, its part hashes `parts`) with
   * this peer's. Returns null when equal or not comparable (counted), else a report naming the
   * first differing part. Call only for ticks this peer has confirmed.
   */
  compare(
    tick: number,
    totals: Uint32Array,
    i: number,
    parts: Uint32Array,
    peer: number,
    lastMatched: number,
    names: readonly StatePart[],
  ): DesyncReport | null {
    if (!this.holds(tick)) {
      this.uncompared++;
      return null;
    }
    this.compared++;
    const slot = this.#slot(tick);
    if (this.#totals[slot] === totals[i]) return null;
    let part: string | undefined;
    for (let p = 0; p < this.partCount; p++) {
      if (this.#parts[slot * this.partCount + p] !== parts[p]) {
        part = names[p]!.name;
        break;
      }
    }
    // Every part equal and the totals not: the game's own checksum differs.
    part ??= 'checksum';
    return {
      kind: 'peer',
      tick,
      peer,
      part,
      index: -1,
      item: -1,
      field: -1,
      itemName: 'item',
      expected: Number.NaN,
      actual: Number.NaN,
      local: this.#totals[slot]!,
      remote: totals[i]!,
      lastMatched,
    };
  }
}
