import { Encoder, schema } from '@colyseus/schema';

/**
 * What {@link measureWire} needs of a game: its own snapshot's size, and its world as entities
 * of Int16 fields (in the snapshot's own units), stepped tick by tick with some players moving.
 */
export interface WireSizeGame {
  /** Bytes of the game's binary snapshot (always the whole state): `wire.snapshotBytes`. */
  readonly snapshotBytes: number;
  /** Fixed steps per second, and the steps between two snapshots (3 at 60 Hz: 20 a second). */
  readonly tickRate: number;
  readonly ticksPerSnapshot: number;
  /** Names of each entity's fields, as the schema would carry them (each an `int16`). */
  readonly fields: readonly string[];
  /** Makes a fresh world with every seat taken; returns how many entities it has. */
  reset(): number;
  /** Steps the world one tick (`tick` from 0), with players 0 to `moving` − 1 steering. */
  step(tick: number, moving: number): void;
  /** Writes entity `e`'s fields, in {@link fields}' order, into `out`. */
  read(e: number, out: Int16Array): void;
}

/** What {@link measureWire} found, bytes per message. */
export interface WireSizes {
  /** The game's snapshot: always the whole world. */
  binary: number;
  /** The schema's first full state. */
  schemaFull: number;
  /** The schema's patches at the snapshot rate, mean and largest, while `moving` players move. */
  schemaPatchMean: number;
  schemaPatchMax: number;
  moving: number;
}

/** A Colyseus schema of the game's state: a tick and its entities, each field an int16. */
function stateSchema(fields: readonly string[]) {
  const Entity = schema(Object.fromEntries(fields.map((f) => [f, 'int16' as const])), 'Entity');
  const State = schema({ tick: 'uint32', entities: [Entity] }, 'State');
  return { Entity, State };
}

/**
 * Measures what Colyseus's own state sync (@colyseus/schema 3, the same Int16 fields, only
 * changed fields sent) would cost against the game's binary snapshot, over `seconds` of play
 * with `moving` players steering (the others idle). Why a game on @loop/net may keep the binary
 * snapshot even where patches are smaller on average: each snapshot is the whole state at a
 * named tick with this client's acknowledged input, so a page rewinds to it bit for bit and any
 * snapshot may be lost or skipped for a slow reader, where a patch is a delta that needs every
 * one before it, and Colyseus sends patches on its own timer, not per tick.
 */
export function measureWire(game: WireSizeGame, moving: number, seconds = 5): WireSizes {
  if (!Number.isInteger(moving) || moving < 0) {
    throw new RangeError(`moving must be an integer of at least 0, got ${moving}`);
  }
  if (!(seconds > 0 && seconds * game.tickRate >= game.ticksPerSnapshot)) {
    throw new RangeError(`seconds must hold at least one snapshot, got ${seconds}`);
  }
  if (!Number.isInteger(game.ticksPerSnapshot) || game.ticksPerSnapshot < 1) {
    throw new RangeError(
      `ticksPerSnapshot must be an integer of at least 1, got ${game.ticksPerSnapshot}`,
    );
  }
  const entities = game.reset();
  const { Entity, State } = stateSchema(game.fields);
  const state = new State();
  for (let e = 0; e < entities; e++) state.entities.push(new Entity());
  const values = new Int16Array(game.fields.length);
  let tick = 0;
  const copy = () => {
    state.tick = tick;
    for (let e = 0; e < entities; e++) {
      game.read(e, values);
      const entity = state.entities[e] as unknown as Record<string, number>;
      game.fields.forEach((field, i) => {
        entity[field] = values[i]!;
      });
    }
  };
  copy();
  const encoder = new Encoder(state);
  const schemaFull = encoder.encodeAll().byteLength;
  encoder.discardChanges();
  let total = 0;
  let max = 0;
  let patches = 0;
  for (let t = 0; t < seconds * game.tickRate; t++) {
    game.step(t, moving);
    tick = t + 1;
    if (tick % game.ticksPerSnapshot !== 0) continue;
    copy();
    const size = encoder.encode().byteLength;
    encoder.discardChanges();
    total += size;
    max = Math.max(max, size);
    patches++;
  }
  return {
    binary: game.snapshotBytes,
    schemaFull,
    schemaPatchMean: total / patches,
    schemaPatchMax: max,
    moving,
  };
}
