import { type Client, ClientState } from '@colyseus/core';
import { createLoop, type Loop } from '@loop/core';
import { MAX_PLAYERS, TICK_RATE, TIMESTEP_MS } from '../shared/arena';
import { INPUT_BYTES } from '../shared/input';
import {
  CLOSE_OVERSIZE,
  MSG_INPUT,
  MSG_PING,
  MSG_PONG,
  MSG_SNAPSHOT,
  PING_BYTES,
  PONG_BYTES,
} from '../shared/protocol';
import { SnapshotCodec } from '../shared/snapshot';
import { World } from '../shared/world';
import { type ArenaConfig, resolveConfig } from './config';
import { GuardedRoom } from './guarded-room';
import { Budget, buffered, MAX_BUFFERED, SLOW_TICKS } from './guards';
import { InputQueue } from './input-queue';
import { LogLimit } from './log-limit';
import type { RoomStats, Seat } from './seat';
import { SessionRecorder } from './session-recorder';
import { Warden } from './warden';

/**
 * One match: the authoritative world, stepped by `@loop/core`'s fixed step at TICK_RATE from
 * the inputs clients sent for each tick, never by the frame time. Every `snapshotRate`-th of a
 * second it sends each client the world (one encoding) stamped with that client's newest input
 * acknowledged. Clients predict and interpolate; the room only trusts its own simulation, and
 * gives every kind of bad input a defined outcome (see {@link receive} and warden.ts): whatever
 * a client sends costs at most its own seat.
 *
 * It costs nothing until a client is in it: the loop starts at the first join, and a room made
 * that nobody joins goes when its seat reservation (`limits.reserveSeconds`) runs out.
 * Configure it with {@link arenaRoom} (server code), never with join options (a stranger's).
 */
