import type { Random } from '@loop/core';

/**
 * One direction of a conditioned path: added one-way latency and ± uniform jitter (ms), the
 * share of messages lost (0–1), and the share that overtake the message queued before them
 * (0–1).
 */
export interface PathSettings {
  latency: number;
  jitter: number;
  loss: number;
  reorder: number;
}

/** Bytes a queued message may have without an allocation; larger ones grow their slot once. */
const SLOT_BYTES = 256;

/**
 * One direction's queue in a {@link Conditioner}: a ring of preallocated slots, oldest first,
 * due times never decreasing, so a pump only ever looks at the head.
 */
export class Path {
  /** May be changed at any time (the page's controls do). */
  readonly settings: PathSettings = { latency: 0, jitter: 0, loss: 0, reorder: 0 };
  /** Messages sent into the path, delivered, lost by the draw, dropped by a full queue, reordered. */
  readonly counts = { sent: 0, delivered: 0, dropped: 0, overflow: 0, reordered: 0 };
  readonly #due: Float64Array;
  readonly #types: Int32Array;
  readonly #lengths: Int32Array;
  #bytes: Uint8Array[];
  /** A view of each slot at its last length: made again only when a length changes. */
  #views: Uint8Array[];
  #head = 0;
  #size = 0;
  #lastDue = Number.NEGATIVE_INFINITY;

  constructor(
    readonly capacity: number,
    readonly random: Random,
    settings: Partial<PathSettings> | undefined,
  ) {
    Object.assign(this.settings, settings);
    this.#due = new Float64Array(capacity);
    this.#types = new Int32Array(capacity);
    this.#lengths = new Int32Array(capacity);
    this.#bytes = Array.from({ length: capacity }, () => new Uint8Array(SLOT_BYTES));
    this.#views = this.#bytes.slice();
  }

  /** Messages queued, not yet delivered. */
  get size(): number {
    return this.#size;
  }

  /** Queues a copy of `bytes` (the sender may reuse its buffer) unless the draw loses it. */
  push(now: number, type: number, bytes: Uint8Array): void {
    this.counts.sent++;
    const { latency, jitter, loss, reorder } = this.settings;
    // Lost when the draw is below the share: a share of 0 loses nothing, and draws no number.
    if (loss > 0 && this.random.next() < loss) {
      this.counts.dropped++;
      return;
    }
    if (this.#size === this.capacity) {
      this.counts.overflow++;
      return;
    }
    const spread = jitter > 0 ? (this.random.next() * 2 - 1) * jitter : 0;
    // A WebSocket keeps order: a message never overtakes the one before it, it waits behind it.
    const due = Math.max(this.#lastDue, now + Math.max(0, latency + spread));
    this.#lastDue = due;
    const at = (this.#head + this.#size) % this.capacity;
    // A slot grows only for a message longer than it (an exact fit is carried as it is).
    if (bytes.byteLength > this.#bytes[at]!.byteLength) {
      this.#bytes[at] = new Uint8Array(bytes.byteLength);
    }
    this.#bytes[at]!.set(bytes);
    this.#due[at] = due;
    this.#types[at] = type;
    this.#lengths[at] = bytes.byteLength;
    this.#size++;
    if (reorder > 0 && this.#size > 1 && this.random.next() < reorder) this.#overtake(at, due);
  }

  /**
   * The message at `at` overtakes the one queued before it (as over UDP, or a relay that
   * reorders): the two swap places, and the older one waits until the newer one's due time, so
   * neither arrives before its own delay.
   */
  #overtake(at: number, due: number): void {
    const before = (at + this.capacity - 1) % this.capacity;
    const type = this.#types[at]!;
    const length = this.#lengths[at]!;
    const bytes = this.#bytes[at]!;
    const view = this.#views[at]!;
    this.#types[at] = this.#types[before]!;
    this.#lengths[at] = this.#lengths[before]!;
    this.#bytes[at] = this.#bytes[before]!;
    this.#views[at] = this.#views[before]!;
    this.#types[before] = type;
    this.#lengths[before] = length;
    this.#bytes[before] = bytes;
    this.#views[before] = view;
    this.#due[before] = due;
    this.counts.reordered++;
  }

  /** Hands every message due by `now` to `deliver`, oldest first. */
  pump(now: number, deliver: (type: number, bytes: Uint8Array) => void): void {
    while (this.#size > 0 && this.#due[this.#head]! <= now) {
      const at = this.#head;
      this.#head = (this.#head + 1) % this.capacity;
      this.#size--;
      this.counts.delivered++;
      let view = this.#views[at]!;
      // A slot's buffer changes only when it grows, for a message longer than the buffer and so
      // than any view of it: a view of the message's length is a view of the slot's buffer.
      if (view.byteLength !== this.#lengths[at]!) {
        view = this.#bytes[at]!.subarray(0, this.#lengths[at]!);
        this.#views[at] = view;
      }
      deliver(this.#types[at]!, view);
    }
  }
}
