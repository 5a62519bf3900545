import {
  type GameServer,
  liveRoomsSource,
  type StartOptions,
  startServer as startHost,
} from '@loop/net/colyseus';
import { type ArenaConfig, ArenaRoom, arenaRoom } from './arena-room';

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
 * Starts the game server: @loop/net's startServer (Colyseus over WebSockets, matchmaking, the
 * creation gate, the operators' port) with this game's one room type as `'arena'`, its settings
 * checked before anything listens (a RangeError names the setting), and its live rooms for the
 * operators' routes (GET /stats lists their figures; GET /recording/<roomId> gives a room's
 * session for a bug report: replay it with `replaySession(arenaGame, Recording.fromBytes(bytes,
 * SIMULATION_BUILD))`). What `npm run dev`'s plugin, scripts/game.mjs and the tests start.
 */
export function startServer(options: ArenaStartOptions = {}): Promise<GameServer> {
  const { arena, ...host } = options;
  const rooms = { arena: arenaRoom(arena) };
  return startHost({ rooms, operator: liveRoomsSource(ArenaRoom.live), ...host });
}
