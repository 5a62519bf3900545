/**
 * A triple buffer over a `SharedArrayBuffer`: one writer thread hands its newest slot to one
 * reader thread, and neither ever waits or sees a slot the other is writing. Three slots, each
 * owned by exactly one party at any moment: the writer's back slot, the reader's front slot,
 * and the middle one, owned by nobody, whose index sits in one shared Int32 word with a
 * "fresh" bit. Publishing swaps the back slot into the middle and takes the old middle back;
 * acquiring swaps the front slot into the middle and takes the fresh one. Each swap is a single
 * `Atomics.exchange`, so there is no retry loop to get wrong (a compare-exchange loop that
 * never reloads its expected value silently skips swaps) and no lost slot.
 *
 * Why not a sequence lock around plain reads: the JavaScript memory model makes aligned reads
 * tear-free only through integer typed arrays, and lets plain reads move across the closing
 * atomic load, so a seqlock over Float32Array payloads is not guaranteed. Here the payload is
 * only ever touched by the slot's owner, and the exchange (sequentially consistent) orders the
 * writer's plain writes before the reader's plain reads: no data race at all.
 */

/** Bytes before the first slot: the control word, padded so slots start 8-byte aligned. */
const CONTROL_BYTES = 8;
/** The "fresh" bit of the control word: the middle slot holds a snapshot not yet acquired. */
const FRESH = 4;
/** The low bits of the control word: the middle slot's index. */
const INDEX = 3;

/** Bytes of a triple buffer of slots of `slotBytes`. */
export function tripleBufferBytes(slotBytes: number): number {
  return CONTROL_BYTES + 3 * slotBytes;
}

/** Byte offset of slot `index` (0, 1 or 2). */
export function slotOffset(index: number, slotBytes: number): number {
  return CONTROL_BYTES + index * slotBytes;
}

/**
 * Makes a triple buffer's memory: slot 0 starts as the writer's, 2 as the reader's, 1 in the
 * middle with nothing fresh. Hand the buffer to both threads.
 */
export function createTripleBuffer(slotBytes: number): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(tripleBufferBytes(slotBytes));
  Atomics.store(new Int32Array(buffer, 0, 1), 0, 1);
  return buffer;
}

/** The writer's end: write into slot `back`, then `publish()`. */
export class TripleWriter {
  /** The slot this end owns and writes: 0, 1 or 2. */
  back = 0;
  private readonly control: Int32Array;

  constructor(buffer: SharedArrayBuffer) {
    this.control = new Int32Array(buffer, 0, 1);
  }

  /** Hands the back slot to the reader as the newest, and takes the middle one to write next. */
  publish(): void {
    this.back = Atomics.exchange(this.control, 0, this.back | FRESH) & INDEX;
  }
}

/** The reader's end: `acquire()`, then read slot `front` until the next acquire. */
export class TripleReader {
  /** The slot this end owns and reads: 0, 1 or 2. */
  front = 2;
  private readonly control: Int32Array;

  constructor(buffer: SharedArrayBuffer) {
    this.control = new Int32Array(buffer, 0, 1);
  }

  /**
   * Takes the newest slot if one was published since the last acquire (true), giving the
   * front slot back; otherwise keeps the front slot (false). Never waits.
   */
  acquire(): boolean {
    if ((Atomics.load(this.control, 0) & FRESH) === 0) return false;
    this.front = Atomics.exchange(this.control, 0, this.front) & INDEX;
    return true;
  }
}
