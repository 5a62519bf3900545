import { type SampleKind, SnapshotBuffer } from '@loop/core';
import type { Link } from '../link/link.js';
import { readUint32 } from '../wire/bytes.js';
import type { Wire } from '../wire/define-wire.js';
import { MSG_INPUT, MSG_PING, MSG_PONG, MSG_SNAPSHOT, PONG_BYTES } from '../wire/messages.js';
import type { SnapshotFrame, SnapshotHeader } from '../wire/snapshot-frame.js';
import { InputLead, type InputLeadOptions } from './input-lead.js';
import { InterpolationDelay } from './interpolation-delay.js';
import { type PredictionModel, Predictor, type PredictorOptions } from './predictor.js';
import { ServerClock } from './server-clock.js';

/** What a game tells a {@link NetClient}: its wire, its simulation and how to read its snapshots. */
export interface NetClientOptions<S> {
  /** The game's wire (`defineWire`). */
  wire: Wire;
  /** The game's simulation, for the prediction. */
  model: PredictionModel<S>;
  /** Decodes the body of the snapshot `frame` just read (its header in `header`) into `state`. */
  decode(frame: SnapshotFrame, state: S, header: SnapshotHeader): void;
  /** Numbers per frame of the interpolation buffer (what the game draws of others). */
  frameSize: number;
  /** Fills a frame of the interpolation buffer from a decoded snapshot's state. */
  fill(frame: Float64Array, state: S): void;
  /** The predictor's settings (its `recent` is the wire's). */
  predictor: Omit<PredictorOptions, 'recent'>;
  /** The input lead's settings. */
  lead?: InputLeadOptions;
  /** The local clock in ms; default `performance.now`. Tests pass their own. */
  now?: () => number;
  /** The server's snapshots per second; default 20. */
  snapshotRate?: number;
  /** Ms between pings; default 250. */
  pingInterval?: number;
  /** Most prediction steps one {@link NetClient.update} takes, so a stall is caught up over frames; default 8. */
  maxSteps?: number;
}

function positive(name: string, value: number): number {
  if (typeof value !== 'number' || !(value > 0 && value < Number.POSITIVE_INFINITY)) {
    throw new RangeError(`${name} must be a number above 0, got ${String(value)}`);
  }
  return value;
}

/**
 * A page's side of a fixed-step game, without a page: it pings every `pingInterval` and keeps
 * the server's clock ({@link ServerClock}); keeps every snapshot in a `SnapshotBuffer` drawn an
 * {@link InterpolationDelay} behind the server's time; predicts its own player with the
 * server's fixed step ({@link Predictor}) far enough ahead ({@link InputLead}) that each input
 * reaches the server before the tick it is for; and sends each tick's input, numbered, with
 * every input the server has not acknowledged, so a lost message loses nothing.
 *
 * Two calls a frame: {@link update} (pings, prediction, inputs) and {@link draw} (the render
 * time and the buffer's sample, which the game blends). Nothing is allocated in either, nor
 * per message. A game extends it to draw its own way.
 */
export class NetClient<S> {
  /** The server's clock, from the pongs. */
  readonly clock = new ServerClock();
  /** How far behind the server's time others are drawn. */
  readonly delay: InterpolationDelay;
  /** Every snapshot's frame (the game's `fill`), at the snapshot's server time. */
  readonly buffer: SnapshotBuffer<Float64Array>;
  /** This player's prediction and its corrections. */
  readonly predictor: Predictor<S>;
  /** How far ahead inputs are sent. */
  readonly inputLead: InputLead;
  /** The newest snapshot as decoded (the server's world at its tick); rewritten by each one. */
  readonly latest: S;
  /** The input in force (`inputBytes`): the page writes it, every step uses it. */
  readonly input: Int8Array;
  /** Draw the local player predicted (else as the snapshots show it); draw others interpolated (else the newest snapshot). */
  predict = true;
  interpolate = true;
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
  readonly wire: Wire;
  /** The local clock in ms (the option `now`), for a game's own per-frame calls. */
  readonly now: () => number;
  readonly #options: NetClientOptions<S>;
  readonly #pingInterval: number;
  readonly #maxSteps: number;
  readonly #frame: SnapshotFrame;
  // Stryker disable next-line ObjectLiteral,UnaryOperator: the frame's read fills all four fields before any is read
  readonly #header: SnapshotHeader = { tick: 0, ack: -1, missed: 0, slot: 0 };
  readonly #ping = new Float64Array(1);
  readonly #pingBytes = new Uint8Array(this.#ping.buffer);
  // Stryker disable next-line ArithmeticOperator: a larger scratch reads the same first two numbers
  readonly #pong = new Float64Array(PONG_BYTES / 8);
  readonly #pongBytes = new Uint8Array(this.#pong.buffer);
  readonly #recent: Int8Array;
  /** A view of the input message for each count of inputs, made once: no view allocated per send. */
  readonly #messages: Uint8Array[];
  #lastPing = Number.NEGATIVE_INFINITY;
  #lastDraw = Number.NaN;
  /** The tick of the newest snapshot taken; −1 before the first. */
  #newestTick = -1;

