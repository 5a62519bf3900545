import { liveRoomsSource, type OperatorSource } from '@loop/net/colyseus';
import { ArenaRoom } from './arena-room';

/**
 * What the operators' routes of @loop/net's startServer (GET /stats, GET /recording/<roomId>)
 * read of this game: its live arena rooms, through the package's liveRoomsSource (every room's
 * figures, and a room's recorded session as bytes for a bug report: replay it with
 * `replaySession(arenaGame, Recording.fromBytes(bytes, SIMULATION_BUILD))`). The routes
 * themselves, and their port of their own, are the package's.
 */
export const arenaRooms: OperatorSource = liveRoomsSource(ArenaRoom.live);
