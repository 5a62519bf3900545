import type { Client } from '@colyseus/core';
import { Random } from '@loop/core';
import type { Link } from '../link/link.js';
import type { RoomDriver } from '../server/room-driver.js';
import { MSG_INPUT, MSG_PING, MSG_PONG, MSG_SNAPSHOT } from '../wire/messages.js';
import { CountingLink } from './counting-link.js';
import type { RoomHarness, SteppedRoom } from './room-harness.js';
import { until } from './until.js';

/** A link a session may put between a client and its room (a conditioner), pumped once a tick. */
export interface PumpedLink extends Link {
  pump(now: number): void;
}

/** What a session needs of a page's client: NetClient has it. */
export interface SessionNetClient {
  update(): number;
  draw(): unknown;
  readonly clock: { readonly synced: boolean };
  readonly predictor: {
    readonly started: boolean;
    readonly reconciled: number;
    readonly tick: number;
  };
}

/** A fixed-step room a session plays in: FixedStepRoom has it. */
export type SessionRoom<State> = SteppedRoom & {
  readonly driver: RoomDriver<State>;
  receive(client: Client, message: unknown): void;
};

/** One client of a session: its local clock runs `offset` ms from the harness's. */
export interface SessionClient<C> {
  client: C;
  link: Link;
  offset: number;
  slot: number;
}

/** Settings of {@link playSession}. */
export interface SessionOptions<State, R extends SessionRoom<State>, C extends SessionNetClient> {
  /** The game's server under the test's clock; the session joins, steps, and leaves it running. */
  harness: RoomHarness<R>;
  players: number;
  /** Ticks of play with the sticks moving, then ticks with every stick released. */
  active: number;
  quiet: number;
  /** The game's client of a player on `link`, at local time `now`. */
  client(link: Link, now: () => number): C;
  /** Sets one player's input for an active tick (seeded draws from `random`). */
  steer(client: C, slot: number, state: State, random: Random): void;
  /** Releases one player's input for a quiet tick. */
  rest(client: C): void;
  /** The game state's tick. */
  tickOf(state: State): number;
  /** A copy of the server's state to compare a prediction with (its bits). */
  capture(state: State): unknown;
  /** Wraps a client's room (a network conditioner); none by default. */
  wrap?: (link: Link, now: () => number, i: number) => PumpedLink;
  seed?: number;
  /** Called after every tick with the clients (to record traces). */
  onFrame?: (clients: readonly SessionClient<C>[]) => void;
}

/**
 * `players` real colyseus.js clients of a game's real server, each with a clock of its own
 * (offsets of seconds from the server's), playing for `active` ticks with the game's seeded
 * steering, then at least `quiet` ticks at rest. Each tick: pump the links, update and draw
 * every client, step the room once, then wait until every message sent so far has arrived (real
 * sockets take real time; the test's time stands still meanwhile, so a loaded machine changes
 * nothing). It ends when every client has reconciled a snapshot from 30 ticks into the quiet
 * part, steps the room up to every client's predicted tick, and returns the server's state at
 * each quiet tick: what a convergence test compares every prediction with, bit for bit.
 */
export async function playSession<State, R extends SessionRoom<State>, C extends SessionNetClient>(
  options: SessionOptions<State, R, C>,
) {
  const { harness } = options;
  const random = new Random(options.seed ?? 20);
  const clients: (SessionClient<C> & { counted: CountingLink; joinTick: number })[] = [];
  let room: R | undefined;
  for (let i = 0; i < options.players; i++) {
    const joined = await harness.join();
    room = joined.arena;
    const offset = (i + 1) * 7919.5 - 20_000; // local clocks far from the server's, not whole ms
    const now = () => harness.now + offset;
    const counted = new CountingLink(joined.room);
    const link = options.wrap?.(counted, now, i) ?? counted;
    const joinTick = options.tickOf(room.driver.state);
    clients.push({ client: options.client(link, now), link, offset, slot: i, counted, joinTick });
  }
  const arena = room!;
  const driver = arena.driver;
  const tick = () => options.tickOf(driver.state);
  const perSnapshot = driver.wire.tickRate / driver.options.snapshotRate;
  let inputsIn = 0;
  const receive = arena.receive.bind(arena);
  arena.receive = (client, message) => {
    inputsIn++;
    receive(client, message);
  };
  const states = new Map<number, unknown>();
  const quietFrom = tick() + options.active + 16;
  driver.onStep = (state) => {
    if (options.tickOf(state) >= quietFrom)
      states.set(options.tickOf(state), options.capture(state));
  };
  const settled = () => {
    let inputsOut = 0;
    for (const { counted, joinTick } of clients) {
      inputsOut += counted.sent(MSG_INPUT);
      const snapshots = Math.floor(tick() / perSnapshot) - Math.floor(joinTick / perSnapshot);
      if (counted.received(MSG_SNAPSHOT) !== snapshots) return false;
      if (counted.received(MSG_PONG) !== counted.sent(MSG_PING)) return false;
    }
    return inputsIn === inputsOut;
  };
  const frame = async (steer: boolean) => {
    for (const { client, link, slot, offset } of clients) {
      (link as Partial<PumpedLink>).pump?.(harness.now + offset);
      if (steer) options.steer(client, slot, driver.state, random);
      else options.rest(client);
      client.update();
      client.draw();
    }
    harness.step(arena, 1);
    await until(settled, 'every message sent to arrive');
    options.onFrame?.(clients);
  };
  const ready = () => clients.every(({ client: c }) => c.clock.synced && c.predictor.started);
  for (let i = 0; !ready(); i++) {
    if (i > 600) throw new Error('no clock or no snapshot after 600 ticks');
    await frame(false);
  }
  while (tick() < quietFrom - 16) await frame(true);
  for (let i = 0; i < 16 + options.quiet; i++) await frame(false);
  const reconciled = () =>
    clients.every(({ client: c }) => c.predictor.reconciled >= quietFrom + 30);
  for (let i = 0; !reconciled(); i++) {
    if (i > 600) throw new Error('no snapshot from the quiet part after 600 more ticks');
    await frame(false);
  }
  const newest = Math.max(...clients.map(({ client: c }) => c.predictor.tick));
  while (tick() < newest) harness.step(arena, 1);
  return { clients, room: arena, states, quietFrom };
}
