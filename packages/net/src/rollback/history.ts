import { isOpaque, type PartArray, type RollbackGame } from './game.js';
import { hashInto } from './hash.js';

type PartConstructor = new (length: number) => PartArray;

/** Bytes of an opaque game's snapshot a slot holds before it grows (once, to the size needed). */
const OPAQUE_START_BYTES = 1024;

/** A byte view of a typed array's own elements. */
function bytesOf(array: PartArray): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

/**
 * The saved states of the last `slots` ticks, a ring indexed by tick, for rollback: what a
 * state was before a tick, so the tick can be stepped again with the inputs that really came.
 * Each slot holds a copy of every part (the whole state of a typed-array game; the diagnostic
 * view of an opaque one, whose snapshot bytes it holds too), the part's checksums and the
 * total. Every array is made when the history is: saving and loading copy into them, nothing
 * is allocated per tick (an opaque game's snapshot bytes grow their slot when a snapshot is
 * larger than any before, and get a new view when their length changes).
 *
 * The checksum of a state is `hashNumbers` (`hashInto` here) over each part (a part's hash), then over the part
 * hashes and the game's own `checksum()`: so two states with equal totals are equal part by
 * part, and a total that differs comes with the part hashes that say where.
 */
export class StateHistory {
  readonly slots: number;
  readonly parts: number;
  readonly #game: RollbackGame;
  readonly #opaque: boolean;
  readonly #ticks: Int32Array;
  readonly #copies: PartArray[][];
  readonly #copyBytes: Uint8Array[][];
  readonly #liveBytes: Uint8Array[];
  /** Per slot: each part's hash (`parts` per slot), the total, the game's own checksum. */
  readonly hashes: Uint32Array;
  readonly totals: Uint32Array;
  readonly gameSums: Uint32Array;
  /** The live state's hashes, total and game checksum, as {@link hashLive} left them. */
  readonly liveHashes: Uint32Array;
  readonly liveTotal = new Uint32Array(1);
  readonly liveGameSum = new Uint32Array(1);
  readonly #hashViews: Uint32Array[];
  #snapshots: Uint8Array[];
  #snapshotViews: Uint8Array[];
  readonly #scratch = new Float64Array(1);
  /**
   * Each part's values as doubles (views of one buffer, made once), and the part hashes: what
   * is hashed. The hash reads a Float64Array only: read from arrays of many kinds (a game's
   * Int32Array, Float32Array, Uint8Array parts), one function's element loads go generic in V8
   * past four kinds, and a generic load of a fraction boxes it, an allocation per element.
   */
  readonly #wide: Float64Array[];
  readonly #wideHashes: Float64Array;

