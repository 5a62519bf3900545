import { Encoder, schema } from '@colyseus/schema';
import { ENTITIES, GRID, MAX_PLAYERS, TICK_RATE } from '../shared/arena';
import { writeInput } from '../shared/input';
import { SNAPSHOT_BYTES } from '../shared/snapshot';
import { STRIDE, World } from '../shared/world';

/** One entity as Colyseus's schema would carry it, in the snapshot's own units (sixteenths). */
const Entity = schema({ x: 'int16', y: 'int16', vx: 'int16', vy: 'int16' }, 'Entity');
/** The arena as a schema: the tick and every entity (what a snapshot holds, headers aside). */
const ArenaState = schema({ tick: 'uint32', entities: [Entity] }, 'ArenaState');

/** What {@link measureWire} found, bytes per message. */
export interface WireSizes {
  /** This template's snapshot: always the whole world. */
  binary: number;
  /** The schema's first full state. */
  schemaFull: number;
  /** The schema's patches at the snapshot rate, mean and largest, while `moving` players move. */
  schemaPatchMean: number;
  schemaPatchMax: number;
  moving: number;
}

/**
 * Measures what Colyseus's own state sync (@colyseus/schema 3, fields in the same Int16
 * sixteenths, only changed fields sent) would cost against this template's binary snapshot,
 * over `seconds` of play at 20 snapshots a second with `moving` players steering in circles
 * (the others idle, crates pushed when hit).
 *
 * Measured (wire-size.test.ts prints it): schema patches average 5 B idle, 29 B with one
 * player moving, 196 B with all eight (265 B at most), against 228 B always; its full state is
 * 417 B. So schema patches are smaller on average, and the binary snapshot is kept for what
 * the bytes do not show: each snapshot is the whole state at a named tick, with this client's
 * acknowledged input, so a page rewinds to it bit for bit and any snapshot may be lost (the
 * conditioner drops some, as UDP would) or skipped for a slow reader, where a patch is a delta
 * that needs every one before it, and Colyseus sends patches on its own timer, not per tick.
 */
export function measureWire(moving: number, seconds = 5): WireSizes {
  const world = new World(1);
  for (let p = 0; p < MAX_PLAYERS; p++) world.join(p);
  const state = new ArenaState();
  for (let e = 0; e < ENTITIES; e++) state.entities.push(new Entity());
  const copy = () => {
    state.tick = world.tick;
    for (let e = 0; e < ENTITIES; e++) {
      const entity = state.entities[e]!;
      entity.x = world.state[e * STRIDE]! * GRID;
      entity.y = world.state[e * STRIDE + 1]! * GRID;
      entity.vx = world.state[e * STRIDE + 2]! * GRID;
      entity.vy = world.state[e * STRIDE + 3]! * GRID;
    }
  };
  copy();
  const encoder = new Encoder(state);
  const schemaFull = encoder.encodeAll().byteLength;
  encoder.discardChanges();
  let total = 0;
  let max = 0;
  let patches = 0;
  for (let t = 0; t < seconds * TICK_RATE; t++) {
    for (let p = 0; p < moving; p++) {
      const angle = p + t / 40;
      writeInput(world.inputs, p * 3, Math.cos(angle) * 127, Math.sin(angle) * 127, 0);
    }
    world.step();
    if (world.tick % 3 !== 0) continue; // 20 snapshots a second
    copy();
    const size = encoder.encode().byteLength;
    encoder.discardChanges();
    total += size;
    max = Math.max(max, size);
    patches++;
  }
  return {
    binary: SNAPSHOT_BYTES,
    schemaFull,
    schemaPatchMean: total / patches,
    schemaPatchMax: max,
    moving,
  };
}
