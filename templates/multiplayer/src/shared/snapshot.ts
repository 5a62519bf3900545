import { SNAPSHOT_HEADER_BYTES, SnapshotFrame, type SnapshotHeader } from '@loop/net';
import { ENTITIES, GRID, MAX_PLAYERS } from './arena';
import { INPUT_BYTES } from './input';
import type { World } from './world';

export { NO_SLOT, type SnapshotHeader } from '@loop/net';

/**
 * The arena's snapshot body, after `@loop/net`'s framing header (tick, ack, missed, slot: 11
 * bytes): the whole world at one tick, 228 bytes in all. Positions and velocities travel as
 * Int16 sixteenths, which loses nothing because the simulation keeps its state on that grid
 * (arena.ts): the page that rewinds to a snapshot holds the server's exact bits. Layout,
 * little-endian, from the snapshot's start:
 *
 *    11  u8   present         a bit per seat
 *    12  i8   inputs[8 × 3]   each seat's input in force (a page predicts with it)
 *    36  i16  state[24 × 4]   x, y, vx, vy of every entity, in sixteenths
 */
const PRESENT_AT = SNAPSHOT_HEADER_BYTES;
const INPUTS_AT = PRESENT_AT + 1;
const STATE_AT = INPUTS_AT + MAX_PLAYERS * INPUT_BYTES;
/** The body's length, which the arena's wire (protocol.ts) declares. */
export const SNAPSHOT_BODY_BYTES = STATE_AT + ENTITIES * 4 * 2 - SNAPSHOT_HEADER_BYTES;
/** A whole snapshot: header and body. */
export const SNAPSHOT_BYTES = SNAPSHOT_HEADER_BYTES + SNAPSHOT_BODY_BYTES;

/** Writes the world's body (everything but the framing header) through `v`, a snapshot's view. */
export function encodeWorld(v: DataView, world: World): void {
  let mask = 0;
  // Stryker disable next-line EqualityOperator: one more round ORs in present[MAX_PLAYERS], past the array's end: undefined, 0
  for (let p = 0; p < MAX_PLAYERS; p++) mask |= world.present[p]! << p;
  v.setUint8(PRESENT_AT, mask);
  // Stryker disable next-line EqualityOperator: one more round writes 0 into the state's first byte, which the state loop then writes
  for (let i = 0; i < MAX_PLAYERS * INPUT_BYTES; i++) v.setInt8(INPUTS_AT + i, world.inputs[i]!);
  for (let i = 0; i < ENTITIES * 4; i++) {
    v.setInt16(STATE_AT + i * 2, world.state[i]! * GRID, true);
  }
}

/** Reads the world at `tick` from a snapshot's body through `v`, a view of a snapshot read in. */
export function decodeWorld(v: DataView, world: World, tick: number): void {
  world.tick = tick;
  const mask = v.getUint8(PRESENT_AT);
  // Stryker disable next-line EqualityOperator: one more round writes past present's end, which a typed array ignores
  for (let p = 0; p < MAX_PLAYERS; p++) world.present[p] = (mask >> p) & 1;
  // Stryker disable next-line EqualityOperator: one more round writes past inputs' end, which a typed array ignores
  for (let i = 0; i < MAX_PLAYERS * INPUT_BYTES; i++) world.inputs[i] = v.getInt8(INPUTS_AT + i);
  for (let i = 0; i < ENTITIES * 4; i++) {
    world.state[i] = v.getInt16(STATE_AT + i * 2, true) / GRID;
  }
}

/**
 * Encodes and decodes the arena's snapshots through one {@link SnapshotFrame} of its own, so
 * nothing is allocated per snapshot on either end: the server encodes a world once per snapshot
 * and stamps each client's header before sending; a page reads a message in and decodes its world.
 */
export class SnapshotCodec {
  readonly frame = new SnapshotFrame(SNAPSHOT_BODY_BYTES);
  /** The last encoded snapshot, or the last message decoded. */
  readonly bytes = this.frame.bytes;

  /** Writes the world's part of a snapshot (everything but the per-client header). */
  encode(world: World): Uint8Array {
    encodeWorld(this.frame.begin(world.tick), world);
    return this.bytes;
  }

  /** Writes one client's header into the last encoded snapshot, just before it is sent. */
  stamp(ack: number, missed: number, slot: number): Uint8Array {
    return this.frame.stamp(ack, missed, slot);
  }

  /**
   * Decodes `message` into `world` and `header`. Returns false, and changes nothing, when the
   * message is not a snapshot's length: the page ignores it.
   */
  decode(message: Uint8Array, world: World, header: SnapshotHeader): boolean {
    if (!this.frame.read(message, header)) return false;
    decodeWorld(this.frame.view, world, header.tick);
    return true;
  }
}
