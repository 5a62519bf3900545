import { ENTITIES, GRID, MAX_PLAYERS } from './arena';
import { INPUT_BYTES } from './input';
import type { World } from './world';

/**
 * The snapshot: the whole world at one tick, in 228 bytes. Positions and velocities travel as
 * Int16 sixteenths, which loses nothing because the simulation keeps its state on that grid
 * (arena.ts): the page that rewinds to a snapshot holds the server's exact bits. Layout,
 * little-endian:
 *
 *     0  u32  tick            the world's tick
 *     4  i32  ack             newest input tick the server has from this client (−1: none)
 *     8  u16  missed          ticks stepped without this client's input (wraps)
 *    10  u8   slot            this client's seat (255: none)
 *    11  u8   present         a bit per seat
 *    12  i8   inputs[8 × 3]   each seat's input in force (a page predicts with it)
 *    36  i16  state[24 × 4]   x, y, vx, vy of every entity, in sixteenths
 *
 * Compact binary rather than Colyseus's schema sync: this is the state the simulation needs bit
 * for bit, at a rate and tick the game picks, with per-client fields in a fixed header.
 */
export const SNAPSHOT_BYTES = 36 + ENTITIES * 4 * 2;
const INPUTS_AT = 12;
const STATE_AT = 36;
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
 * Encodes and decodes snapshots through one buffer of its own, so nothing is allocated per
 * snapshot on either end: the server encodes a world once per snapshot and stamps each
 * client's header before sending; a page copies the message in and decodes into its world.
 */
export class SnapshotCodec {
  /** The last encoded snapshot, or the last message decoded. */
  readonly bytes = new Uint8Array(SNAPSHOT_BYTES);
  readonly #view = new DataView(this.bytes.buffer);

  /** Writes the world's part of a snapshot (everything but the per-client header). */
  encode(world: World): Uint8Array {
    const v = this.#view;
    v.setUint32(0, world.tick, true);
    let mask = 0;
    // Stryker disable next-line EqualityOperator: one more round ORs in present[MAX_PLAYERS], past the array's end: undefined, 0
    for (let p = 0; p < MAX_PLAYERS; p++) mask |= world.present[p]! << p;
    v.setUint8(11, mask);
    // Stryker disable next-line EqualityOperator: one more round writes 0 into the state's first byte, which the state loop then writes
    for (let i = 0; i < MAX_PLAYERS * INPUT_BYTES; i++) v.setInt8(INPUTS_AT + i, world.inputs[i]!);
    for (let i = 0; i < ENTITIES * 4; i++) {
      v.setInt16(STATE_AT + i * 2, world.state[i]! * GRID, true);
    }
    return this.bytes;
  }

  /** Writes one client's header into the last encoded snapshot, just before it is sent. */
  stamp(ack: number, missed: number, slot: number): Uint8Array {
    const v = this.#view;
    v.setInt32(4, ack, true);
    v.setUint16(8, missed & 0xffff, true);
    v.setUint8(10, slot);
    return this.bytes;
  }

  /**
   * Decodes `message` into `world` and `header`. Returns false, and changes nothing, when the
   * message is not a snapshot's length: the page ignores it.
   */
  decode(message: Uint8Array, world: World, header: SnapshotHeader): boolean {
    if (message.byteLength !== SNAPSHOT_BYTES) return false;
    this.bytes.set(message);
    const v = this.#view;
    header.tick = v.getUint32(0, true);
    header.ack = v.getInt32(4, true);
    header.missed = v.getUint16(8, true);
    header.slot = v.getUint8(10);
    world.tick = header.tick;
    const mask = v.getUint8(11);
    // Stryker disable next-line EqualityOperator: one more round writes past present's end, which a typed array ignores
    for (let p = 0; p < MAX_PLAYERS; p++) world.present[p] = (mask >> p) & 1;
    // Stryker disable next-line EqualityOperator: one more round writes past inputs' end, which a typed array ignores
    for (let i = 0; i < MAX_PLAYERS * INPUT_BYTES; i++) world.inputs[i] = v.getInt8(INPUTS_AT + i);
    for (let i = 0; i < ENTITIES * 4; i++) {
      world.state[i] = v.getInt16(STATE_AT + i * 2, true) / GRID;
    }
    return true;
  }
}
