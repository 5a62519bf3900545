import type { OperatorSource, RoomLoad } from '../host/operator-route.js';
import type { LiveRoom } from './fixed-step-room.js';

/**
 * What the operators' routes (`GET /stats`, `GET /recording/<roomId>`) read of a game's rooms, from
 * a set of live rooms (`FixedStepRoom.live`, or a game room class's own): every room's figures,
 * and a room's recorded session as bytes for a bug report (`replaySession` replays it).
 */
export function liveRoomsSource(live: Iterable<LiveRoom>): OperatorSource {
  return {
    *rooms(): Iterable<RoomLoad> {
      for (const room of live) {
        yield {
          roomId: room.roomId,
          clients: room.clients.length,
          ...room.stats,
          droppedMs: room.loop.stats.dropped,
        };
      }
    },
    recording(roomId) {
      for (const room of live) if (room.roomId === roomId) return room.recordingBytes();
      return undefined;
    },
  };
}
