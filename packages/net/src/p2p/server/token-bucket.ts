/**
 * A rate on a clock of its own (a token bucket): `burst` at once, `perSecond` after that. What a
 * stranger's connection may send is paid for here, one token a frame, so a flood costs the
 * flooder its connection and the server a comparison per frame. The room's `Budget` does the
 * same on the room's ticks; a signaling server has no ticks, so this one reads its clock.
 */
export class TokenBucket {
  #tokens: number;
  #at: number;

  constructor(
    readonly perSecond: number,
    readonly burst: number,
    readonly now: () => number,
  ) {
    this.#tokens = burst;
    this.#at = now();
  }

  /** Pays one token: false when none is left. */
  take(): boolean {
    const now = this.now();
    this.#tokens = Math.min(this.burst, this.#tokens + ((now - this.#at) / 1000) * this.perSecond);
    this.#at = now;
    if (this.#tokens < 1) return false;
    this.#tokens--;
    return true;
  }
}
