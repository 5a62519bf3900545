import { DrawnClient, type Link, type PredictionModel } from '@loop/net';
import { ENTITIES, MAX_PLAYERS } from '../shared/arena';
import { INPUT_BYTES, writeInput } from '../shared/input';
import { wire } from '../shared/protocol';
import { decodeWorld } from '../shared/snapshot';
import { STRIDE, World } from '../shared/world';

/** Settings of an {@link ArenaClient}. */
export interface ArenaClientOptions {
  /** The local clock in ms; default `performance.now`. Tests pass their own. */
  now?: () => number;
  /** The server's snapshots per second (the room's `snapshotRate`); default 20. */
  snapshotRate?: number;
  /** Ms between pings; default 250. */
  pingInterval?: number;
  /** Most prediction steps one `update` takes, so a stall is caught up over frames. */
  maxSteps?: number;
}

/** Numbers per entity in {@link ArenaClient.drawn}: x, y, and 1 when it is in the arena. */
export const DRAWN_STRIDE = 3;

/** The arena's world as `@loop/net`'s predictor steps it. */
export const arenaModel: PredictionModel<World> = {
  inputBytes: INPUT_BYTES,
  seats: MAX_PLAYERS,
  positionSize: 2,
  create: () => new World(),
  copy: (out, from) => out.copyFrom(from),
  tickOf: (world) => world.tick,
  step: (world) => world.step(),
  setInput: (world, slot, input, at) => {
    for (let k = 0; k < INPUT_BYTES; k++) world.inputs[slot * INPUT_BYTES + k] = input[at + k]!;
  },
  position: (world, slot, out, at) => {
    out[at] = world.state[slot * STRIDE]!;
    out[at + 1] = world.state[slot * STRIDE + 1]!;
  },
};

/**
 * A page's side of the arena, without a page: `@loop/net`'s {@link DrawnClient} (clock, delay,
 * prediction, input lead, redundant inputs, and `drawn`: others interpolated, the local player at
 * its prediction) over the arena's wire and world. The arena adds its frame: every entity's x, y
 * and presence (a seat that joined between two snapshots is drawn where it is).
 *
 * Two calls a frame: `update` (pings, prediction, inputs) and `draw` (the positions to draw into
 * `drawn`). Nothing is allocated in either, nor per message.
 */
export class ArenaClient extends DrawnClient<World> {
  constructor(link: Link, options: ArenaClientOptions = {}) {
    super(link, {
      ...options,
      wire,
      model: arenaModel,
      predictor: { snapDistance: 48 },
      frameSize: ENTITIES * DRAWN_STRIDE,
      stride: DRAWN_STRIDE,
      presence: 2,
      decode: (frame, world, header) => decodeWorld(frame.view, world, header.tick),
      fill: (frame, w) => {
        // Stryker disable next-line EqualityOperator: one more round reads past the state's end and writes past the frame's, which a typed array ignores
        for (let e = 0; e < ENTITIES; e++) {
          frame[e * DRAWN_STRIDE] = w.state[e * STRIDE]!;
          frame[e * DRAWN_STRIDE + 1] = w.state[e * STRIDE + 1]!;
          frame[e * DRAWN_STRIDE + 2] = e < MAX_PLAYERS ? w.present[e]! : 1;
        }
      },
    });
  }

  /** Sets the input every step uses from now on (clamped as the server clamps it). */
  setInput(x: number, y: number, buttons: number): void {
    writeInput(this.input, 0, x, y, buttons);
  }
}
