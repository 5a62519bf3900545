/**
 * The snapshot's framing: a fixed header every game's snapshot starts with, then the game's own
 * body (its world's bytes, laid out by the game). Layout, little-endian:
 *
 *     0  u32  tick     the world's tick
 *     4  i32  ack      newest input tick the server has from this client (−1: none)
 *     8  u16  missed   ticks stepped without this client's input (wraps)
 *    10  u8   slot     this client's seat ({@link NO_SLOT}: none)
 *    11  …    body     the game's bytes
 *
 * Compact binary rather than Colyseus's schema sync: the state the simulation needs bit for bit,
 * at a rate and tick the game picks, with the per-client fields in a fixed header so the server
 * encodes the world once and stamps each client's header before sending it.
 */

/** Bytes of the framing header; the game's body starts here. */
export const SNAPSHOT_HEADER_BYTES = 11;
/** The slot a spectator's snapshot names. */
export const NO_SLOT = 255;

/** The per-client header of a decoded snapshot: filled in place, never allocated per message. */
export interface SnapshotHeader {
  tick: number;
  ack: number;
  missed: number;
  slot: number;
}

/**
 * One snapshot's bytes and a view on them, made once, so nothing is allocated per snapshot on
 * either end: the server writes the tick with {@link begin} and the body through {@link view}
 * at {@link SNAPSHOT_HEADER_BYTES}, then {@link stamp}s each client's header before sending; a
 * page {@link read}s a message in and decodes the body from {@link view}.
 */
export class SnapshotFrame {
  /** The last snapshot begun, or the last message read. */
  readonly bytes: Uint8Array;
  /** A view on {@link bytes}, for the game's body. */
  readonly view: DataView;

  /** A frame for a game whose body is `bodyBytes` long (checked by the wire that makes it). */
  constructor(readonly bodyBytes: number) {
    this.bytes = new Uint8Array(SNAPSHOT_HEADER_BYTES + bodyBytes);
    this.view = new DataView(this.bytes.buffer);
  }

  /** Starts a snapshot of the world at `tick`; the caller writes the body through {@link view}. */
  begin(tick: number): DataView {
    this.view.setUint32(0, tick, true);
    return this.view;
  }

  /** Writes one client's header into the snapshot begun, just before it is sent. */
  stamp(ack: number, missed: number, slot: number): Uint8Array {
    const v = this.view;
    v.setInt32(4, ack, true);
    v.setUint16(8, missed & 0xffff, true);
    v.setUint8(10, slot);
    return this.bytes;
  }

  /**
   * Copies `message` in and decodes its header into `header`. Returns false, and changes
   * nothing, when it is not a snapshot's length (or not bytes): the page ignores it.
   */
  read(message: unknown, header: SnapshotHeader): boolean {
    if (!(message instanceof Uint8Array) || message.byteLength !== this.bytes.byteLength) {
      return false;
    }
    this.bytes.set(message);
    const v = this.view;
    header.tick = v.getUint32(0, true);
    header.ack = v.getInt32(4, true);
    header.missed = v.getUint16(8, true);
    header.slot = v.getUint8(10);
    return true;
  }
}
