import { Random } from '@loop/core';
import type { Link } from '@loop/net';
import { MSG_INPUT, MSG_PING, MSG_PONG, MSG_SNAPSHOT } from '@loop/net';
import { CountingLink } from '@loop/net/testing';
import type { ArenaRoom } from '../server/arena-room';
import { startHarness, until } from '../server/test-harness';
import { STICK_MAX } from '../shared/input';
import { bits } from '../shared/test-support';
import { STRIDE } from '../shared/world';
import { ArenaClient } from './arena-client';

/** A link a session may put between a client and its room, pumped once a tick. */
export interface PumpedLink extends Link {
  pump(now: number): void;
}

/** Settings of {@link playSession}. */
export interface SessionOptions {
  players: number;
  /** Ticks of play with the sticks moving, then ticks with every stick released. */
  active: number;
  quiet: number;
  /** Wraps a client's room (a network conditioner); none by default. */
  wrap?: (link: Link, now: () => number, i: number) => PumpedLink;
  seed?: number;
  /** Called after every tick with the clients (to record traces). */
  onFrame?: (clients: readonly SessionClient[]) => void;
}

/** One client of a session: its local clock runs `offset` ms from the harness's. */
export interface SessionClient {
  client: ArenaClient;
  link: Link;
  offset: number;
  slot: number;
}

/**
 * A real server whose room steps only when the session says, and `players` real colyseus.js
 * clients each with a clock of its own (offsets of seconds from the server's), playing for
 * `active` ticks with seeded sticks that steer everyone toward the middle (so players and
 * crates collide and predictions meet others' surprises), then at least `quiet` ticks with
 * every stick released. Each tick: pump the links, update and draw every client, step the
 * room once, then wait until every message sent so far has arrived (real sockets take real
 * time; the test's time stands still meanwhile, so a loaded machine changes nothing). It ends
 * when every client has reconciled a snapshot from 30 ticks into the quiet part, steps the room
 * up to every client's predicted tick, and returns the room's state at each quiet tick.
 */
export async function playSession(options: SessionOptions) {
  const harness = await startHarness();
  try {
    const random = new Random(options.seed ?? 20);
    const clients: (SessionClient & { counted: CountingLink; joinTick: number })[] = [];
    let arena: ArenaRoom | undefined;
    let inputsIn = 0;
    for (let i = 0; i < options.players; i++) {
      const joined = await harness.join();
      arena = joined.arena;
      const offset = (i + 1) * 7919.5 - 20_000; // local clocks far from the server's, not whole ms
      const now = () => harness.now + offset;
      const counted = new CountingLink(joined.room);
      const link = options.wrap?.(counted, now, i) ?? counted;
      const client = new ArenaClient(link, { now });
      clients.push({ client, link, offset, slot: i, counted, joinTick: arena.world.tick });
    }
    const room = arena!;
    const receive = room.receive.bind(room);
    room.receive = (client, message) => {
      inputsIn++;
      receive(client, message);
    };
    const states = new Map<number, unknown>();
    const quietFrom = room.world.tick + options.active + 16;
    room.onStep = (world) => {
      if (world.tick >= quietFrom) states.set(world.tick, bits(world));
    };
    const settled = () => {
      let inputsOut = 0;
      for (const { counted, joinTick } of clients) {
        inputsOut += counted.sent(MSG_INPUT);
        const snapshots = Math.floor(room.world.tick / 3) - Math.floor(joinTick / 3);
        if (counted.received(MSG_SNAPSHOT) !== snapshots) return false;
        if (counted.received(MSG_PONG) !== counted.sent(MSG_PING)) return false;
      }
      return inputsIn === inputsOut;
    };
    const frame = async (steer: boolean) => {
      for (const { client, link, slot, offset } of clients) {
        (link as Partial<PumpedLink>).pump?.(harness.now + offset);
        if (steer) {
          const at = slot * STRIDE;
          const x = Math.sign(640 - room.world.state[at]!) * STICK_MAX * 0.6;
          const y = Math.sign(360 - room.world.state[at + 1]!) * STICK_MAX * 0.6;
          const jiggle = () => (random.next() - 0.5) * 200;
          client.setInput(x + jiggle(), y + jiggle(), random.next() < 0.2 ? 1 : 0);
        } else client.setInput(0, 0, 0);
        client.update();
        client.draw();
      }
      harness.step(room, 1);
      await until(settled, 'every message sent to arrive');
      options.onFrame?.(clients);
    };
    const ready = () => clients.every(({ client: c }) => c.clock.synced && c.predictor.started);
    for (let i = 0; !ready(); i++) {
      if (i > 600) throw new Error('no clock or no snapshot after 600 ticks');
      await frame(false);
    }
    while (room.world.tick < quietFrom - 16) await frame(true);
    for (let i = 0; i < 16 + options.quiet; i++) await frame(false);
    const reconciled = () =>
      clients.every(({ client: c }) => c.predictor.reconciled >= quietFrom + 30);
    for (let i = 0; !reconciled(); i++) {
      if (i > 600) throw new Error('no snapshot from the quiet part after 600 more ticks');
      await frame(false);
    }
    const newest = Math.max(...clients.map(({ client: c }) => c.predictor.tick));
    while (room.world.tick < newest) harness.step(room, 1);
    return { clients, room, states, quietFrom };
  } finally {
    await harness.stop();
  }
}
