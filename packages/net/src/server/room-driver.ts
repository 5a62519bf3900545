import { createLoop, type Loop } from '@loop/core';
import type { Wire } from '../wire/define-wire.js';
import {
  CLOSE_OVERSIZE,
  MSG_INPUT,
  MSG_PING,
  MSG_PONG,
  PING_BYTES,
  PONG_BYTES,
} from '../wire/messages.js';
import { Budget } from './guards.js';
import { InputQueue } from './input-queue.js';
import { LogLimit } from './log-limit.js';
import { checkGame, inputsFor, type NetGame } from './net-game.js';
import type { Peer } from './peer.js';
import { type ResolvedRoomOptions, type RoomOptions, resolveRoomOptions } from './room-options.js';
import type { Refused, RoomStats, Seat } from './seat.js';
import { SessionRecorder } from './session-recorder.js';
import { SnapshotSender } from './snapshot-sender.js';
import { Warden } from './warden.js';

/**
 * One match of any game, with no transport: the authoritative state, stepped by `@loop/core`'s
 * fixed step at the game's tick rate from the inputs clients sent for each tick, never by the
 * frame time ("Fix Your Timestep!", Glenn Fiedler). Every `snapshotRate`-th of a second it sends
 * each client the state (one encoding) framed with that client's newest input acknowledged.
 * Clients predict and interpolate; the room only trusts its own simulation, and gives every
 * kind of bad input a defined outcome (see {@link receive} and warden.ts): whatever a client
 * sends costs at most its own seat.
 *
 * A transport adapter (`@loop/net/colyseus`, or an in-memory link in a test) hands it peers
 * and their messages; it costs nothing until a client is in it: the loop starts at the first join.
 */
export class RoomDriver<State> {
  readonly game: NetGame<State>;
  readonly wire: Wire;
  readonly options: ResolvedRoomOptions;
  /** The game's state, made from the `seed` option. */
  readonly state: State;
  /** Fixed steps taken: the tick every input, snapshot and kick is stamped with. */
  tick = 0;
  /** Every seat's input in force, `wire.inputBytes` each: what the game's step reads. */
  readonly inputs: Int8Array;
  /** 1 where a seat is taken. */
  readonly present: Uint8Array;
  readonly seats: (Seat | undefined)[];
  /** Steps the state from the first join on; with `scheduler: 'manual'` a test drives it with `loop.frame(now)`. */
  readonly loop: Loop;
  /** Decides what a client's misbehaviour costs it. */
  readonly warden: Warden;
  /** The session's recording, when `recordSeconds` is above 0. */
  readonly recorder: SessionRecorder<State> | undefined;
  /** Called after every step with the state (recording, tests). */
  onStep: ((state: State, tick: number) => void) | undefined;
  /** Messages refused, by reason, over the room's life. */
  readonly refused: Refused = {
    malformed: 0,
    oversize: 0,
    late: 0,
    early: 0,
    unknown: 0,
    flood: 0,
    slow: 0,
  };
  /** Steps, their cost, bytes out: see {@link RoomStats}. */
  readonly stats: RoomStats = { ticks: 0, stepMs: 0, maxStepMs: 0, bytesOut: 0 };
  readonly #byId = new Map<string, Seat>();
  readonly #sender: SnapshotSender<State>;
  readonly #pong = new Float64Array(PONG_BYTES / 8);
  readonly #pongBytes = new Uint8Array(this.#pong.buffer);

  /** Checks the game and the options (a RangeError names the one refused) and makes the state. */
  constructor(game: NetGame<State>, options: RoomOptions | ResolvedRoomOptions = {}) {
    this.game = checkGame(game);
    this.wire = game.wire;
    const resolved = resolveRoomOptions(options, game.wire.tickRate);
    this.options = resolved;
    this.state = game.create(resolved.seed);
    this.inputs = inputsFor(game, this.state);
    this.present = new Uint8Array(game.maxPlayers);
    this.seats = new Array<Seat | undefined>(game.maxPlayers).fill(undefined);
    const { limits, log, now } = resolved;
    const logLimit = new LogLimit(limits.logBurst, limits.logPerSecond, log, now);
    this.warden = new Warden(limits, game.wire.tickRate, this.refused, logLimit);
    if (resolved.recordSeconds > 0) {
      this.recorder = new SessionRecorder(game, resolved.recordSeconds);
    }
    this.#sender = new SnapshotSender(this);
    this.loop = createLoop({
      timestep: game.wire.timestepMs,
      scheduler: resolved.scheduler,
      // A room served in a page (LinkPeer) steps on while the page is hidden: its clients play.
      pauseWhenHidden: false,
      update: () => this.#step(),
    });
  }

  /** The seat of the peer with this id, while it has one. */
  seatOf(id: string): Seat | undefined {
    return this.#byId.get(id);
  }

  /**
   * Seats a client in the first free seat (its player joins the game at once) and starts the
   * loop; undefined when every seat is taken (a transport caps its clients at `maxPlayers`).
   */
  join(peer: Peer): Seat | undefined {
    const slot = this.seats.indexOf(undefined);
    if (slot < 0) return undefined;
    const seat: Seat = {
      peer,
      slot,
      inputs: new InputQueue(this.wire),
      missed: 0,
      strikes: 0,
      away: -1,
      giveUp: undefined,
      kicked: false,
      kickedAt: -1,
      since: this.tick,
      budget: new Budget(),
      slowSince: -1,
    };
    this.seats[slot] = seat;
    this.#byId.set(peer.id, seat);
    this.present[slot] = 1;
    this.#release(slot);
    this.game.join(this.state, slot);
    if (this.recorder) this.recorder.joined[slot] = 1;
    this.loop.start(); // the first join starts it; a started loop's start() does nothing
    return seat;
  }

