/** Ping samples kept: about four seconds at the client's default of a ping every 250 ms. */
export const CLOCK_WINDOW = 16;
/** An estimate this far from the one in force is taken at once; closer ones are slewed. */
export const CLOCK_JUMP_MS = 100;
/** The most the offset in force moves per sample while slewing, so drawn time never lurches. */
export const CLOCK_SLEW_MS = 2;

/**
 * The server's clock as seen from a page: an offset (server time = local time + offset) and a
 * round trip, estimated from pings. Every pong gives a sample: the local send and receive
 * times and the server's time when it answered. The offset is taken from the sample with the
 * smallest round trip in the window, the one whose error (at most half its round trip) is
 * smallest: NTP's clock filter (Mills, RFC 5905), so a spike (a packet held in a queue) never
 * moves it. The round trip shown and used for leads is the window's median, for the same
 * reason. The offset in force follows the estimate by at most {@link CLOCK_SLEW_MS} per
 * sample, or jumps when more than {@link CLOCK_JUMP_MS} away (the first sample, a server
 * restart): a continuous estimate, never one fixed at connect time (the weakness users report
 * in `@geckos.io/snapshot-interpolation`). Fixed typed arrays: no allocation per sample.
 */
export class ServerClock {
  readonly #rtt = new Float64Array(CLOCK_WINDOW);
  readonly #offset = new Float64Array(CLOCK_WINDOW);
  readonly #sorted = new Float64Array(CLOCK_WINDOW);
  #count = 0;
  #next = 0;
  /** The offset in force, in ms: server time = local time + offset. NaN before the first sample. */
  offset = Number.NaN;
  /** The median round trip in the window, in ms. NaN before the first sample. */
  rtt = Number.NaN;
  /** The smallest round trip in the window: the path's floor, without queueing. */
  minRtt = Number.NaN;
  /** Samples refused: received before sent, or not finite (a stranger's pong, a clock that stepped back). */
  refused = 0;

  /** True once a sample has been taken: before that there is no server time to speak of. */
  get synced(): boolean {
    return this.#count > 0;
  }

  /** The server's time now, by the offset in force: `local + offset`. */
  serverTime(local: number): number {
    return local + this.offset;
  }

  /**
   * Takes a pong: the local time the ping left, the server's time in the pong, and the local
   * time the pong arrived (all ms). Returns false, and changes nothing, for an impossible one.
   */
  sample(sentAt: number, serverTime: number, receivedAt: number): boolean {
    const rtt = receivedAt - sentAt;
    // A send time of −Infinity (a stranger's echo) would give an infinite round trip: refused too.
    if (
      !(rtt >= 0 && rtt < Number.POSITIVE_INFINITY) ||
      !Number.isFinite(serverTime) ||
      !Number.isFinite(receivedAt)
    ) {
      this.refused++;
      return false;
    }
    this.#rtt[this.#next] = rtt;
    // The server answered halfway through the round trip, as far as anyone can tell.
    this.#offset[this.#next] = serverTime + rtt / 2 - receivedAt;
    this.#next = (this.#next + 1) % CLOCK_WINDOW;
    if (this.#count < CLOCK_WINDOW) this.#count++;
    this.#estimate();
    return true;
  }

  #estimate(): void {
    let best = 0;
    for (let i = 1; i < this.#count; i++) if (this.#rtt[i]! < this.#rtt[best]!) best = i;
    const target = this.#offset[best]!;
    this.minRtt = this.#rtt[best]!;
    const off = target - this.offset;
    if (!(Math.abs(off) <= CLOCK_JUMP_MS)) this.offset = target;
    else this.offset += Math.max(-CLOCK_SLEW_MS, Math.min(CLOCK_SLEW_MS, off));
    this.rtt = this.#median();
  }

  /** The median of the window's round trips, by insertion sort into scratch (at most 16). */
  #median(): number {
    const n = this.#count;
    const s = this.#sorted;
    for (let i = 0; i < n; i++) {
      const v = this.#rtt[i]!;
      let j = i;
      // Stryker disable next-line EqualityOperator,ConditionalExpression: at j = 0, s[-1] is undefined and stops the loop as j > 0 does (so j >= 0, and j > 0 made true, change nothing); >= only moves equal values; sorted the other way (<=) the median is the same (the loop's false, j <= 0 and the comparison made true are killed)
      for (; j > 0 && s[j - 1]! > v; j--) s[j] = s[j - 1]!;
      s[j] = v;
    }
    return n % 2 === 1 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
  }
}
