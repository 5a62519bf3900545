/**
 * Ticks of input kept per player: a power of two, far more than the prediction, the delay and
 * a packet's redundancy together, so an input is never overwritten while a rollback, a
 * spectator or a rejoining peer may still read it.
 */
export const INPUT_RING = 256;

/** A slot's input: not written, predicted (what the simulation used in its place), or known. */
export const EMPTY = 0;
export const PREDICTED = 1;
export const KNOWN = 2;

/** What {@link PlayerInputs.put} did with an input. */
export const PUT_NEW = 0;
/** The input was known already (a redundant copy) or is older than the ring: ignored. */
export const PUT_OLD = 1;
/** It replaced a prediction that differs from it: the ticks from it on must be stepped again. */
export const PUT_MISPREDICTED = 2;
/** Too far ahead of the inputs held to be kept; the sender sends it again. */
export const PUT_REFUSED = 3;

/**
 * One player's inputs by tick, a ring of {@link INPUT_RING} slots: `inputWords` Int32 words, a
 * presence flag (clear for the ticks the player was away: its input then is neutral) and a kind
 * per slot. A known input comes from the player's peer (or, for the local player, from the
 * game); a predicted one is what the simulation used before the real one came: the last known
 * input, GGPO's prediction, rewritten when a rollback steps the tick again. `received` counts
 * the ticks known from 0 without a gap: inputs arrive out of order and in redundant copies, and
 * a tick is settled only when every tick before it is.
 */
export class PlayerInputs {
  readonly words: Int32Array;
  readonly present: Uint8Array;
  readonly kind: Uint8Array;
  readonly #ticks: Int32Array;
  /** Ticks known without a gap from the first: inputs of ticks [0, received) are settled. */
  received = 0;

  constructor(readonly inputWords: number) {
    this.words = new Int32Array(INPUT_RING * inputWords);
    this.present = new Uint8Array(INPUT_RING);
    this.kind = new Uint8Array(INPUT_RING);
    this.#ticks = new Int32Array(INPUT_RING).fill(-1);
  }

  /** True while the ring holds tick `tick` (known or predicted). */
  holds(tick: number): boolean {
    return tick >= 0 && this.#ticks[tick & (INPUT_RING - 1)] === tick;
  }

  /** True when the input of `tick` is known. */
  known(tick: number): boolean {
    return this.holds(tick) && this.kind[tick & (INPUT_RING - 1)] === KNOWN;
  }

  /** Where tick `tick`'s words start in {@link words}. */
  at(tick: number): number {
    return (tick & (INPUT_RING - 1)) * this.inputWords;
  }

  /** Whether the player was present at `tick` (the slot must be held). */
  presentAt(tick: number): boolean {
    return this.present[tick & (INPUT_RING - 1)] === 1;
  }

  /**
   * Takes the known input of `tick`, words from `source` at `from`. Returns a PUT_* verdict: a
   * prediction already used that differs is PUT_MISPREDICTED (the caller rolls back to it).
   */
  put(tick: number, source: Int32Array, from: number, present: boolean): number {
    if (tick < this.received) return PUT_OLD;
    if (tick >= this.received + INPUT_RING / 2) return PUT_REFUSED;
    const slot = tick & (INPUT_RING - 1);
    const at = slot * this.inputWords;
    const held = this.#ticks[slot] === tick;
    if (held && this.kind[slot] === KNOWN) return PUT_OLD;
    let verdict = PUT_NEW;
    if (held && this.kind[slot] === PREDICTED) {
      const same = this.#same(at, source, from) && (this.present[slot] === 1) === present;
      if (!same) verdict = PUT_MISPREDICTED;
    }
    this.#write(tick, source, from, present, KNOWN);
    this.#settle();
    return verdict;
  }

  /**
   * Makes tick `tick` known as absent (neutral input) even when another input was known for it:
   * the ticks after a player's agreed leaving tick. Returns true when the slot changed.
   */
  absent(tick: number, zeros: Int32Array): boolean {
    const slot = tick & (INPUT_RING - 1);
    const held = this.#ticks[slot] === tick;
    const changed =
      !held || this.present[slot] === 1 || !this.#same(slot * this.inputWords, zeros, 0);
    this.#write(tick, zeros, 0, false, KNOWN);
    this.#settle();
    return changed;
  }

  /**
   * The input used for `tick`: the known one, else a prediction (the input of the last settled
   * tick, `received − 1`, as GGPO predicts; neutral and present when there is none) written into
   * its slot. Returns where the words start.
   */
  use(tick: number, zeros: Int32Array): number {
    if (this.known(tick)) return this.at(tick);
    const last = this.received - 1;
    if (last >= 0 && this.holds(last)) {
      const from = this.at(last);
      this.#write(tick, this.words, from, this.presentAt(last), PREDICTED);
    } else {
      this.#write(tick, zeros, 0, true, PREDICTED);
    }
    return this.at(tick);
  }

  /** Forgets everything and counts `received` ticks as settled (a rejoin's start). */
  reset(received: number): void {
    this.#ticks.fill(-1);
    this.kind.fill(EMPTY);
    this.received = received;
  }

  #write(tick: number, source: Int32Array, from: number, present: boolean, kind: number): void {
    const slot = tick & (INPUT_RING - 1);
    const at = slot * this.inputWords;
    for (let w = 0; w < this.inputWords; w++) this.words[at + w] = source[from + w]!;
    this.#ticks[slot] = tick;
    this.present[slot] = present ? 1 : 0;
    this.kind[slot] = kind;
  }

  #same(at: number, source: Int32Array, from: number): boolean {
    for (let w = 0; w < this.inputWords; w++) {
      if (this.words[at + w] !== source[from + w]) return false;
    }
    return true;
  }

  #settle(): void {
    while (this.known(this.received)) this.received++;
  }
}
