/** The default least lead: see {@link InputLeadOptions.min}. */
export const MIN_LEAD = 2;
/** The default most lead: see {@link InputLeadOptions.max}. */
export const MAX_LEAD = 15;
/** The default hold before a tick of lead is given back: see {@link InputLeadOptions.holdMs}. */
export const LEAD_HOLD_MS = 3000;

/** Settings of an {@link InputLead}. */
export interface InputLeadOptions {
  /**
   * The least lead, in ticks past the server's expected arrival time; default 2. One tick would
   * do in exact arithmetic; two keep a rounding of the clock estimate from costing an input.
   */
  min?: number;
  /** The most lead; default 15 (250 ms at 60 Hz): past it the network is too bad for a lead to help. */
  max?: number;
  /** A lead held this long (ms) without a miss gives back a tick; default 3000. */
  holdMs?: number;
}

function check(name: string, value: number, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer of ${min} or more, got ${String(value)}`);
  }
  return value;
}

/**
 * How far ahead of the server a page predicts (and so sends) its inputs, in ticks on top of the
 * one-way trip: enough that each input reaches the server before the tick it is for, no more,
 * since every tick of lead is a tick of latency the player feels. It grows by a tick whenever a
 * snapshot says the server stepped without this client's input, once per round trip (misses
 * reported before the server acknowledged an input sent after the last raise are the old
 * lead's), and shrinks by one after {@link InputLeadOptions.holdMs} without a miss, so a
 * transient costs no lasting latency. The idea of Overwatch's adaptive input buffer (Timothy
 * Ford, "Overwatch Gameplay Architecture and Netcode", GDC 2017), driven by the snapshot's
 * miss counter.
 */
export class InputLead {
  readonly min: number;
  readonly max: number;
  readonly holdMs: number;
  /** The lead in force, in ticks. */
  lead: number;
  #missed = -1;
  #lastMiss = 0;
  #raisedAt = -1;

  constructor(options: InputLeadOptions = {}) {
    this.min = check('min', options.min ?? MIN_LEAD, 0);
    this.max = check('max', options.max ?? MAX_LEAD, this.min);
    this.holdMs = check('holdMs', options.holdMs ?? LEAD_HOLD_MS, 0);
    this.lead = this.min;
  }

  /**
   * Takes a snapshot's miss counter (a u16 that wraps), whether the client was sending (the
   * server had acknowledged an input: misses before that are not the lead's), the newest
   * acknowledged tick, the tick predicted so far and the local time. Returns the new misses.
   */
  observe(missed: number, sending: boolean, ack: number, tick: number, now: number): number {
    // The hold runs from the first snapshot, so a lead set before it is not given back at once.
    if (this.#missed < 0) this.#lastMiss = now;
    // The first snapshot's counter is the baseline: misses before it are not this lead's.
    const more = this.#missed < 0 ? 0 : (missed - this.#missed) & 0xffff;
    this.#missed = missed;
    if (more > 0 && sending) {
      this.#lastMiss = now;
      if (ack > this.#raisedAt) {
        this.lead = Math.min(this.max, this.lead + 1);
        this.#raisedAt = tick;
      }
      return more;
    }
    if (now - this.#lastMiss > this.holdMs && this.lead > this.min) {
      this.lead--;
      this.#lastMiss = now;
    }
    return 0;
  }
}
