import { lerp, lerpArray, type SampleKind, SnapshotBuffer } from '@loop/core';
import type { Link } from '@loop/net';
import { ENTITIES, MAX_PLAYERS, TICK_RATE, TIMESTEP_MS } from '../shared/arena';
import { INPUT_BYTES, writeInput } from '../shared/input';
import {
  INPUT_HEADER_BYTES,
  MAX_INPUT_MESSAGE_BYTES,
  MAX_INPUTS_PER_MESSAGE,
  MSG_INPUT,
  MSG_PING,
  MSG_PONG,
  MSG_SNAPSHOT,
  PONG_BYTES,
  readUint32,
  writeInputMessage,
} from '../shared/protocol';
import { SNAPSHOT_BYTES, SnapshotCodec, type SnapshotHeader } from '../shared/snapshot';
import { STRIDE, World } from '../shared/world';
import { InterpolationDelay } from './interpolation-delay';
import { Predictor } from './predictor';
import { ServerClock } from './server-clock';

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
/**
 * The least input lead, in ticks past the server's expected arrival time. One tick would do in
 * exact arithmetic; two keep a rounding of the clock estimate from costing an input.
 */
export const MIN_LEAD = 2;
/** The most input lead (250 ms): past it the network is too bad for a lead to help. */
export const MAX_LEAD = 15;
/** A lead held this long (ms) without a miss gives back a tick, so a transient costs no lasting latency. */
export const LEAD_HOLD_MS = 3000;

/**
 * A page's side of the arena, without a page: it sends a ping every `pingInterval` and keeps the
 * server's clock ({@link ServerClock}); keeps every snapshot in a {@link SnapshotBuffer} drawn
 * an {@link InterpolationDelay} behind the server's time; predicts its own player with the
 * server's fixed step ({@link Predictor}) far enough ahead that each input reaches the server
 * before the tick it is for; and sends each tick's input, numbered, with every input the
 * server has not acknowledged (up to 16), so a lost message loses nothing. The lead grows by a
 * tick whenever a snapshot says the server stepped without this client's input, and shrinks
 * after {@link LEAD_HOLD_MS} without one.
 *
 * Two calls a frame: {@link update} (pings, prediction, inputs) and {@link draw} (the positions
 * to draw into {@link drawn}). Nothing is allocated in either, nor per message.
 */
