/**
 * A game's server and load test modules as its scripts load them through Vite (test support,
 * never built): a pong room (`arena`) and the load test's stand-in room (`duel`, with its
 * /stats) on @loop/net's startServer, and the `load` its bots play.
 */
import { type Client, Room } from '@colyseus/core';
import { benchGame, SEATS, WireRoom, wireRooms } from '../../bench/test-bench.js';
import {
  type GameServer,
  type StartOptions,
  startServer as start,
} from '../../colyseus/host/server.js';

class PingRoom extends Room {
  override onCreate(): void {
    this.maxClients = 8;
    this.onMessage('ping', (client: Client) => client.send('pong', this.roomId));
  }
}

/** What a game's server module exports: startServer with its rooms. */
export function startServer(options: StartOptions = {}): Promise<GameServer> {
  return start({ ...options, rooms: { arena: PingRoom, duel: WireRoom }, operator: wireRooms });
}

/** What a game's load test module exports. */
export const load = { game: benchGame, roomName: 'duel', maxPlayers: SEATS };
