import { createTripleBuffer, slotOffset, TripleReader, TripleWriter } from './triple-buffer.js';

/**
 * The two transports of a worker loop behind one pair of interfaces. Both hand over whole
 * slots, newest wins, and a slot is only ever touched by the end that owns it, so a reader can
 * never see half of one step and half of the next:
 *
 * - `shared`: a triple buffer in a `SharedArrayBuffer` (triple-buffer.ts). No copy, no message,
 *   nothing allocated per snapshot. Needs a cross-origin isolated page (COOP and COEP headers).
 * - `message`: `ArrayBuffer`s transferred with `postMessage` (moved, not copied) and given back
 *   for reuse once a newer one arrived. Works on any host; each snapshot costs a message and
 *   its views, and while the reader is blocked the writer allocates a buffer per snapshot
 *   published meanwhile (kept for reuse afterwards).
 */
export type Transport = 'shared' | 'message';

/** The end that writes: fill `back`, then `publish()`. */
export interface SlotWriter<V> {
  /** The slot to write next; the same object until `publish()`. */
  readonly back: V;
  /** Hands `back` over as the newest and takes another slot to write. */
  publish(): void;
  /**
   * Buffers this end has made: a handful on the message transport when the reader keeps up,
   * more only while it is blocked; 0 on the shared one, whose memory is made once, up front.
   */
  readonly allocated: number;
}

/** The end that reads: `acquire()`, then read `front` until the next acquire. */
export interface SlotReader<V> {
  /** The newest slot acquired (all zeros before the first). */
  readonly front: V;
  /** Takes the newest slot published since the last acquire: true if there was one. */
  acquire(): boolean;
}

/** Makes the views of the slot at byte `at` of `buffer`. */
export type ViewMaker<V> = (buffer: ArrayBufferLike, at: number) => V;

/** The memory of a shared transport for slots of `slotBytes`: give it to both ends. */
export function sharedMemory(slotBytes: number): SharedArrayBuffer {
  return createTripleBuffer(slotBytes);
}

function sharedViews<V>(buffer: SharedArrayBuffer, slotBytes: number, view: ViewMaker<V>): V[] {
  return [0, 1, 2].map((i) => view(buffer, slotOffset(i, slotBytes)));
}

/** The writing end of a shared transport. */
export function sharedWriter<V>(
  buffer: SharedArrayBuffer,
  slotBytes: number,
  view: ViewMaker<V>,
): SlotWriter<V> {
  const views = sharedViews(buffer, slotBytes, view);
  const ends = new TripleWriter(buffer);
  return {
    get back() {
      return views[ends.back]!;
    },
    publish() {
      ends.publish();
    },
    allocated: 0,
  };
}

/** The reading end of a shared transport. */
export function sharedReader<V>(
  buffer: SharedArrayBuffer,
  slotBytes: number,
  view: ViewMaker<V>,
): SlotReader<V> {
  const views = sharedViews(buffer, slotBytes, view);
  const ends = new TripleReader(buffer);
  return {
    get front() {
      return views[ends.front]!;
    },
    acquire() {
      return ends.acquire();
    },
  };
}

/**
 * The writing end of a message transport. `send` posts a buffer to the reader, transferred;
 * the reader's end gives superseded buffers back, which arrive at `recycle`.
 */
export class MessageWriter<V> implements SlotWriter<V> {
  /** Buffers this end has made: 3 or 4 when the reader keeps up, more after it was blocked. */
  allocated = 0;

  /** Buffers sent and not given back yet. */
  get inFlight(): number {
    return this.allocated - this.pool.length - (this.buffer === undefined ? 0 : 1);
  }
  private readonly pool: ArrayBuffer[] = [];
  private buffer: ArrayBuffer | undefined;
  private view: V | undefined;

  constructor(
    private readonly slotBytes: number,
    private readonly makeView: ViewMaker<V>,
    private readonly send: (buffer: ArrayBuffer) => void,
  ) {}

  get back(): V {
    return this.view ?? this.take();
  }

  publish(): void {
    if (this.view === undefined) this.take(); // publishing an untouched slot still sends one
    const buffer = this.buffer!;
    this.buffer = undefined;
    this.view = undefined;
    this.send(buffer);
  }

  /** A buffer to write: one given back, or a new one when none is. */
  private take(): V {
    let buffer = this.pool.pop();
    if (buffer === undefined) {
      buffer = new ArrayBuffer(this.slotBytes);
      this.allocated++;
    }
    this.buffer = buffer;
    this.view = this.makeView(buffer, 0);
    return this.view;
  }

  /** A buffer the reader gave back: written again later instead of a new one. */
  recycle(buffer: ArrayBuffer): void {
    if (buffer.byteLength === this.slotBytes) this.pool.push(buffer);
  }
}

/**
 * The reading end of a message transport. The owner of the port passes each arriving buffer
 * to `deliver`; a buffer superseded before it was read, and the front one when a newer is
 * acquired, go back to the writer through `giveBack`.
 */
export class MessageReader<V> implements SlotReader<V> {
  front: V;
  private frontBuffer: ArrayBuffer;
  private pending: ArrayBuffer | undefined;

  constructor(
    slotBytes: number,
    private readonly makeView: ViewMaker<V>,
    private readonly giveBack: (buffer: ArrayBuffer) => void,
  ) {
    this.frontBuffer = new ArrayBuffer(slotBytes);
    this.front = makeView(this.frontBuffer, 0);
  }

  /** A buffer the writer published. */
  deliver(buffer: ArrayBuffer): void {
    if (this.pending !== undefined) this.giveBack(this.pending);
    this.pending = buffer;
  }

  acquire(): boolean {
    const pending = this.pending;
    if (pending === undefined) return false;
    this.pending = undefined;
    this.giveBack(this.frontBuffer);
    this.frontBuffer = pending;
    this.front = this.makeView(pending, 0);
    return true;
  }
}
