/**
 * A log that writes at most `burst` lines at once and `perSecond` after that (a token bucket on
 * the clock it is given), counting what it leaves out and saying so on the next line it writes:
 * a client that sends a million bad messages costs the log a few lines, not a million stack
 * traces, and a reader still learns how many there were.
 */
export class LogLimit {
  /** Lines left out since the last line written. */
  suppressed = 0;
  #tokens: number;
  #at: number;

  constructor(
    readonly burst: number,
    readonly perSecond: number,
    readonly write: (line: string) => void,
    readonly now: () => number,
  ) {
    this.#tokens = burst;
    this.#at = now();
  }

  /** Writes `line` if the budget allows, else counts it; returns whether it was written. */
  line(line: string): boolean {
    const now = this.now();
    const refill = ((now - this.#at) / 1000) * this.perSecond;
    this.#at = now;
    this.#tokens = Math.min(this.burst, this.#tokens + Math.max(0, refill));
    if (this.#tokens < 1) {
      this.suppressed++;
      return false;
    }
    this.#tokens--;
    const left = this.suppressed;
    this.suppressed = 0;
    this.write(left > 0 ? `${line} (and ${left} lines left out before it)` : line);
    return true;
  }
}
