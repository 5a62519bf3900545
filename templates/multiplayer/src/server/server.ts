import {
  type GameServer,
  liveRoomsSource,
  type StartOptions,
  startServer as startHost,
} from '@loop/net/colyseus';
import { ArenaRoom, arenaRoom } from './arena-room';
import type { ArenaConfig } from './config';

export type { GameServer, ProcessStats } from '@loop/net/colyseus';

/**
 * Options of {@link startServer}: @loop/net's (ports, page, Redis, matchmaking limits: see its
 * README's "Hosting") and the arena's settings.
 */
export interface ArenaStartOptions extends Omit<StartOptions, 'rooms' | 'operator'> {
  /** Settings of every arena room. */
  arena?: ArenaConfig;
}

/**
 * What this game gives @loop/net's startServer: its one room type as `'arena'`, its settings
 * checked here (a RangeError names the setting) before anything listens, and its live rooms for
 * the operators' routes (GET /stats lists their figures; GET /recording/<roomId> gives a room's
 * session for a bug report: replay it with `replaySession(arenaGame, Recording.fromBytes(bytes,
 * SIMULATION_BUILD))`). The scripts (start.mjs, game-server.mjs) pass it too.
 */
export function arenaHost(arena: ArenaConfig = {}): Pick<StartOptions, 'rooms' | 'operator'> {
  return { rooms: { arena: arenaRoom(arena) }, operator: liveRoomsSource(ArenaRoom.live) };
}

/**
 * Starts the game server: Colyseus with the arena room over WebSockets, matchmaking, the
 * creation gate and the operators' port, all @loop/net's (`npm run dev`'s plugin, the tests).
 */
export function startServer(options: ArenaStartOptions = {}): Promise<GameServer> {
  const { arena, ...host } = options;
  return startHost({ ...arenaHost(arena), ...host });
}