export class ArenaClient {
  /** The server's clock, from the pongs. */
  readonly clock = new ServerClock();
  /** How far behind the server's time others are drawn. */
  readonly delay: InterpolationDelay;
  /** Every snapshot's positions (x, y, present per entity), at the snapshot's server time. */
  readonly buffer = new SnapshotBuffer(() => new Float64Array(ENTITIES * DRAWN_STRIDE));
  /** This player's prediction and its corrections. */
  readonly predictor = new Predictor();
  /** The newest snapshot as decoded (the server's world at its tick); rewritten by each one. */
  readonly latest = new World();
  /** What to draw after {@link draw}: x, y, present of every entity. */
  readonly drawn = new Float64Array(ENTITIES * DRAWN_STRIDE);
  /** The input in force (stick x, stick y, buttons): the page writes it, every step uses it. */
  readonly input = new Int8Array(INPUT_BYTES);
  /** Draw the local player predicted (else as the snapshots show it); draw others interpolated (else the newest snapshot). */
  predict = true;
  interpolate = true;
  /** Ticks of margin on top of the one-way trip (see the class doc). */
  lead = MIN_LEAD;
  /** Newest input tick the server acknowledged. */
  ack = -1;
  /** The render time of the last {@link draw}: the server time others are drawn at. */
  renderTime = Number.NEGATIVE_INFINITY;
  /** What the last {@link draw} found in the buffer. */
  sampled: SampleKind = 'empty';
  /**
   * Counters for an overlay: messages, draws that found no newer snapshot, ticks the server
   * missed, and snapshots that came after a newer one (overtaken on the way: ignored).
   */
  readonly counts = {
    snapshots: 0,
    pongs: 0,
    inputMessages: 0,
    starved: 0,
    serverMissed: 0,
    stale: 0,
  };
  readonly #now: () => number;
  readonly #pingInterval: number;
  readonly #maxSteps: number;
  readonly #codec = new SnapshotCodec();
  // Stryker disable next-line ObjectLiteral,UnaryOperator: decode fills all four fields before any is read
  readonly #header: SnapshotHeader = { tick: 0, ack: -1, missed: 0, slot: 0 };
  readonly #ping = new Float64Array(1);
  readonly #pingBytes = new Uint8Array(this.#ping.buffer);
  // Stryker disable next-line ArithmeticOperator: a larger scratch reads the same first two numbers
  readonly #pong = new Float64Array(PONG_BYTES / 8);
  readonly #pongBytes = new Uint8Array(this.#pong.buffer);
  readonly #recent = new Int8Array(MAX_INPUTS_PER_MESSAGE * INPUT_BYTES);
  readonly #message = new Uint8Array(MAX_INPUT_MESSAGE_BYTES);
  /** A view of the message for each count of inputs, made once: no view allocated per send. */
  readonly #messages = Array.from({ length: MAX_INPUTS_PER_MESSAGE + 1 }, (_, count) =>
    this.#message.subarray(0, INPUT_HEADER_BYTES + count * INPUT_BYTES),
  );
  #lastPing = Number.NEGATIVE_INFINITY;
  #lastDraw = Number.NaN;
  // Stryker disable next-line UnaryOperator: the first snapshot counts no misses either way (nothing is acknowledged before it), and sets this
  #missed = -1;
  #lastMiss = 0;
  #raisedAt = -1;
  /** The tick of the newest snapshot taken; −1 before the first. */
  #newestTick = -1;

  constructor(
    public link: Link,
    options: ArenaClientOptions = {},
  ) {
    this.#now = options.now ?? (() => performance.now());
    this.delay = new InterpolationDelay(1000 / (options.snapshotRate ?? 20));
    this.#pingInterval = options.pingInterval ?? 250;
    this.#maxSteps = options.maxSteps ?? 8;
    this.attach(link);
  }

  /**
   * Uses `link` from now on: a reconnected room (colyseus.js `client.reconnect(token)` returns
   * a new one). The clock, the snapshots, the prediction and its inputs carry on: the seat is
   * the same, and every input the server has not acknowledged is in the next message.
   */
  attach(link: Link): void {
    this.link = link;
    link.onMessage(MSG_SNAPSHOT, (bytes) => this.#snapshot(bytes));
    link.onMessage(MSG_PONG, (bytes) => this.#pongIn(bytes));
  }

  /** Sets the input every step uses from now on (clamped as the server clamps it). */
  setInput(x: number, y: number, buttons: number): void {
    writeInput(this.input, 0, x, y, buttons);
  }

  /**
   * The tick the prediction should have reached now: past the server's tick when an input
   * sent now arrives (estimated server time + half the round trip) by {@link lead} ticks.
   * NaN before the clock is synced.
   */
  targetTime(now: number): number {
    const arrival = this.clock.serverTime(now) + this.clock.rtt / 2;
    // × TICK_RATE / 1000 rather than / TIMESTEP_MS: exact for whole milliseconds (500 ms is tick 30, not 29.999…).
    return (arrival * TICK_RATE) / 1000 + this.lead;
  }

  /**
   * Once a frame: pings when due, steps the prediction toward {@link targetTime} (at most
   * `maxSteps`; never backwards, it waits instead) and sends the new inputs in one message.
   * Returns the steps taken.
   */
  update(now = this.#now()): number {
    if (now - this.#lastPing >= this.#pingInterval) {
      this.#lastPing = now;
      this.#ping[0] = now;
      this.link.sendBytes(MSG_PING, this.#pingBytes);
    }
    if (!this.clock.synced || !this.predictor.started) return 0;
    const target = Math.floor(this.targetTime(now));
    const p = this.predictor;
    let steps = 0;
    while (p.tick < target && steps < this.#maxSteps) {
      p.step(this.input[0]!, this.input[1]!, this.input[2]!);
      steps++;
    }
    if (steps > 0) this.#sendInputs();
    return steps;
  }

  /**
   * Once a frame, after {@link update}: fills {@link drawn}. Others at the render time
   * (estimated server time − the interpolation delay, never moving backwards), blended from
   * the snapshot buffer; the local player at its prediction, blended between the last two
   * steps by how far the present is past the last one, plus the fading correction offset.
   */
  draw(now = this.#now()): SampleKind {
    const elapsed = Number.isNaN(this.#lastDraw) ? 0 : now - this.#lastDraw;
    this.#lastDraw = now;
    this.delay.advance(elapsed);
    this.predictor.smooth(elapsed);
    if (!this.clock.synced) {
      this.sampled = 'empty';
      return this.sampled;
    }
    const at = this.interpolate
      ? this.clock.serverTime(now) - this.delay.current
      : this.buffer.newestTime;
    // Stryker disable next-line EqualityOperator: at an equal time the assignment changes nothing (the <= sibling is killed)
    if (at > this.renderTime) this.renderTime = at;
    const buffer = this.buffer;
    const kind = buffer.sample(this.renderTime);
    // Stryker disable next-line ConditionalExpression,StringLiteral: an empty buffer's frames are zeros, as drawn is until the first snapshot
    if (kind !== 'empty') lerpArray(this.drawn, buffer.older, buffer.newer, buffer.t);
    if (kind === 'starved' && this.interpolate) this.counts.starved++;
    // A player who joined between the two frames is drawn where it is, not slid in from 0, 0.
    const older = buffer.older;
    const newer = buffer.newer;
    // Stryker disable next-line EqualityOperator: entity MAX_PLAYERS is a crate, present in every frame, so one more round copies nothing
    for (let e = 0; e < MAX_PLAYERS; e++) {
      const at3 = e * DRAWN_STRIDE;
      if (older[at3 + 2] !== newer[at3 + 2]) {
        for (let k = 0; k < DRAWN_STRIDE; k++) this.drawn[at3 + k] = newer[at3 + k]!;
      }
    }
    const p = this.predictor;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a spectator's slot (NO_SLOT, 255) would only write past drawn's end, which a typed array ignores
    const seated = p.slot < MAX_PLAYERS;
    if (this.predict && p.started && seated) {
      const frac = this.targetTime(now);
      const alpha = Math.min(1, Math.max(0, frac - Math.floor(frac)));
      const s = p.slot * STRIDE;
      const d = p.slot * DRAWN_STRIDE;
      this.drawn[d] = lerp(p.previous.state[s]!, p.world.state[s]!, alpha) + p.offset[0]!;
      this.drawn[d + 1] =
        lerp(p.previous.state[s + 1]!, p.world.state[s + 1]!, alpha) + p.offset[1]!;
      this.drawn[d + 2] = 1;
    }
    this.sampled = kind;
    return kind;
  }

  #sendInputs(): void {
    const tick = this.predictor.tick;
    const count = Math.max(1, Math.min(MAX_INPUTS_PER_MESSAGE, tick - this.ack));
    this.predictor.writeRecent(this.#recent, tick);
    writeInputMessage(this.#message, tick, this.#recent, count);
    this.counts.inputMessages++;
    this.link.sendBytes(MSG_INPUT, this.#messages[count]!);
  }

  #snapshot(bytes: Uint8Array): void {
    // An older snapshot than the newest taken says nothing new, and its wire counters (misses,
    // a u16 that wraps) would read as a jump: ignored before it is decoded over the newest.
    if (bytes.byteLength === SNAPSHOT_BYTES && readUint32(bytes, 0) < this.#newestTick) {
      this.counts.stale++;
      return;
    }
    const header = this.#header;
    if (!this.#codec.decode(bytes, this.latest, header)) return;
    this.#newestTick = header.tick;
    const now = this.#now();
    this.counts.snapshots++;
    const time = header.tick * TIMESTEP_MS;
    const frame = this.buffer.push(time);
    if (frame) {
      this.delay.arrived(time, now);
      const w = this.latest;
      // Stryker disable next-line EqualityOperator: one more round reads past the state's end and writes past the frame's, which a typed array ignores
      for (let e = 0; e < ENTITIES; e++) {
        frame[e * DRAWN_STRIDE] = w.state[e * STRIDE]!;
        frame[e * DRAWN_STRIDE + 1] = w.state[e * STRIDE + 1]!;
        frame[e * DRAWN_STRIDE + 2] = e < MAX_PLAYERS ? w.present[e]! : 1;
      }
    }
    const sending = this.ack >= 0; // misses before our first input arrived are not the lead's
    // Stryker disable next-line EqualityOperator: at equal acks the assignment changes nothing (the <= sibling is killed)
    if (header.ack > this.ack) this.ack = header.ack;
    this.#adaptLead(header.missed, sending, now);
    this.predictor.reconcile(this.latest, header.slot);
  }

  /**
   * One tick more lead when the server stepped without our input since the last snapshot, once
   * per round trip: misses reported before the server acknowledged an input sent after the last
   * raise are the old lead's (a lost message shows in two or three snapshots in a row).
   */
  #adaptLead(missed: number, sending: boolean, now: number): void {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: #lastMiss is read only once the lead was raised, and a raise sets it
    if (this.#missed < 0) this.#lastMiss = now;
    // Stryker disable next-line ConditionalExpression: the first snapshot's count is never used (nothing is acknowledged before it, so it is not sending)
    const more = this.#missed < 0 ? 0 : (missed - this.#missed) & 0xffff;
    this.#missed = missed;
    if (more > 0 && sending) {
      this.counts.serverMissed += more;
      this.#lastMiss = now;
      if (this.ack > this.#raisedAt) {
        this.lead = Math.min(MAX_LEAD, this.lead + 1);
        this.#raisedAt = this.predictor.tick;
      }
    } else if (now - this.#lastMiss > LEAD_HOLD_MS && this.lead > MIN_LEAD) {
      this.lead--;
      this.#lastMiss = now;
    }
  }

  #pongIn(bytes: Uint8Array): void {
    if (!(bytes instanceof Uint8Array) || bytes.byteLength !== PONG_BYTES) return;
    this.#pongBytes.set(bytes);
    if (this.clock.sample(this.#pong[0]!, this.#pong[1]!, this.#now())) this.counts.pongs++;
  }
}
