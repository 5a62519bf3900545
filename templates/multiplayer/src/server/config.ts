import { type ResolvedRoomOptions, type RoomOptions, resolveRoomOptions } from '@loop/net/server';
import { TICK_RATE } from '../shared/arena';

/**
 * Settings of an arena room, given by server code (never by a client): @loop/net's room options
 * (snapshot rate up to TICK_RATE, reconnection window, recording, seed, scheduler, clock,
 * limits, log), nothing of the arena's own yet. A setting the arena adds goes here.
 */
export type ArenaConfig = RoomOptions;

/** An {@link ArenaConfig} with every default applied. */
export type ResolvedArenaConfig = ResolvedRoomOptions;

/**
 * Applies the defaults and checks every setting against the arena's tick rate: a RangeError
 * names the setting and the value (`arena snapshotRate must be …`).
 */
export function resolveConfig(config: ArenaConfig): ResolvedArenaConfig {
  return resolveRoomOptions(config, TICK_RATE, 'arena');
}
