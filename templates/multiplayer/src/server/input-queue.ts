import { INPUT_BYTES } from '../shared/input';
import {
  checkInputMessage,
  type InputVerdict,
  MAX_TICKS_AHEAD,
  newestTickOf,
  readInput,
} from '../shared/protocol';

/** Slots in the ring: more than {@link MAX_TICKS_AHEAD}, so a buffered input is never overwritten. */
const SLOTS = 256;

/**
 * One client's inputs waiting for their tick: a ring indexed by tick, filled from redundant
 * messages (the first copy of a tick's input wins, later copies are the same input) and emptied
 * one tick at a time by the room's step. Typed arrays made once: nothing allocated per message.
 */
export class InputQueue {
  /** The tick each slot holds, −1 when empty. */
  readonly #ticks = new Int32Array(SLOTS).fill(-1);
  readonly #inputs = new Int8Array(SLOTS * INPUT_BYTES);
  /** Newest input tick received (what snapshots acknowledge); −1 before the first. */
  newest = -1;
  /** Messages refused as `late` (all their inputs for ticks already stepped) and as `early`. */
  late = 0;
  early = 0;

  /**
   * Takes an input message received while the server's world is at `tick` (its next step makes
   * tick + 1): checks its shape, drops inputs for ticks already stepped, buffers the others.
   * `late` and `early` messages are counted and ignored; the caller decides what `malformed`
   * and `oversize` cost the client.
   */
  receive(message: unknown, tick: number): InputVerdict {
    const verdict = checkInputMessage(message);
    if (verdict !== 'ok') return verdict;
    const bytes = message as Uint8Array;
    const newest = newestTickOf(bytes);
    if (newest <= tick) {
      this.late++;
      return 'late';
    }
    if (newest > tick + MAX_TICKS_AHEAD) {
      this.early++;
      return 'early';
    }
    const count = bytes[4]!;
    for (let i = 0; i < count; i++) {
      const at = newest - i;
      if (at <= tick) break;
      const slot = at % SLOTS;
      if (this.#ticks[slot] === at) continue;
      this.#ticks[slot] = at;
      readInput(bytes, i, this.#inputs, slot * INPUT_BYTES);
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
    const slot = tick % SLOTS;
    if (this.#ticks[slot] !== tick) return false;
    this.#ticks[slot] = -1;
    for (let k = 0; k < INPUT_BYTES; k++) out[at + k] = this.#inputs[slot * INPUT_BYTES + k]!;
    return true;
  }
}