  /**
   * A client's connection ended. One that said so (`consented`), that the room kicked, or any
   * when `reconnectSeconds` is 0, frees its seat at once (false). One whose connection dropped
   * keeps its seat for `reconnectSeconds` of the room's time (true): its player's input is
   * released (the body comes to rest, as if the stick were let go) and snapshots stop until
   * {@link resume}; the caller sets `seat.giveUp`, which the step calls when the wait is over.
   */
  drop(seat: Seat, consented: boolean): boolean {
    if (consented || seat.kicked || this.options.reconnectSeconds === 0) {
      this.free(seat);
      return false;
    }
    seat.away = this.tick;
    seat.inputs.clear();
    this.#release(seat.slot);
    return true;
  }

  /** A dropped client is back on `peer`: the same seat and player, its join counted from now. */
  resume(seat: Seat, peer: Peer): void {
    this.#byId.delete(seat.peer.id);
    seat.peer = peer;
    this.#byId.set(peer.id, seat);
    seat.since = this.tick;
    seat.away = -1;
    seat.giveUp = undefined;
  }

  /** Frees a seat for good: its player leaves the game. */
  free(seat: Seat): void {
    this.#byId.delete(seat.peer.id);
    this.seats[seat.slot] = undefined;
    this.present[seat.slot] = 0;
    this.#release(seat.slot);
    this.game.leave(this.state, seat.slot);
  }

  /**
   * A data message from a seated client, for a transport that does not sort them itself: a
   * kicked client's are dropped, each is paid for from the budget, inputs and pings are handled,
   * any other type is refused (a strike).
   */
  message(seat: Seat, type: number, payload: unknown): void {
    if (seat.kicked || !this.warden.admit(seat, this.tick)) return;
    if (type === MSG_INPUT) this.receive(seat, payload);
    else if (type === MSG_PING) this.ping(seat, payload);
    else this.warden.refuse(seat, 'unknown', this.tick);
  }

  /**
   * An input message, and its outcome: `ok` buffers its inputs for their ticks; `late` (all for
   * ticks already stepped) and `early` (too far ahead) are counted and ignored; `malformed` is a
   * strike, and the tenth disconnects the client; `oversize` (no honest client sends one)
   * disconnects at once with {@link CLOSE_OVERSIZE}. Inputs are clamped on the way in by the
   * game's wire.
   */
  receive(seat: Seat, message: unknown): void {
    const tick = this.tick;
    const verdict = seat.inputs.receive(message, tick);
    if (verdict === 'ok') return;
    if (verdict === 'malformed') {
      this.warden.refuse(seat, 'malformed', tick);
      return;
    }
    this.refused[verdict]++;
    if (verdict === 'oversize') {
      this.warden.kick(seat, CLOSE_OVERSIZE, 'input message too large', tick);
    }
  }

  /**
   * Answers a ping with the client's own stamp and the server's time: the simulated time the
   * state has reached (tick × timestep, plus the leftover and the real time since the last
   * frame), the clock every tick stamp is on. A malformed ping is a strike.
   */
  ping(seat: Seat, message: unknown): void {
    if (!(message instanceof Uint8Array) || message.byteLength !== PING_BYTES) {
      this.warden.refuse(seat, 'malformed', this.tick);
      return;
    }
    this.#pongBytes.set(message);
    const sinceFrame = Math.max(0, this.options.now() - this.loop.now);
    this.#pong[1] = this.tick * this.wire.timestepMs + this.loop.lag * 1000 + sinceFrame;
    seat.peer.send(MSG_PONG, this.#pongBytes);
  }

  /** Stops the loop for good. Safe to call twice. */
  dispose(): void {
    this.loop.dispose();
  }

  /** Zeros a seat's input in force (a new player, or one let go). */
  #release(slot: number): void {
    const n = this.wire.inputBytes;
    this.inputs.fill(0, slot * n, slot * n + n);
  }

  /** One fixed step: each seat's input for the coming tick (or the previous one held), then the game's. */
  #step(): void {
    const started = performance.now();
    const next = this.tick + 1;
    const wait = this.options.reconnectSeconds * this.wire.tickRate;
    const n = this.wire.inputBytes;
    // Stryker disable next-line EqualityOperator: seats[maxPlayers] is past the array's end: undefined, skipped
    for (let slot = 0; slot < this.seats.length; slot++) {
      const seat = this.seats[slot];
      if (!seat) continue;
      this.warden.watch(seat, next);
      seat.budget.refill();
      // giveUp is set only while the seat is away.
      const giveUp = seat.giveUp;
      if (giveUp && next - seat.away > wait) {
        seat.giveUp = undefined;
        giveUp(); // the wait is over: the transport frees the seat
      }
      if (!seat.inputs.take(next, this.inputs, slot * n)) seat.missed++;
    }
    this.recorder?.beforeStep(this.state, this.tick, this.present, this.inputs);
    this.game.step(this.state, this.inputs);
    this.tick = next;
    this.recorder?.afterStep(this.state);
    this.onStep?.(this.state, next);
    const rate = this.options.snapshotRate;
    const tickRate = this.wire.tickRate;
    // Integer arithmetic: 20 Hz at 60 sends every third tick, 25 Hz alternates 2 and 3, with no drift.
    if (Math.floor((next * rate) / tickRate) !== Math.floor(((next - 1) * rate) / tickRate)) {
      this.#sender.send();
    }
    const took = performance.now() - started;
    this.stats.ticks++;
    this.stats.stepMs += took;
    // Stryker disable next-line EqualityOperator: at an equal time the assignment changes nothing (the <= sibling is killed)
    if (took > this.stats.maxStepMs) this.stats.maxStepMs = took;
  }
}
