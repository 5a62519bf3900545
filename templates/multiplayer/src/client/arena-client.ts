import { lerpArray, type SampleKind } from '@loop/core';
import { type Link, NetClient, type PredictionModel } from '@loop/net';
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
  /** Most prediction steps one {@link ArenaClient.update} takes, so a stall is caught up over frames. */
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
 * A page's side of the arena, without a page: `@loop/net`'s {@link NetClient} (clock, delay,
 * prediction, input lead, redundant inputs) over the arena's wire and world. The arena adds
 * what it draws: every entity's x, y and presence into {@link drawn}, others interpolated and
 * the local player at its prediction.
 *
 * Two calls a frame: {@link update} (pings, prediction, inputs) and {@link draw} (the positions
 * to draw into {@link drawn}). Nothing is allocated in either, nor per message.
 */
export class ArenaClient extends NetClient<World> {
  /** What to draw after {@link draw}: x, y, present of every entity. */
  readonly drawn = new Float64Array(ENTITIES * DRAWN_STRIDE);

  constructor(link: Link, options: ArenaClientOptions = {}) {
    super(link, {
      ...options,
      wire,
      model: arenaModel,
      predictor: { snapDistance: 48 },
      frameSize: ENTITIES * DRAWN_STRIDE,
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

  /**
   * Once a frame, after {@link update}: fills {@link drawn}. Others at the render time, blended
   * from the snapshot buffer; the local player at its prediction, blended between the last two
   * steps, plus the fading correction offset.
   */
  override draw(now = this.now()): SampleKind {
    const kind = super.draw(now);
    if (!this.clock.synced) return kind;
    const { older, newer, t } = this.buffer;
    // Stryker disable next-line ConditionalExpression,StringLiteral: an empty buffer's frames are zeros, as drawn is until the first snapshot
    if (kind !== 'empty') lerpArray(this.drawn, older, newer, t);
    // A player who joined between the two frames is drawn where it is, not slid in from 0, 0.
    // Stryker disable next-line EqualityOperator: entity MAX_PLAYERS is a crate, present in every frame, so one more round copies nothing
    for (let e = 0; e < MAX_PLAYERS; e++) {
      const at3 = e * DRAWN_STRIDE;
      if (older[at3 + 2] !== newer[at3 + 2]) {
        for (let k = 0; k < DRAWN_STRIDE; k++) this.drawn[at3 + k] = newer[at3 + k]!;
      }
    }
    const d = this.predictor.slot * DRAWN_STRIDE;
    if (this.drawPredicted(this.drawn, d, now)) this.drawn[d + 2] = 1;
    return kind;
  }
}
