import { hashNumbers } from '@loop/core/replay';
import {
  defineWire,
  type PredictionModel,
  SNAPSHOT_HEADER_BYTES,
  type SnapshotFrame,
} from '@loop/net';
import type { NetGame } from '@loop/net/server';
import { INPUT_BYTES, MAX_SPEED, SEATS, World } from './world.js';

/**
 * What the game tells `@loop/net` about itself, once for both ends: its wire (tick rate, input
 * and snapshot sizes), how a snapshot's body holds a World, the room's side (`game`) and the
 * page's prediction (`model`). All of it is about the game's own layout; the netcode is the
 * package's.
 */

/** A snapshot's body: who is present, the inputs in force, then x and y of every seat (i32). */
const BODY_BYTES = SEATS + SEATS * INPUT_BYTES + SEATS * 2 * 4;

export const wire = defineWire({
  tickRate: 60,
  inputBytes: INPUT_BYTES,
  snapshotBodyBytes: BODY_BYTES,
  // A stranger's bytes become a legal input, never an error.
  sanitizeInput(inputs, at) {
    for (let k = at; k < at + INPUT_BYTES; k++) {
      inputs[k] = Math.max(-MAX_SPEED, Math.min(MAX_SPEED, inputs[k]!));
    }
  },
});

/** Writes `world`'s body after the header of `view` (a frame `begin` gave). */
function writeBody(view: DataView, world: World, inputs: Int8Array): void {
  let at = SNAPSHOT_HEADER_BYTES;
  for (let p = 0; p < SEATS; p++) view.setUint8(at++, world.present[p]!);
  for (let i = 0; i < inputs.length; i++) view.setInt8(at++, inputs[i]!);
  for (let p = 0; p < SEATS; p++, at += 8) {
    view.setInt32(at, world.x[p]!, true);
    view.setInt32(at + 4, world.y[p]!, true);
  }
}

/** Reads a body written by writeBody into `world`, at `tick`. */
export function readBody(frame: SnapshotFrame, world: World, tick: number): void {
  const view = frame.view;
  let at = SNAPSHOT_HEADER_BYTES;
  for (let p = 0; p < SEATS; p++) world.present[p] = view.getUint8(at++);
  for (let i = 0; i < world.inputs.length; i++) world.inputs[i] = view.getInt8(at++);
  for (let p = 0; p < SEATS; p++, at += 8) {
    world.x[p] = view.getInt32(at, true);
    world.y[p] = view.getInt32(at + 4, true);
  }
  world.tick = tick;
}

const out = wire.createSnapshotFrame();
const reader = wire.createSnapshotFrame();
const header = { tick: 0, ack: -1, missed: 0, slot: 0 };

/** The room's side: the server steps a World with every seat's input in force. */
export const game: NetGame<World> = {
  wire,
  maxPlayers: SEATS,
  build: 'dots-1', // change it whenever what a step does changes: recordings name it
  create: () => new World(),
  join(world, slot) {
    world.present[slot] = 1;
    world.x[slot] = 100 * slot;
    world.y[slot] = 0;
  },
  leave(world, slot) {
    world.present[slot] = 0;
    world.inputs.fill(0, slot * INPUT_BYTES, (slot + 1) * INPUT_BYTES);
  },
  step(world, inputs) {
    world.inputs.set(inputs);
    world.step();
  },
  encode(world, inputs, tick) {
    writeBody(out.begin(tick), world, inputs);
    return out;
  },
  decode(snapshot, world) {
    if (!reader.read(snapshot, header)) return false;
    readBody(reader, world, header.tick);
    return true;
  },
  hash: (world) => hashNumbers(world.y, hashNumbers(world.x, hashNumbers(world.present))),
};

/** The page's side: the same World, stepped ahead with this player's inputs. */
export const model: PredictionModel<World> = {
  inputBytes: INPUT_BYTES,
  seats: SEATS,
  positionSize: 2,
  create: () => new World(),
  copy: (to, from) => to.copyFrom(from),
  tickOf: (world) => world.tick,
  step: (world) => world.step(),
  setInput(world, slot, input, at) {
    world.inputs[slot * INPUT_BYTES] = input[at]!;
    world.inputs[slot * INPUT_BYTES + 1] = input[at + 1]!;
  },
  position(world, slot, to, at) {
    to[at] = world.x[slot]!;
    to[at + 1] = world.y[slot]!;
  },
};
