import type { Client } from '@colyseus/core';
import type { Loop } from '@loop/core';
import { checkGame, type NetGame } from '../../server/net-game.js';
import { RoomDriver } from '../../server/room-driver.js';
import {
  type ResolvedRoomOptions,
  type RoomOptions,
  resolveRoomOptions,
} from '../../server/room-options.js';
import type { Guarded, Refused, RoomStats, Seat } from '../../server/seat.js';
import type { SessionRecorder } from '../../server/session-recorder.js';
import type { Warden } from '../../server/warden.js';
import { MSG_INPUT, MSG_PING } from '../../wire/messages.js';
import { ColyseusPeer } from './colyseus-peer.js';
import { GuardedRoom } from './guarded-room.js';

/** A seat of a Colyseus room: the driver's, and the Colyseus client in it (a new one after a reconnection). */
export type ColyseusSeat = Seat & { client: Client };

/**
 * What a process's operators read of a live room, whatever its game: its id and clients, its
 * steps and bytes, the time its loop dropped, and its recorded session.
 */
export interface LiveRoom {
  readonly roomId: string;
  readonly clients: { readonly length: number };
  readonly stats: RoomStats;
  readonly loop: Loop;
  /** The room's recorded session as bytes, or undefined when it records nothing. */
  recordingBytes(): Uint8Array | undefined;
}

/**
 * A game's fixed-step room on Colyseus 0.16: `@loop/net/server`'s {@link RoomDriver} (the tick,
 * the seats, the inputs, the snapshots, the recording) plugged into a {@link GuardedRoom} (the
 * message gate before Colyseus decodes, join options checked in onAuth, the warden). Bytes go
 * out with `sendBytes`; a dropped client keeps its seat for `reconnectSeconds` through
 * Colyseus's `allowReconnection`; a room nobody joins is disposed when its seat reservation
 * (`limits.reserveSeconds`) runs out, its loop never started. A game names its {@link NetGame}
 * and gets the rest: `fixedStepRoom(game, options)`, or a subclass setting `game` and `options`.
 */
export abstract class FixedStepRoom<State> extends GuardedRoom implements LiveRoom {
  /** Every room of this class that has not been disposed (a subclass may keep a set of its own). */
  static readonly live: Set<LiveRoom> = new Set();
  /** The game this room hosts. */
  protected abstract readonly game: NetGame<State>;
  /** The room's settings, fixed by the server when it defined the room (never a client's). */
  protected options: RoomOptions | ResolvedRoomOptions = {};
  /** The room's transport-free core; made first thing in onCreate. */
  driver!: RoomDriver<State>;
  /** The room takes inputs and pings; every other type is refused before Colyseus reads it. */
  protected readonly messageTypes: readonly number[] = [MSG_INPUT, MSG_PING];

  /** The game's state (Colyseus's own `state`, a schema, stays unused). */
  get gameState(): State {
    return this.driver.state;
  }
  /** Steps the state from the first join; with `scheduler: 'manual'` a test drives `loop.frame(now)`. */
  get loop(): Loop {
    return this.driver.loop;
  }
  /** Each seat's client, inputs and what it has cost the room; undefined where free. */
  get seats(): readonly (ColyseusSeat | undefined)[] {
    return this.driver.seats as (ColyseusSeat | undefined)[];
  }
  /** Messages refused, by reason, over the room's life. */
  get refused(): Refused {
    return this.driver.refused;
  }
  /** Steps, their cost, bytes out: what a load test or a dashboard reads. */
  get stats(): RoomStats {
    return this.driver.stats;
  }
  /** The session's recording, when `recordSeconds` is above 0. */
  get recorder(): SessionRecorder<State> | undefined {
    return this.driver.recorder;
  }
  /** The recorded session as bytes for a bug report (`replaySession` reads it), if it records. */
  recordingBytes(): Uint8Array | undefined {
    return this.driver?.recorder?.recording().toBytes();
  }
  protected get warden(): Warden {
    return this.driver.warden;
  }
  protected get tick(): number {
    return this.driver.tick;
  }
  protected guardedOf(sessionId: string): Guarded | undefined {
    return this.driver.seatOf(sessionId);
  }

  override onCreate(): void {
    this.driver = new RoomDriver(this.game, this.options);
    this.maxClients = this.game.maxPlayers;
    this.setSeatReservationTime(this.driver.options.limits.reserveSeconds);
    (this.constructor as typeof FixedStepRoom).live.add(this);
    this.onMessage(MSG_INPUT, (client, message) => this.receive(client, message));
    this.onMessage(MSG_PING, (client, message) => this.#ping(client, message));
  }

  /**
   * An input message from `client`, past the gate and paid for: its seat's input queue takes
   * it, and the driver decides what a bad one costs (`RoomDriver.receive`). A client with no
   * seat is ignored.
   */
  receive(client: Client, message: unknown): void {
    const seat = this.driver.seatOf(client.sessionId);
    if (seat) this.driver.receive(seat, message);
  }

  #ping(client: Client, message: unknown): void {
    const seat = this.driver.seatOf(client.sessionId);
    // Stryker disable next-line ConditionalExpression: true changes nothing: the gate (_onMessage) passes a message on only from a client whose seat guardedOf, this driver's seatOf, found (the false sibling is killed)
    if (seat) this.driver.ping(seat, message);
  }

  override onJoin(client: Client): void {
    const seat = this.driver.join(new ColyseusPeer(client)) as ColyseusSeat | undefined;
    // A client past the seats (a subclass that raised maxClients) is in the room with no seat.
    if (!seat) return;
    seat.client = client;
    this.quiet(client);
  }

  /**
   * A client left. One that said so (consented), that the room kicked, or any when
   * `reconnectSeconds` is 0, frees its seat at once. One whose connection dropped keeps its seat
   * for `reconnectSeconds` of the room's simulated time (its input released, no snapshots), and
   * a reconnection (colyseus.js `client.reconnect(token)`) resumes the same seat and player.
   */
  override async onLeave(client: Client, consented?: boolean): Promise<void> {
    const seat = this.driver.seatOf(client.sessionId) as ColyseusSeat | undefined;
    if (!seat) return;
    if (!this.driver.drop(seat, consented === true)) return;
    const reconnection = this.allowReconnection(client, 'manual');
    seat.giveUp = () => reconnection.reject(); // the step calls it when the wait is over
    try {
      const back = await reconnection;
      this.quiet(back);
      this.driver.resume(seat, new ColyseusPeer(back));
      seat.client = back;
    } catch {
      this.driver.free(seat);
    }
  }

  /** Safe in any state: Colyseus also disposes a room whose onCreate threw or never ran. */
  override onDispose(): void {
    (this.constructor as typeof FixedStepRoom).live.delete(this);
    this.driver?.dispose();
  }
}

/** A concrete room class of a game, as Colyseus's `server.define` takes it. */
export type FixedStepRoomClass<State> = (new () => FixedStepRoom<State>) &
  Omit<typeof FixedStepRoom, 'prototype'>;

/**
 * A room class for `game` with the server's settings baked in, checked now (a RangeError names
 * the setting): `server.define('match', fixedStepRoom(game, { snapshotRate: 30 }))`. Settings
 * come from code, never from a client's join options.
 */
export function fixedStepRoom<State>(
  game: NetGame<State>,
  options: RoomOptions = {},
): FixedStepRoomClass<State> {
  // Checked now, when the server defines the room: a bad setting never waits for a first join.
  checkGame(game);
  const resolved = resolveRoomOptions(options, game.wire.tickRate);
  return class GameRoom extends FixedStepRoom<State> {
    protected readonly game = game;
    protected override options = resolved;
  };
}