export class ArenaRoom extends GuardedRoom {
  /** Every room of this process that has not been disposed (the /stats route reads them). */
  static readonly live = new Set<ArenaRoom>();
  /** The room's settings, fixed by the server when it defined the room. */
  protected config = resolveConfig({});
  world = new World();
  readonly seats: (Seat | undefined)[] = new Array(MAX_PLAYERS).fill(undefined);
  /**
   * Steps the world from the first join on; with `scheduler: 'manual'` a test drives it with
   * `loop.frame(now)`. Made first thing in onCreate (a room Colyseus disposes without running
   * onCreate has none: see {@link onDispose}).
   */
  loop!: Loop;
  /** The session's recording (session-recorder.ts), when `recordSeconds` is above 0. */
  recorder: SessionRecorder | undefined;
  /** Called after every step with the world (recording, tests). */
  onStep: ((world: World) => void) | undefined;
  /** Messages refused, by reason, over the room's life. */
  readonly refused = {
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
  readonly #codec = new SnapshotCodec();
  readonly #pong = new Float64Array(PONG_BYTES / 8);
  readonly #pongBytes = new Uint8Array(this.#pong.buffer);
  readonly #bySession = new Map<string, Seat>();
  /** The room takes inputs and pings; every other type is refused before Colyseus reads it. */
  protected readonly messageTypes: readonly number[] = [MSG_INPUT, MSG_PING];

  protected guardedOf(sessionId: string): Seat | undefined {
    return this.#bySession.get(sessionId);
  }

  protected get tick(): number {
    return this.world.tick;
  }

  override onCreate(): void {
    this.loop = createLoop({
      timestep: TIMESTEP_MS,
      scheduler: this.config.scheduler,
      // Stryker disable next-line BooleanLiteral: Node has no document to hide; said for a reader who copies the call to a page
      pauseWhenHidden: false,
      update: () => this.#step(),
    });
    this.maxClients = MAX_PLAYERS;
    const { limits, log, now } = this.config;
    this.setSeatReservationTime(limits.reserveSeconds);
    const logLimit = new LogLimit(limits.logBurst, limits.logPerSecond, log, now);
    this.warden = new Warden(limits, TICK_RATE, this.refused, logLimit);
    ArenaRoom.live.add(this);
    this.world = new World(this.config.seed);
    if (this.config.recordSeconds > 0)
      this.recorder = new SessionRecorder(this.config.recordSeconds);
    this.onMessage(MSG_INPUT, (client, message) => this.receive(client, message));
    this.onMessage(MSG_PING, (client, message) => this.#ping(client, message));
  }

  override onJoin(client: Client): void {
    const slot = this.seats.indexOf(undefined);
    const seat: Seat = {
      client,
      slot,
      inputs: new InputQueue(),
      missed: 0,
      strikes: 0,
      away: -1,
      kicked: false,
      kickedAt: -1,
      since: this.world.tick,
      budget: new Budget(),
      slowSince: -1,
    };
    this.seats[slot] = seat;
    this.#bySession.set(client.sessionId, seat);
    this.quiet(client);
    this.world.join(slot);
    if (this.recorder) this.recorder.joined |= 1 << slot;
    this.loop.start(); // the first join starts it; a started loop's start() does nothing
  }

  /**
   * A client left. One that said so (consented), that the room disconnected, or any when
   * `reconnectSeconds` is 0, frees its seat at once. One whose connection dropped keeps its seat
   * for `reconnectSeconds` of the room's simulated time: its player's input is released (the
   * body comes to rest, as if the stick were let go), snapshots stop, and a reconnection
   * (colyseus.js `client.reconnect(token)`) resumes the same seat and player.
   */
  override async onLeave(client: Client, consented?: boolean): Promise<void> {
    const seat = this.#bySession.get(client.sessionId);
    // Stryker disable next-line ConditionalExpression: every client that leaves took a seat in onJoin (maxClients is the seat count)
    if (!seat) return;
    if (consented || seat.kicked || this.config.reconnectSeconds === 0) {
      this.#free(seat);
      return;
    }
    seat.away = this.world.tick;
    seat.inputs.clear();
    this.world.inputs.fill(0, seat.slot * INPUT_BYTES, seat.slot * INPUT_BYTES + INPUT_BYTES);
    seat.reconnection = this.allowReconnection(client, 'manual');
    try {
      seat.client = await seat.reconnection;
      this.quiet(seat.client);
      seat.since = this.world.tick;
      seat.away = -1;
      seat.reconnection = undefined;
    } catch {
      this.#free(seat);
    }
  }

  #free(seat: Seat): void {
    this.#bySession.delete(seat.client.sessionId);
    this.seats[seat.slot] = undefined;
    this.world.leave(seat.slot);
  }

  /** Safe in any state: Colyseus also disposes a room whose onCreate threw or never ran. */
  override onDispose(): void {
    ArenaRoom.live.delete(this);
    this.loop?.dispose();
  }

  /**
   * An input message, and its outcome: `ok` buffers its inputs for their ticks; `late` (all for
   * ticks already stepped) and `early` (over 2 s ahead) are counted and ignored; `malformed` is a
   * strike, and the tenth disconnects the client with 4400; `oversize` (no client of ours sends
   * one) disconnects at once with 4413. Stick values out of range are clamped on the way in.
   */
  receive(client: Client, message: unknown): void {
    const seat = this.#bySession.get(client.sessionId);
    if (!seat) return;
    const tick = this.world.tick;
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
   * world has reached (tick × timestep, plus the leftover and the real time since the last
   * frame), the clock every tick stamp is on. A malformed ping is a strike.
   */
  #ping(client: Client, message: unknown): void {
    if (!(message instanceof Uint8Array) || message.byteLength !== PING_BYTES) {
      const seat = this.#bySession.get(client.sessionId);
      // Stryker disable next-line ConditionalExpression: the gate passes on a message only from a seated client
      if (seat) this.warden.refuse(seat, 'malformed', this.world.tick);
      return;
    }
    this.#pongBytes.set(message);
    const sinceFrame = Math.max(0, this.config.now() - this.loop.now);
    this.#pong[1] = this.world.tick * TIMESTEP_MS + this.loop.lag * 1000 + sinceFrame;
    client.sendBytes(MSG_PONG, this.#pongBytes);
  }

  /** One fixed step: each seat's input for the coming tick (or the previous one held), then the world. */
  #step(): void {
    const started = performance.now();
    const world = this.world;
    const next = world.tick + 1;
    const wait = this.config.reconnectSeconds * TICK_RATE;
    // Stryker disable next-line EqualityOperator: seats[MAX_PLAYERS] is past the array's end: undefined, skipped
    for (let slot = 0; slot < MAX_PLAYERS; slot++) {
      const seat = this.seats[slot];
      if (!seat) continue;
      this.warden.watch(seat, next);
      seat.budget.refill();
      // A reconnection is pending only while the seat is away.
      if (seat.reconnection && next - seat.away > wait) {
        seat.reconnection.reject(); // the wait is over: onLeave frees the seat
        seat.reconnection = undefined;
      }
      if (!seat.inputs.take(next, world.inputs, slot * INPUT_BYTES)) seat.missed++;
    }
    this.recorder?.beforeStep(world);
    world.step();
    this.recorder?.afterStep(world);
    this.onStep?.(world);
    const rate = this.config.snapshotRate;
    // Integer arithmetic: 20 Hz sends every third tick, 25 Hz alternates 2 and 3, with no drift.
    if (Math.floor((next * rate) / TICK_RATE) !== Math.floor(((next - 1) * rate) / TICK_RATE)) {
      this.#broadcast();
    }
    const took = performance.now() - started;
    this.stats.ticks++;
    this.stats.stepMs += took;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: which step took longest is the machine's to say, not a test's; the load test prints it
    if (took > this.stats.maxStepMs) this.stats.maxStepMs = took;
  }

  /**
   * True when the client's connection holds more than MAX_BUFFERED unsent (it stopped reading):
   * it is skipped (counted as `slow`), and cut after SLOW_TICKS of it, with no close handshake
   * it could not read anyway.
   */
  #behind(seat: Seat): boolean {
    // Stryker disable next-line EqualityOperator: whether a queue of exactly MAX_BUFFERED bytes is held back no reader notices, and no test can queue an exact byte count
    if (buffered(seat.client.ref) <= MAX_BUFFERED) {
      seat.slowSince = -1;
      return false;
    }
    this.refused.slow++;
    // Stryker disable next-line EqualityOperator: slowSince is −1 or the tick it began, never 0: a snapshot goes out only after a step
    if (seat.slowSince < 0) seat.slowSince = this.world.tick;
    else if (this.world.tick - seat.slowSince > SLOW_TICKS) {
      this.warden.cut(seat, 'stopped reading', this.world.tick);
    }
    return true;
  }

  #broadcast(): void {
    this.#codec.encode(this.world);
    // Stryker disable next-line EqualityOperator: seats[MAX_PLAYERS] is past the array's end: undefined, skipped
    for (let slot = 0; slot < MAX_PLAYERS; slot++) {
      const seat = this.seats[slot];
      // Only to a client that acknowledged its join (nothing queues for one that never does),
      // not kicked, and present: one whose connection dropped is LEAVING while its seat waits.
      if (!seat || seat.client.state !== ClientState.JOINED || seat.kicked) continue;
      if (this.#behind(seat)) continue;
      const bytes = this.#codec.stamp(seat.inputs.newest, seat.missed, seat.slot);
      seat.client.sendBytes(MSG_SNAPSHOT, bytes);
      this.stats.bytesOut += bytes.byteLength;
    }
  }
}

/**
 * A room class with the server's settings baked in: `server.define('arena', arenaRoom({
 * snapshotRate: 30 }))`. Settings come from code, never from a client's join options.
 */
export function arenaRoom(config: ArenaConfig = {}): typeof ArenaRoom {
  const resolved = resolveConfig(config);
  return class ConfiguredArenaRoom extends ArenaRoom {
    protected override config = resolved;
  };
}
