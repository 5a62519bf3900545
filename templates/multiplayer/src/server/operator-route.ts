import type { OperatorSource, RoomLoad } from '@loop/net/colyseus';
import { ArenaRoom } from './arena-room';

/**
 * What the operators' routes of @loop/net's startServer (GET /stats, GET /recording/<roomId>)
 * read of this game: every live arena room's figures, and a room's recorded session as bytes
 * for a bug report (replay it with `replaySession(Recording.fromBytes(bytes,
 * SIMULATION_BUILD))`). The routes themselves, and their port of their own, are the package's.
 */
export const arenaRooms: OperatorSource = {
  *rooms(): Iterable<RoomLoad> {
    for (const room of ArenaRoom.live) {
      yield {
        roomId: room.roomId,
        clients: room.clients.length,
        ...room.stats,
        droppedMs: room.loop.stats.dropped,
      };
    }
  },
  recording(roomId) {
    const room = [...ArenaRoom.live].find((r) => r.roomId === roomId);
    return room?.recorder?.recording().toBytes();
  },
};
