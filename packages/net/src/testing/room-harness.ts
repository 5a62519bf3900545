import { ClientState, matchMaker, type Server, type Room as ServerRoom } from '@colyseus/core';
import { Client, type Room } from 'colyseus.js';
import { MSG_PONG, MSG_SNAPSHOT } from '../wire/messages.js';
import { until } from './until.js';

/** The room options a {@link RoomHarness} drives time with: merge them into the game's room's. */
export interface HarnessClock {
  readonly scheduler: 'manual';
  readonly now: () => number;
  readonly log: (line: string) => void;
}

/** What a {@link RoomHarness} needs of a started server (@loop/net's GameServer has it). */
export interface HarnessServer {
  readonly server: Server;
  readonly port: number;
  stop(): Promise<void>;
}

/** A room a {@link RoomHarness} steps: a fixed-step room (FixedStepRoom has it). */
export type SteppedRoom = ServerRoom & {
  readonly loop: { readonly now: number; frame(now: number): void };
};

/** Settings of {@link RoomHarness.start}. */
export interface RoomHarnessOptions<S extends HarnessServer> {
  /** Starts the game's server on a free loopback port with `clock` in its rooms' options. */
  start(clock: HarnessClock): Promise<S>;
  /** The room name the game defines (what a page joins). */
  room: string;
  /** The game's ticks per second: one {@link RoomHarness.step} moves the clock one tick. */
  tickRate: number;
}

/**
 * A game's real Colyseus server on loopback whose rooms step only when the test says so (the
 * manual scheduler and a clock the test owns), and real colyseus.js clients: the test drives
 * time and asserts on what came of it, never on how long it took. What a game's room tests,
 * reconnection tests and prediction sessions stand on, so they stay short.
 */
export class RoomHarness<R extends SteppedRoom, S extends HarnessServer = HarnessServer> {
  /** The rooms' clock, in ms: moved only by {@link step}, a whole number of ticks from 1 s. */
  now = 1000;
  #frames = 0;

  private constructor(
    readonly game: S,
    readonly options: RoomHarnessOptions<S>,
  ) {}

  /** Starts the server: a RangeError for a tick rate that is no positive number. */
  static async start<R extends SteppedRoom, S extends HarnessServer = HarnessServer>(
    options: RoomHarnessOptions<S>,
  ): Promise<RoomHarness<R, S>> {
    if (!(options.tickRate > 0 && Number.isFinite(options.tickRate))) {
      throw new RangeError(`tickRate must be a positive number, got ${options.tickRate}`);
    }
    let harness: RoomHarness<R, S> | undefined;
    const game = await options.start({
      scheduler: 'manual',
      now: () => harness?.now ?? 0,
      log: () => {},
    });
    // Colyseus's heartbeat pings every 3 s of real time and cuts a client that missed two: a
    // slow reader a test holds still would be cut by it, not by the room, wherever the driven
    // steps take longer than that (a loaded machine, a mutation run's instrumented code).
    const transport = game.server.transport as unknown as { pingInterval?: NodeJS.Timeout };
    clearInterval(transport.pingInterval);
    harness = new RoomHarness<R, S>(game, options);
    return harness;
  }

  /** A colyseus.js client of the server. */
  client(): Client {
    return new Client(`ws://127.0.0.1:${this.game.port}`);
  }

  /**
   * Joins the game's room as a page does (the first join creates it, which takes its first
   * frame at once): `room` is the client's end, `arena` the room on the server.
   */
  async join(): Promise<{ room: Room; arena: R }> {
    const room = await this.client().joinOrCreate(this.options.room);
    room.onMessage(MSG_SNAPSHOT, () => {}); // the test adds its own handlers as it needs them
    room.onMessage(MSG_PONG, () => {});
    const arena = matchMaker.getLocalRoomById(room.roomId) as R;
    // The room sends a client nothing until its join acknowledgement is in (sent as colyseus.js
    // resolves the join): a step before it would skip this client's snapshot.
    const joined = () => arena.clients.find((c) => c.sessionId === room.sessionId)?.state;
    await until(() => joined() === ClientState.JOINED, 'the join to be acknowledged');
    if (arena.loop.now === 0) arena.loop.frame(this.now); // the baseline frame: no step
    return { room, arena };
  }

  /** Steps `arena` by `ticks` fixed steps, one frame per step. */
  step(arena: R, ticks: number): void {
    for (let i = 0; i < ticks; i++) {
      // Never summed: no drift.
      this.now = 1000 + (++this.#frames * 1000) / this.options.tickRate;
      arena.loop.frame(this.now);
    }
  }

  /** Stops the server. */
  stop(): Promise<void> {
    return this.game.stop();
  }
}