  constructor(
    public link: Link,
    options: NetClientOptions<S>,
  ) {
    const wire = options.wire;
    this.wire = wire;
    this.#options = options;
    this.now = options.now ?? (() => performance.now());
    this.delay = new InterpolationDelay(
      1000 / positive('snapshotRate', options.snapshotRate ?? 20),
    );
    this.#pingInterval = positive('pingInterval', options.pingInterval ?? 250);
    this.#maxSteps = positive('maxSteps', options.maxSteps ?? 8);
    const size = positive('frameSize', options.frameSize);
    this.buffer = new SnapshotBuffer(() => new Float64Array(size));
    this.predictor = new Predictor(options.model, {
      ...options.predictor,
      recent: wire.maxInputsPerMessage,
    });
    this.inputLead = new InputLead(options.lead);
    this.latest = options.model.create();
    this.input = new Int8Array(wire.inputBytes);
    this.#frame = wire.createSnapshotFrame();
    this.#recent = new Int8Array(wire.maxInputsPerMessage * wire.inputBytes);
    const message = new Uint8Array(wire.maxInputMessageBytes);
    this.#messages = Array.from({ length: wire.maxInputsPerMessage + 1 }, (_, count) =>
      message.subarray(0, wire.inputMessageBytes(count)),
    );
    this.attach(link);
  }

  /** Ticks of margin on top of the one-way trip ({@link InputLead}). */
  get lead(): number {
    return this.inputLead.lead;
  }

  set lead(ticks: number) {
    this.inputLead.lead = ticks;
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

  /**
   * The tick the prediction should have reached now: past the server's tick when an input
   * sent now arrives (estimated server time + half the round trip) by {@link lead} ticks.
   * NaN before the clock is synced.
   */
  targetTime(now: number): number {
    const arrival = this.clock.serverTime(now) + this.clock.rtt / 2;
    // × tickRate / 1000 rather than / timestep: exact for whole milliseconds (500 ms is tick 30, not 29.999…).
    return (arrival * this.wire.tickRate) / 1000 + this.lead;
  }

  /**
   * Once a frame: pings when due, steps the prediction toward {@link targetTime} (at most
   * `maxSteps`; never backwards, it waits instead) and sends the new inputs in one message.
   * Returns the steps taken.
   */
  update(now = this.now()): number {
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
      p.step(this.input);
      steps++;
    }
    if (steps > 0) this.#sendInputs();
    return steps;
  }

  /**
   * Once a frame, after {@link update}: moves the delay and the smoothing on, then samples the
   * buffer at the render time (estimated server time − the interpolation delay, never moving
   * backwards) and returns what it found; the game blends `buffer.older` and `buffer.newer` by
   * `buffer.t`. 'empty' before the clock is synced.
   */
  draw(now = this.now()): SampleKind {
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
    const kind = this.buffer.sample(this.renderTime);
    if (kind === 'starved' && this.interpolate) this.counts.starved++;
    this.sampled = kind;
    return kind;
  }

  /**
   * Writes the local player's predicted position into `out` at `at` (blended between the last
   * two steps by how far the present is past the last one, plus the fading correction). False,
   * writing nothing, when prediction is off, not started, or this page is a spectator.
   */
  drawPredicted(out: Float64Array, at: number, now = this.now()): boolean {
    if (!this.predict) return false;
    const frac = this.targetTime(now);
    const alpha = Math.min(1, Math.max(0, frac - Math.floor(frac)));
    return this.predictor.draw(out, at, alpha);
  }

  #sendInputs(): void {
    const tick = this.predictor.tick;
    const count = Math.max(1, Math.min(this.wire.maxInputsPerMessage, tick - this.ack));
    this.predictor.writeRecent(this.#recent, tick);
    this.wire.writeInputMessage(this.#messages[count]!, tick, this.#recent, count);
    this.counts.inputMessages++;
    this.link.sendBytes(MSG_INPUT, this.#messages[count]!);
  }

  #snapshot(bytes: Uint8Array): void {
    // An older snapshot than the newest taken says nothing new, and its wire counters (misses,
    // a u16 that wraps) would read as a jump: ignored before it is decoded over the newest.
    if (bytes.byteLength === this.wire.snapshotBytes && readUint32(bytes, 0) < this.#newestTick) {
      this.counts.stale++;
      return;
    }
    const header = this.#header;
    if (!this.#frame.read(bytes, header)) return;
    this.#options.decode(this.#frame, this.latest, header);
    this.#newestTick = header.tick;
    const now = this.now();
    this.counts.snapshots++;
    const time = header.tick * this.wire.timestepMs;
    const frame = this.buffer.push(time);
    if (frame) {
      this.delay.arrived(time, now);
      this.#options.fill(frame, this.latest);
    }
    const sending = this.ack >= 0; // misses before our first input arrived are not the lead's
    // Stryker disable next-line EqualityOperator: at equal acks the assignment changes nothing (the <= sibling is killed)
    if (header.ack > this.ack) this.ack = header.ack;
    this.counts.serverMissed += this.inputLead.observe(
      header.missed,
      sending,
      this.ack,
      this.predictor.tick,
      now,
    );
    this.predictor.reconcile(this.latest, header.slot);
  }

  #pongIn(bytes: Uint8Array): void {
    if (!(bytes instanceof Uint8Array) || bytes.byteLength !== PONG_BYTES) return;
    this.#pongBytes.set(bytes);
    if (this.clock.sample(this.#pong[0]!, this.#pong[1]!, this.now())) this.counts.pongs++;
  }
}
