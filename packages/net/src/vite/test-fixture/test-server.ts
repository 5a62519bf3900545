/**
 * A game's server module as the Vite plugin's tests load it (test support, never built): a
 * stand-in room (`arena`, a pong with its id to every ping) on @loop/net's startServer.
 */
import { type Client, Room } from '@colyseus/core';
import { type GameServer, startServer as start } from '../../colyseus/host/server.js';

class PingRoom extends Room {
  override onCreate(): void {
    this.maxClients = 8;
    this.onMessage('ping', (client: Client) => client.send('pong', this.roomId));
  }
}

/** What a game's server module exports for the plugin: startServer on `port`. */
export function startServer(options: { port: number }): Promise<GameServer> {
  return start({ ...options, rooms: { arena: PingRoom } });
}
