import type { InputVerdict, Wire } from '../wire/define-wire.js';

/** Slots in the ring, at least: more than the wire's `maxTicksAhead`, so a buffered input is never overwritten. */
const MIN_SLOTS = 256;

/**
 * One client's inputs waiting for their tick: a ring indexed by tick, filled from redundant
 * messages (the first copy of a tick's input wins, later copies are the same input) and emptied
 * one tick at a time by the room's step. Typed arrays made once, sized by the game's wire:
 * nothing allocated per message.
 */
export class InputQueue {
  readonly #wire: Wire;
  readonly #slots: number;
  /** The tick each slot holds, −1 when empty. */
  readonly #ticks: Int32Array;
  readonly #inputs: Int8Array;
  /** Newest input tick received (what snapshots acknowledge); −1 before the first. */
  newest = -1;
  /** Messages refused as `late` (all their inputs for ticks already stepped) and as `early`. */
  late = 0;
  early = 0;

  constructor(wire: Wire) {
    this.#wire = wire;
    this.#slots = Math.max(MIN_SLOTS, wire.maxTicksAhead + 1);
    this.#ticks = new Int32Array(this.#slots).fill(-1);
    this.#inputs = new Int8Array(this.#slots * wire.inputBytes);
  }

  /**
   * Takes an input message received while the server's world is at `tick` (its next step makes
   * tick + 1): checks its shape, drops inputs for ticks already stepped, buffers the others.
   * `late` and `early` messages are counted and ignored; the caller decides what `malformed`
   * and `oversize` cost the client.
   */
  receive(message: unknown, tick: number): InputVerdict {
    const wire = this.#wire;
    const verdict = wire.checkInputMessage(message);
    if (verdict !== 'ok') return verdict;
    const bytes = message as Uint8Array;
    const newest = wire.newestTickOf(bytes);
    if (newest <= tick) {
      this.late++;
      return 'late';
    }
    if (newest > tick + wire.maxTicksAhead) {
      this.early++;
      return 'early';
    }
    const count = wire.inputCountOf(bytes);
    for (let i = 0; i < count; i++) {
      const at = newest - i;
      if (at <= tick) break;
      const slot = at % this.#slots;
      if (this.#ticks[slot] === at) continue;
      this.#ticks[slot] = at;
      wire.readInput(bytes, i, this.#inputs, slot * wire.inputBytes);
    }
    // Stryker disable next-line EqualityOperator: at newest === this.newest it writes the same number
    if (newest > this.newest) this.newest = newest;
    return 'ok';
  }

  /** Forgets every input waiting for its tick (a dropped client's: its stick is let go). */
  clear(): void {
    this.#ticks.fill(-1);
  }

  /**
   * Copies the input for `tick` into `out` at `at` and returns true; false when it has not come
   * (the world then keeps the previous input, and the caller counts a miss).
   */
  take(tick: number, out: Int8Array, at: number): boolean {
    const slot = tick % this.#slots;
    if (this.#ticks[slot] !== tick) return false;
    this.#ticks[slot] = -1;
    const n = this.#wire.inputBytes;
    for (let k = 0; k < n; k++) out[at + k] = this.#inputs[slot * n + k]!;
    return true;
  }
}
