import { hashNumbers } from '@loop/core/replay';
import { FixedStepRoom, type LiveRoom } from '@loop/net/colyseus';
import {
  type NetGame,
  type ResolvedRoomOptions,
  type RoomOptions,
  resolveRoomOptions,
} from '@loop/net/server';
import { MAX_PLAYERS, TICK_RATE } from '../shared/arena';
import { wire } from '../shared/protocol';
import { SnapshotCodec, type SnapshotHeader } from '../shared/snapshot';
import { World } from '../shared/world';

/**
 * Names this simulation for recordings: a recording replays only on the build that made it.
 * Change it whenever world.ts or arena.ts changes what a step does.
 */
export const SIMULATION_BUILD = 'arena-1';

/**
 * Settings of an arena room, given by server code (never by a client): @loop/net's room options
 * (snapshot rate up to TICK_RATE, reconnection window, recording, seed, scheduler, clock,
 * limits, log), nothing of the arena's own yet. A setting the arena adds goes here.
 */
export type ArenaConfig = RoomOptions;

/**
 * Applies the defaults and checks every setting against the arena's tick rate: a RangeError
 * names the setting and the value (`arena snapshotRate must be …`).
 */
export function resolveConfig(config: ArenaConfig): ResolvedRoomOptions {
  return resolveRoomOptions(config, TICK_RATE, 'arena');
}

const encoder = new SnapshotCodec();
const decoder = new SnapshotCodec();
// Stryker disable next-line ObjectLiteral: decode fills every field before anything reads one
const header: SnapshotHeader = { tick: 0, ack: 0, missed: 0, slot: 0 };

/**
 * The arena as `@loop/net` hosts it: its wire (protocol.ts), its eight seats, and its World's
 * own calls. The room (the tick, inputs, snapshots, guards, recording) is the package's; this is
 * all it needs to know of the game. A recording replays with
 * `replaySession(arenaGame, Recording.fromBytes(bytes, SIMULATION_BUILD))` (`@loop/net/server`).
 */
export const arenaGame: NetGame<World> = {
  wire,
  maxPlayers: MAX_PLAYERS,
  build: SIMULATION_BUILD,
  create: (seed) => new World(seed),
  join: (world, slot) => world.join(slot),
  leave: (world, slot) => world.leave(slot),
  inputsOf: (world) => world.inputs,
  step: (world) => world.step(),
  encode: (world) => {
    encoder.encode(world);
    return encoder.frame;
  },
  decode: (snapshot, world) => decoder.decode(snapshot, world, header),
  hash: (world) => hashNumbers(world.state),
};

/**
 * One match: the authoritative arena, stepped at TICK_RATE from the inputs clients sent for each
 * tick by `@loop/net`'s fixed-step room, which gives every kind of bad input a defined outcome
 * (its README's hardening): whatever a client sends costs at most its own seat. Configure it with
 * {@link arenaRoom} (server code), never with join options (a stranger's).
 */
export class ArenaRoom extends FixedStepRoom<World> {
  /** Every arena room of this process that has not been disposed (the operators' routes read them). */
  static override readonly live: Set<ArenaRoom & LiveRoom> = new Set();
  protected readonly game = arenaGame;
  protected override options: RoomOptions = resolveConfig({});

  /** The authoritative world. */
  get world(): World {
    return this.driver.state;
  }

  /** Called after every step with the world (tests). */
  get onStep(): ((world: World, tick: number) => void) | undefined {
    return this.driver.onStep;
  }
  set onStep(listener: ((world: World, tick: number) => void) | undefined) {
    this.driver.onStep = listener;
  }
}

/**
 * A room class with the server's settings baked in and checked now (a RangeError names the
 * setting): `server.define('arena', arenaRoom({ snapshotRate: 30 }))`.
 */
export function arenaRoom(config: ArenaConfig = {}): typeof ArenaRoom {
  const resolved = resolveConfig(config);
  return class ConfiguredArenaRoom extends ArenaRoom {
    protected override options = resolved;
  };
}
