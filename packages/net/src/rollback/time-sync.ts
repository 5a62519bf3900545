/** Ticks of frame advantage averaged: a quarter of a second at 60 ticks a second. */
export const ADVANTAGE_WINDOW = 16;
/** Ticks ahead (on average) past which a peer skips a tick now and then. */
export const SKIP_AHEAD = 1;
/** The fewest ticks between two skipped ticks: a peer ahead slows by at most one tick in this many. */
export const SKIP_INTERVAL = 8;
/** Ticks behind the others (estimated now) from which a peer steps twice in one update to catch up. */
export const CATCH_UP_BEHIND = 3;

/**
 * Frame advantage with one remote peer, as GGPO computes it: the local advantage is how far the
 * remote is ahead of this peer (its last frame heard, plus the one-way trip in ticks, minus this
 * peer's frame); the remote advantage is the same figure as the remote computed it of this peer,
 * sent in its packets. Each is averaged over `ADVANTAGE_WINDOW` ticks, and half their
 * difference is how many ticks this peer runs ahead: the peer that is ahead waits a little so
 * the one behind is not left predicting (and stalling at its prediction limit). Halving splits
 * the difference, since the other peer sees it too. Fixed arrays: no allocation.
 */
export class FrameAdvantage {
  readonly #local = new Float64Array(ADVANTAGE_WINDOW);
  readonly #remote = new Float64Array(ADVANTAGE_WINDOW);
  readonly #out = new Float64Array(1);
  #count = 0;
  #next = 0;

  /** Takes one tick's pair: this peer's local advantage and the remote's (from its packet). */
  add(local: number, remote: number): void {
    this.#local[this.#next] = local;
    this.#remote[this.#next] = remote;
    this.#next = (this.#next + 1) % ADVANTAGE_WINDOW;
    if (this.#count < ADVANTAGE_WINDOW) this.#count++;
  }

  /**
   * Ticks this peer runs ahead of the remote, on average: (remote − local) / 2. 0 until the
   * window is full, so a peer never slows on the first samples.
   */
  get ahead(): number {
    this.measure(this.#out, 0);
    return this.#out[0]!;
  }

  /** {@link ahead} written into `out[at]`: a double returned from a call is boxed, written is not. */
  measure(out: Float64Array, at: number): void {
    out[at] = 0;
    if (this.#count < ADVANTAGE_WINDOW) return;
    let local = 0;
    let remote = 0;
    for (let i = 0; i < ADVANTAGE_WINDOW; i++) {
      local += this.#local[i]!;
      remote += this.#remote[i]!;
    }
    out[at] = (remote - local) / (2 * ADVANTAGE_WINDOW);
  }

  /** Forgets the samples (after a skip, so one skip is judged on what follows it). */
  clear(): void {
    this.#count = 0;
    this.#next = 0;
  }
}

/**
 * The input delay for a round trip: the one-way trip in ticks, rounded up, within [min, max].
 * An input delayed by the one-way trip reaches the other peers in time for its tick, so they
 * never predict it; a longer trip than `max` allows is covered by prediction instead (Photon
 * Quantum's and GGPO's split: delay for the part of the trip players do not feel, rollback
 * for the rest). NaN (no sample yet) gives `min`.
 */
export function chooseDelay(rtt: number, timestep: number, min: number, max: number): number {
  if (!(rtt >= 0)) return min;
  // The small slack keeps an exact multiple exact: 100 ms at 60 Hz is 3 ticks, not 3.0000000000000004.
  const ticks = Math.ceil(rtt / (2 * timestep) - 1e-9);
  return Math.min(max, Math.max(min, ticks));
}