  constructor(game: RollbackGame, slots: number) {
    this.slots = slots;
    this.parts = game.parts.length;
    this.#game = game;
    this.#opaque = isOpaque(game);
    this.#ticks = new Int32Array(slots).fill(-1);
    this.#copies = Array.from({ length: slots }, () =>
      game.parts.map((part) => new (part.array.constructor as PartConstructor)(part.array.length)),
    );
    this.#copyBytes = this.#copies.map((copies) => copies.map(bytesOf));
    this.#liveBytes = game.parts.map((part) => bytesOf(part.array));
    this.hashes = new Uint32Array(slots * this.parts);
    this.#hashViews = Array.from({ length: slots }, (_, s) =>
      this.hashes.subarray(s * this.parts, (s + 1) * this.parts),
    );
    this.totals = new Uint32Array(slots);
    this.gameSums = new Uint32Array(slots);
    this.liveHashes = new Uint32Array(this.parts);
    this.#snapshots = this.#opaque
      ? Array.from({ length: slots }, () => new Uint8Array(OPAQUE_START_BYTES))
      : [];
    this.#snapshotViews = this.#snapshots.slice();
    const widest = Math.max(0, ...game.parts.map((part) => part.array.length));
    const wide = new Float64Array(widest);
    this.#wide = game.parts.map((part) => wide.subarray(0, part.array.length));
    this.#wideHashes = new Float64Array(this.parts);
  }

  /** The slot of `tick` in the ring. */
  slotOf(tick: number): number {
    return tick % this.slots;
  }

  /** True while the ring still holds the state of `tick`. */
  has(tick: number): boolean {
    return tick >= 0 && this.#ticks[this.slotOf(tick)] === tick;
  }

  /**
   * Hashes the live state (parts as they are now: an opaque game has captured them) into
   * {@link liveHashes}, {@link liveTotal} and {@link liveGameSum}: written, not returned, so no
   * number is boxed.
   */
  hashLive(): void {
    const parts = this.#game.parts;
    const hashes = this.liveHashes;
    for (let p = 0; p < parts.length; p++) {
      const wide = this.#wide[p]!;
      wide.set(parts[p]!.array);
      hashes[p] = 0;
      hashInto(wide, hashes, p);
    }
    this.#wideHashes.set(hashes);
    this.liveTotal[0] = 0;
    hashInto(this.#wideHashes, this.liveTotal, 0);
    const own = this.#game.checksum;
    if (own !== undefined) {
      this.liveGameSum[0] = own.call(this.#game);
      this.#scratch[0] = this.liveGameSum[0]!;
      hashInto(this.#scratch, this.liveTotal, 0);
    }
  }

  /** Saves the live state as the state of `tick` (before it is stepped), with its checksums. */
  save(tick: number): void {
    const slot = this.slotOf(tick);
    this.#ticks[slot] = tick;
    const copies = this.#copies[slot]!;
    const parts = this.#game.parts;
    for (let p = 0; p < parts.length; p++) copies[p]!.set(parts[p]!.array);
    if (this.#opaque) this.#keepSnapshot(slot, this.#game.save!());
    this.hashLive();
    this.#hashViews[slot]!.set(this.liveHashes);
    this.totals[slot] = this.liveTotal[0]!;
    this.gameSums[slot] = this.liveGameSum[0]!;
  }

  #keepSnapshot(slot: number, bytes: Uint8Array): void {
    // A slot grows only for a snapshot longer than it: one of its size is kept where it is.
    if (bytes.byteLength > this.#snapshots[slot]!.byteLength) {
      this.#snapshots[slot] = new Uint8Array(bytes.byteLength);
    }
    const into = this.#snapshots[slot]!;
    into.set(bytes);
    let view = this.#snapshotViews[slot]!;
    if (view.buffer !== into.buffer || view.byteLength !== bytes.byteLength) {
      view = into.subarray(0, bytes.byteLength);
      this.#snapshotViews[slot] = view;
    }
  }

  /** Loads the state saved for `tick` into the game; false (nothing changed) when it is gone. */
  load(tick: number): boolean {
    if (!this.has(tick)) return false;
    const slot = this.slotOf(tick);
    if (this.#opaque) {
      this.#game.load!(this.#snapshotViews[slot]!);
      this.#game.capture?.();
      return true;
    }
    const copies = this.#copies[slot]!;
    const parts = this.#game.parts;
    for (let p = 0; p < parts.length; p++) parts[p]!.array.set(copies[p]!);
    return true;
  }

  /** The total checksum of the state of `tick` (held: see {@link has}). */
  checksum(tick: number): number {
    return this.totals[this.slotOf(tick)]!;
  }

  /** The saved copy of part `part` for `tick`. */
  copy(tick: number, part: number): PartArray {
    return this.#copies[this.slotOf(tick)]![part]!;
  }

  /**
   * The first difference between the live parts and those saved for `tick`, bit for bit:
   * `out[0]` the part, `out[1]` the index; false when they are equal.
   */
  diffLive(tick: number, out: Int32Array): boolean {
    const saved = this.#copyBytes[this.slotOf(tick)]!;
    for (let p = 0; p < this.parts; p++) {
      const live = this.#liveBytes[p]!;
      const copy = saved[p]!;
      for (let i = 0; i < live.length; i++) {
        if (live[i] !== copy[i]) {
          out[0] = p;
          out[1] = Math.floor(i / this.#game.parts[p]!.array.BYTES_PER_ELEMENT);
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The state of `tick` as bytes, to send to a rejoining peer or start a recording: an opaque
   * game's snapshot, or every part's bytes one after another. A new array (not per tick).
   */
  bytes(tick: number): Uint8Array {
    const slot = this.slotOf(tick);
    if (this.#opaque) return this.#snapshotViews[slot]!.slice();
    const saved = this.#copyBytes[slot]!;
    const out = new Uint8Array(saved.reduce((sum, b) => sum + b.length, 0));
    let at = 0;
    for (const b of saved) {
      out.set(b, at);
      at += b.length;
    }
    return out;
  }

  /** Writes a state from `bytes` into the game; false when its size cannot be the game's. */
  restore(bytes: Uint8Array): boolean {
    if (this.#opaque) {
      this.#game.load!(bytes);
      this.#game.capture?.();
      return true;
    }
    const live = this.#liveBytes;
    if (bytes.length !== live.reduce((sum, b) => sum + b.length, 0)) return false;
    let at = 0;
    for (const b of live) {
      b.set(bytes.subarray(at, at + b.length));
      at += b.length;
    }
    return true;
  }

  /** Forgets every saved state (a rejoin starts over from a state received). */
  clear(): void {
    this.#ticks.fill(-1);
  }
}
